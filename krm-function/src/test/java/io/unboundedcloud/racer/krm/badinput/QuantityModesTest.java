package io.unboundedcloud.racer.krm.badinput;

import static io.unboundedcloud.racer.krm.harness.ResourceLists.FUNCTION_CONFIG;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.NAMESPACE;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.REGISTRY;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.asDocument;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.cacheOriginEntry;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.existingDataplaneEntry;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.resourceList;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.settingsEntry;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.InputFolder;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.workload.QuantityTexts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A quantity a user wrote in an object the function reads (the existing dataplane DaemonSet's
 * limits, a cache origin's requests), from a sample of the generated class, through every mode that
 * reads such objects: function mode, render, diff (a side with a function config is rendered),
 * verify and adopt (a rendered stream, as kubectl prints it). Admitted by the grammar: the run
 * succeeds. Refused: exit 1, no stack trace, the message names the value, the object, its file and
 * the field, and shows examples; function mode keeps every item.
 */
@Tag("slow")
@DisplayName("A quantity in an object the function reads, through every mode that reads it")
class QuantityModesTest {
  private static final String DATAPLANE_FIELD =
      "spec.template.spec.containers[0].resources.limits.memory";
  private static final String ORIGIN_FIELD =
      "spec.template.spec.containers[0].resources.requests.memory";
  private static final String PROBLEM =
      "expected a quantity such as 100Mi or 0.5, found the string";

  /** Where the quantity goes: the object, its file in a folder, and the field. */
  enum Place {
    DATAPLANE("racer/racer", "dataplane.yaml", DATAPLANE_FIELD),
    ORIGIN("racer/models-origin", "origin.yaml", ORIGIN_FIELD);

    final String object;
    final String file;
    final String field;

    Place(String object, String file, String field) {
      this.object = object;
      this.file = file;
      this.field = field;
    }
  }

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (String text : QuantityTexts.sample()) {
      for (Place place : Place.values()) {
        cases.add(Arguments.of(place, text));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "[{index}] {0} \"{1}\"")
  @MethodSource("cases")
  @DisplayName("function mode: read when admitted; else one error at the field, items kept")
  void functionMode(Place place, String text) {
    String input =
        resourceList(
            List.of(
                settingsEntry(NAMESPACE, Map.of()),
                dataplane(place == Place.DATAPLANE ? text : "1Gi"),
                origin(place == Place.ORIGIN ? text : "1Gi")),
            FUNCTION_CONFIG);
    KrmRun run = KrmRun.function(input);
    if (QuantityTexts.admitted(text)) {
      assertThat(run.exitCode()).as(run.describe()).isZero();
      return;
    }
    Map<String, Object> error = Verdict.assertRefusedKeepingItems(input, run).onlyError();
    assertThat((String) error.get("message")).contains(place.field + ": " + PROBLEM, "512Mi");
    assertThat(error.get("field")).isEqualTo(Map.of("path", place.field));
    assertThat(Verdict.<Map<String, Object>>cast(error.get("resourceRef")))
        .containsEntry("kind", "DaemonSet")
        .containsEntry("name", place.object.substring(place.object.indexOf('/') + 1));
  }

  @ParameterizedTest(name = "[{index}] {0} \"{1}\"")
  @MethodSource("cases")
  @DisplayName("render and diff: rendered when admitted; else the error names object, file, field")
  void renderAndDiff(Place place, String text, @TempDir Path dir) {
    Path folder = folder(dir.resolve("new"), place, text);
    Path old = folder(dir.resolve("old"), place, "1Gi");
    KrmRun render = KrmRun.command("render", folder.toString());
    KrmRun diff = KrmRun.command("diff", old.toString(), folder.toString());
    if (QuantityTexts.admitted(text)) {
      assertThat(render.exitCode()).as(render.describe()).isZero();
      assertThat(diff.stderr()).as(diff.describe()).doesNotContain("error");
      return;
    }
    for (KrmRun run : List.of(render, diff)) {
      Verdict.assertNoJavaInternals(run.stderr(), "stderr");
      assertThat(run.exitCode()).as(run.describe()).isEqualTo(1);
      assertThat(run.stderr())
          .as(run.describe())
          .contains(
              place.field + ": " + PROBLEM,
              "[DaemonSet " + place.object + " in " + folder.resolve(place.file),
              "field " + place.field + "]");
    }
    assertThat(render.stdout()).isEmpty();
  }

  @ParameterizedTest(name = "[{index}] {0} \"{1}\"")
  @MethodSource("cases")
  @DisplayName("verify and adopt of a rendered stream: refused the same way, naming the stream")
  void verifyAndAdopt(Place place, String text, @TempDir Path dir) throws IOException {
    Path good = folder(dir.resolve("good"), place, "777Mi");
    KrmRun render = KrmRun.command("render", good.toString());
    assertThat(render.exitCode()).as(render.describe()).isZero();
    assertThat(render.stdout()).containsOnlyOnce("777Mi");
    Path stream = dir.resolve("installation.yaml");
    // the output keeps the quotes an origin's value had; the dataplane's is written anew
    String rendered = render.stdout();
    String written = rendered.contains("\"777Mi\"") ? "\"777Mi\"" : "777Mi";
    Files.writeString(stream, rendered.replace(written, QuantityTexts.yamlQuoted(text)));
    KrmRun verify = KrmRun.command("verify", stream.toString());
    KrmRun adopt = KrmRun.command("adopt", stream.toString());
    List<KrmRun> runs = List.of(verify, adopt);
    if (QuantityTexts.admitted(text)) {
      runs.forEach(run -> assertThat(run.stderr()).as(run.describe()).doesNotContain(PROBLEM));
      return;
    }
    for (KrmRun run : runs) {
      Verdict.assertNoJavaInternals(run.stderr(), "stderr");
      assertThat(run.exitCode()).as(run.describe()).isEqualTo(1);
      assertThat(run.stderr())
          .as(run.describe())
          .contains(place.field + ": " + PROBLEM, "in " + stream, "field " + place.field + "]");
    }
  }

  /** A folder of racer-settings, a function config and the two DaemonSets, text at place. */
  private static Path folder(Path folder, Place place, String text) {
    return InputFolder.of()
        .settings(Map.of())
        .functionConfig(Map.of("imageRegistry", REGISTRY))
        .file(Place.DATAPLANE.file, asDocument(dataplane(place == Place.DATAPLANE ? text : "1Gi")))
        .file(Place.ORIGIN.file, asDocument(origin(place == Place.ORIGIN ? text : "2Gi")))
        .writeTo(folder);
  }

  /** The existing dataplane DaemonSet, its memory limit {@code text}, as a list entry. */
  private static String dataplane(String text) {
    return existingDataplaneEntry(
        "template:\n  spec:\n    containers:\n    - name: dataplane\n      resources:\n"
            + "        limits: {memory: "
            + QuantityTexts.yamlQuoted(text)
            + "}\n");
  }

  /** The cache origin, its memory request {@code text}, as a list entry. */
  private static String origin(String text) {
    return cacheOriginEntry(
        "containers:\n- name: origin\n  image: registry.example.com/origin:1\n  resources:\n"
            + "    requests: {memory: "
            + QuantityTexts.yamlQuoted(text)
            + "}\n");
  }
}
