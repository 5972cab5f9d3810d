package io.unboundedcloud.racer.krm.diff;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The findings of diff's JSON report, each with its side, its side's path, its object and file,
 * read back by SnakeYAML (JSON is YAML) rather than compared as text.
 */
@DisplayName("JsonReport: each finding with its side, path, object, file and field")
class JsonReportFindingsTest {
  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> findings(SideFinding... findings) {
    DiffReport report = new DiffReport(List.of(), 0).withFindings(List.of(findings));
    Map<String, Object> tree = new Yaml().load(JsonReport.of(report));
    return (List<Map<String, Object>>) tree.get("findings");
  }

  private static Map<String, Object> entry(Object... keysAndValues) {
    Map<String, Object> entry = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      entry.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return entry;
  }

  @Test
  @DisplayName(
      "about an object of OLD read from a file: old, the path, the object, its file and field")
  void aboutAnObject() {
    ResourceRef settings =
        new ResourceRef("v1", "ConfigMap", "racer-settings", "racer", "old/settings.yaml", 0);
    SideFinding finding =
        new SideFinding(
            Side.OLD, "old", Result.of(Severity.WARNING, "unknown key", settings, "data.X"));

    assertThat(findings(finding))
        .containsExactly(
            entry(
                "side", "old",
                "path", "old",
                "severity", "warning",
                "message", "unknown key",
                "object",
                    entry(
                        "apiVersion", "v1",
                        "kind", "ConfigMap",
                        "namespace", "racer",
                        "name", "racer-settings"),
                "file", "old/settings.yaml",
                "field", "data.X"));
  }

  @Test
  @DisplayName("about no object, of NEW: new, no object, no file, no field")
  void aboutNothing() {
    SideFinding finding = new SideFinding(Side.NEW, "-", Result.error("no objects"));

    assertThat(findings(finding))
        .containsExactly(
            entry(
                "side", "new",
                "path", "-",
                "severity", "error",
                "message", "no objects",
                "object", null,
                "file", null,
                "field", null));
  }

  @Test
  @DisplayName("about a file that is not read: no object, and that file")
  void aboutAnUnreadFile() {
    SideFinding finding =
        SideSource.of(Side.NEW, "new")
            .unreadFile("new/kustomization.yaml", "new/kustomization.yaml is not read");

    assertThat(findings(finding))
        .containsExactly(
            entry(
                "side", "new",
                "path", "new",
                "severity", "warning",
                "message", "new/kustomization.yaml is not read",
                "object", null,
                "file", "new/kustomization.yaml",
                "field", null));
    assertThat(finding.toLine())
        .isEqualTo("warning: NEW (new): new/kustomization.yaml is not read");
  }
}
