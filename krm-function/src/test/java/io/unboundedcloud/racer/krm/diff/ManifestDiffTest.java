package io.unboundedcloud.racer.krm.diff;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@link ManifestDiff} on plain trees built here: how a field is listed, and an object twice. */
@DisplayName("ManifestDiff: the changes of two sides")
class ManifestDiffTest {
  private static final SideSource OLD = SideSource.of(Side.OLD, "old");
  private static final SideSource NEW = SideSource.of(Side.NEW, "new");

  private static Map<String, Object> configMap(Map<String, Object> annotations) {
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put("name", "extra");
    metadata.put("namespace", "racer");
    if (annotations != null) {
      metadata.put("annotations", annotations);
    }
    Map<String, Object> object = new LinkedHashMap<>();
    object.put("apiVersion", "v1");
    object.put("kind", "ConfigMap");
    object.put("metadata", metadata);
    return object;
  }

  private static Map<String, Object> twoAnnotations() {
    Map<String, Object> annotations = new LinkedHashMap<>();
    annotations.put("a", "x");
    annotations.put("b", "y");
    return annotations;
  }

  private static List<FieldChange> fields(Map<String, Object> before, Map<String, Object> after) {
    ManifestDiff.Compared compared =
        ManifestDiff.compare(OLD, List.of(before), NEW, List.of(after));
    assertThat(compared.findings()).isEmpty();
    return compared.report().objects().get(0).fields();
  }

  private static FieldPath annotation(String key) {
    return FieldPath.of("metadata.annotations").key(key);
  }

  @Test
  @DisplayName(
      "a map written on the new side only: each of its keys a field, from none to its value")
  void mapAdded() {
    List<FieldChange> fields = fields(configMap(null), configMap(twoAnnotations()));

    assertThat(fields)
        .extracting(f -> f.path().toString(), FieldChange::before, FieldChange::after)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(annotation("a").toString(), null, "x"),
            org.assertj.core.groups.Tuple.tuple(annotation("b").toString(), null, "y"));
  }

  @Test
  @DisplayName("a map on the old side only: each of its keys a field, from its value to none")
  void mapRemoved() {
    List<FieldChange> fields = fields(configMap(twoAnnotations()), configMap(null));

    assertThat(fields)
        .extracting(f -> f.path().toString(), FieldChange::before, FieldChange::after)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(annotation("a").toString(), "x", null),
            org.assertj.core.groups.Tuple.tuple(annotation("b").toString(), "y", null));
  }

  @Test
  @DisplayName("a value that changes inside a map on both sides: that one field, old and new")
  void valueChanged() {
    Map<String, Object> changed = twoAnnotations();
    changed.put("b", "z");
    List<FieldChange> fields = fields(configMap(twoAnnotations()), configMap(changed));

    assertThat(fields)
        .extracting(f -> f.path().toString(), FieldChange::before, FieldChange::after)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(annotation("b").toString(), "y", "z"));
  }

  @Test
  @DisplayName("an object twice on the new side: an error of NEW about that object, and no report")
  void twice() {
    ManifestDiff.Compared compared =
        ManifestDiff.compare(
            OLD, List.of(configMap(null)), NEW, List.of(configMap(null), configMap(null)));

    assertThat(compared.report()).isNull();
    assertThat(compared.findings()).hasSize(1);
    SideFinding finding = compared.findings().get(0);
    assertThat(finding.side()).isEqualTo(Side.NEW);
    assertThat(finding.result().message())
        .isEqualTo(
            "ConfigMap racer/extra (v1) is twice on the new side; an object can be applied once:"
                + " remove one");
    assertThat(finding.result().resource())
        .isEqualTo(new ResourceRef("v1", "ConfigMap", "extra", "racer", null, null));
  }
}
