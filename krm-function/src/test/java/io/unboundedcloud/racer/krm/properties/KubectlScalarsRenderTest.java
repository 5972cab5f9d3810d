package io.unboundedcloud.racer.krm.properties;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.ResourceLists;
import io.unboundedcloud.racer.krm.tree.KubectlScalar;
import io.unboundedcloud.racer.krm.tree.KubectlScalarForms;
import io.unboundedcloud.racer.krm.tree.KubectlScalarForms.Form;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * The run end to end, in function mode, on the string fields the function reads and copies: the
 * node selector and a toleration's value of the racer DaemonSet a user patched (copied onto every
 * cache origin), and the same fields of a cache origin. Every plain form go-yaml v2.4 reads as a
 * number or a boolean ({@link KubectlScalarForms}) is an error naming the field and the quoted line
 * to write, exit 1, every item given back as it came; every form it reads as a string, and every
 * form quoted, renders unchanged on the DaemonSet and on the origin.
 */
@Tag("slow")
@DisplayName("A plain number or boolean where Kubernetes wants a string: refused, never converted")
class KubectlScalarsRenderTest {

  /** Where a form goes: the racer DaemonSet's or the origin's node selector or toleration. */
  enum Place {
    DAEMONSET_SELECTOR("spec.template.spec.nodeSelector.zone", "zone"),
    DAEMONSET_TOLERATION("spec.template.spec.tolerations[0].value", "value"),
    ORIGIN_SELECTOR("spec.template.spec.nodeSelector.zone", "zone"),
    ORIGIN_TOLERATION("spec.template.spec.tolerations[0].value", "value");

    final String field;
    final String key;

    Place(String field, String key) {
      this.field = field;
      this.key = key;
    }

    String input(String value) {
      String zone = this == DAEMONSET_SELECTOR || this == ORIGIN_SELECTOR ? value : "a";
      String toleration = this == DAEMONSET_TOLERATION || this == ORIGIN_TOLERATION ? value : "b";
      String placement = placement(zone, toleration);
      boolean onOrigin = this == ORIGIN_SELECTOR || this == ORIGIN_TOLERATION;
      return KubectlScalarsRenderTest.input(
          onOrigin ? placement("a", "b") : placement, onOrigin ? placement : "");
    }
  }

  @Test
  @DisplayName(
      "every form kubectl reads as a number or a boolean, written plain: an error naming the field"
          + " and the quoted line, exit 1, every item kept")
  void refused() {
    List<String> failures = new ArrayList<>();
    int cases = 0;
    for (Form form : KubectlScalarForms.all()) {
      if (form.type() != KubectlScalar.NUMBER && form.type() != KubectlScalar.BOOLEAN) {
        continue;
      }
      for (Place place : Place.values()) {
        cases++;
        String in = place.input(form.text());
        KrmRun run = KrmRun.function(in);
        String quoteIt = "quote it: " + place.key + ": \"" + form.text() + "\"";
        String problem = null;
        if (run.exitCode() != 1) {
          problem = "exit " + run.exitCode();
        } else if (run.stderrLines().stream()
            .noneMatch(
                line ->
                    line.startsWith("error: ")
                        && line.contains(place.field + ": expected a string, found " + form.text())
                        && line.contains(quoteIt)
                        && line.endsWith("field " + place.field + "]"))) {
          problem = "no error line naming " + place.field + " and " + quoteIt;
        } else if (!texts(ResourceListGenerator.read(run.stdout()).items())
            .equals(texts(ResourceListGenerator.read(in).items()))) {
          problem = "the items changed";
        } else if (run.stderr().contains("internal error")) {
          problem = "an internal error";
        }
        if (problem != null) {
          failures.add(place + " = " + form + ": " + problem + "\n" + run.describe());
        }
      }
    }
    assertThat(failures).as("%d of %d cases", failures.size(), cases).isEmpty();
    assertThat(cases).as("cases").isGreaterThan(4 * 150);
  }

  @Test
  @DisplayName(
      "every form kubectl reads as a string written plain, and every form quoted: on the racer"
          + " DaemonSet and copied onto the origin unchanged")
  void keptAsWritten() {
    Map<String, String> expected = new LinkedHashMap<>();
    StringBuilder selector = new StringBuilder("{");
    int i = 0;
    for (Form form : KubectlScalarForms.all()) {
      if (form.type() == KubectlScalar.STRING) {
        selector.append("plain").append(i).append(": ").append(form.text()).append(", ");
        expected.put("plain" + i, form.text());
      }
      selector.append("quoted").append(i).append(": \"").append(form.text()).append("\", ");
      expected.put("quoted" + i, form.text());
      i++;
    }
    selector.append("zone: a}");
    expected.put("zone", "a");
    String in = input(placement(selector.toString(), "b"), "");
    KrmRun run = KrmRun.function(in);
    assertThat(run.exitCode()).as(run.describe()).isZero();
    Map<String, Object> daemonSet = null;
    Map<String, Object> origin = null;
    for (MappingNode item : ResourceListGenerator.read(run.stdout()).items()) {
      Map<String, Object> plain = Nodes.toPlainMap(item);
      String name = String.valueOf(((Map<?, ?>) plain.get("metadata")).get("name"));
      if (name.equals("racer") && "DaemonSet".equals(plain.get("kind"))) {
        daemonSet = plain;
      } else if (name.equals("models-origin")) {
        origin = plain;
      }
    }
    assertThat(nodeSelector(daemonSet)).as("the DaemonSet's node selector").isEqualTo(expected);
    assertThat(nodeSelector(origin)).as("the origin's node selector").isEqualTo(expected);
    KrmRun again = KrmRun.function(run.stdoutWithoutResults());
    assertThat(again.exitCode()).as(again.describe()).isZero();
    assertThat(again.stdoutWithoutResults()).as("run again").isEqualTo(run.stdoutWithoutResults());
  }

  private static Object nodeSelector(Map<String, Object> object) {
    assertThat(object).isNotNull();
    Map<?, ?> spec = (Map<?, ?>) object.get("spec");
    Map<?, ?> template = (Map<?, ?>) spec.get("template");
    return ((Map<?, ?>) template.get("spec")).get("nodeSelector");
  }

  /** A pod spec's placement: a node selector (flow YAML, or one zone) and one toleration. */
  private static String placement(String zone, String tolerationValue) {
    return (zone.startsWith("{") ? "nodeSelector: " + zone : "nodeSelector: {zone: " + zone + "}")
        + "\ntolerations:\n- {key: gpu, operator: Equal, value: "
        + tolerationValue
        + ", effect: NoSchedule}\n";
  }

  /**
   * settings, the racer DaemonSet patched with {@code dataplanePlacement}, and a cache origin with
   * {@code originPlacement} (none when empty) besides its container.
   */
  private static String input(String dataplanePlacement, String originPlacement) {
    return ResourceLists.of()
        .settings(Map.of())
        .existingDataplane(
            "selector:\n  matchLabels: {app.kubernetes.io/name: racer}\ntemplate:\n  spec:\n"
                + dataplanePlacement.indent(4))
        .cacheOrigin(originPlacement + "containers: [{name: origin, image: origin:1}]\n")
        .functionConfig(Map.of("imageRegistry", ResourceLists.REGISTRY))
        .text();
  }

  private static List<String> texts(List<MappingNode> items) {
    return items.stream().map(item -> YamlWriter.manifests(List.of(item))).toList();
  }
}
