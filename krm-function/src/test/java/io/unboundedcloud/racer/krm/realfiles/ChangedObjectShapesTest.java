package io.unboundedcloud.racer.krm.realfiles;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.PlainYamlParser;
import io.unboundedcloud.racer.krm.harness.ResourceLists;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The node shapes of issue 42 in objects the function writes again: a cache origin that gets the
 * dataplane's placement (so the function rewrites it) and racer-settings (which it reads). Every
 * shape comes out in kyaml's text (as {@code KeyShapesTest} and {@code ScalarShapesTest} hold it
 * against kpt's), the output parses, and the function on its own output changes nothing.
 */
@DisplayName("In function mode, a changed cache origin and racer-settings holding every node shape")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ChangedObjectShapesTest {

  /** Fields of the cache origin, in kyaml's text (as kpt sends them), at the object's indent. */
  private static final List<String> ORIGIN_SHAPES =
      List.of(
          "    ? [a, b]\n    : v\n",
          "    ? g: h\n      i: j\n    : blockmap\n",
          "    ? - - a\n        - b\n    : seqseq\n",
          "    ? !t\n    - a\n    : tagseq\n",
          "    ? |\n      literal\n      key\n    : v2\n",
          "    \"lit\": v4\n",
          "    ?\n    : nullkey\n",
          "    named.conf: |\n      options {\n      \tdirectory \"/var\";\n      };\n",
          "    folded: >\n      a\tb c\n\n",
          "    local: !<tag:example.com,2000:x> v\n",
          "    c: !!str\n",
          "    i: !!map\n      a: b\n",
          "    k: !!seq\n    - a\n");

  private static final String ORIGIN =
      """
      apiVersion: apps/v1
      kind: DaemonSet
      metadata:
        name: models-origin
        namespace: racer
        labels:
          racer.unbounded-cloud.io/cache-origin: models
      x-shapes:
      """
          + String.join("", ORIGIN_SHAPES).replace("\n    ", "\n  ").replaceFirst("^    ", "  ")
          + """
      spec:
        selector:
          matchLabels: {app: models-origin}
        template:
          metadata:
            labels: {app: models-origin}
          spec:
            containers:
            - name: origin
              image: registry.example.com/origin:1.0
      """;

  private static final String SETTINGS =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: racer-settings
        namespace: racer
        annotations:
          notes: |
            first	tab
          tagged: !!str 123
          empty: !!str
      data:
        RACER_NVIDIA: !!str off
      """;

  private final String sent =
      ResourceLists.of()
          .item(SETTINGS)
          .item(ORIGIN)
          .functionConfig(Map.of("imageRegistry", "registry.example.com/racer"))
          .text();
  private final KrmRun first = KrmRun.function(sent);

  @Test
  @DisplayName(
      "renders (exit 0) and gives the cache origin the placement (its affinity), into output that"
          + " parses")
  void renders() {
    assertThat(first.exitCode()).as(first.describe()).isZero();
    PlainYamlParser.assertComposes(first.stdout(), "the output");
    assertThat(ORIGIN).doesNotContain("affinity");
    assertThat(originText()).contains("affinity:\n          nodeAffinity:\n");
  }

  @Test
  @DisplayName("writes every shape of the changed cache origin as kyaml writes it")
  void originShapes() {
    String origin = originText();
    for (String shape : ORIGIN_SHAPES) {
      assertThat(origin).as("the cache origin").contains(shape);
    }
  }

  @Test
  @DisplayName(
      "gives racer-settings back byte for byte, its literal block with a tab and tags kept")
  void settingsShapes() {
    assertThat(first.stdout())
        .contains(
            "    annotations:\n      notes: |\n        first\ttab\n      tagged: !!str 123\n"
                + "      empty: !!str\n  data:\n    RACER_NVIDIA: !!str off\n");
  }

  @Test
  @DisplayName("gives the same output when run on its own output")
  void stable() {
    assertThat(KrmRun.function(first.stdoutWithoutResults()).stdout()).isEqualTo(first.stdout());
  }

  private String originText() {
    String out = first.stdout();
    int start = out.indexOf("    name: models-origin\n");
    assertThat(start).as("the cache origin in the output").isPositive();
    int end = out.indexOf("\n- ", start);
    return out.substring(start, end < 0 ? out.length() : end);
  }
}
