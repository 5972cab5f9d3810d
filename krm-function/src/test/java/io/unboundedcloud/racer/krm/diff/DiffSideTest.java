package io.unboundedcloud.racer.krm.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * What diff compares of an object: not the annotations kustomize and kpt add to name where it came
 * from, which differ between two builds of one thing.
 */
@DisplayName("DiffSide: an object as diff compares it")
class DiffSideTest {
  /** A mutable tree, as the reader makes it. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> tree(Map<String, ?> map) {
    Map<String, Object> copy = new LinkedHashMap<>();
    map.forEach(
        (key, value) ->
            copy.put(key, value instanceof Map<?, ?> inner ? tree((Map<String, ?>) inner) : value));
    return copy;
  }

  /** racer-settings with these annotations. */
  private static Map<String, Object> settingsAnnotated(Map<String, String> annotations) {
    return tree(
        Map.of(
            "kind",
            "ConfigMap",
            "metadata",
            Map.of("name", "racer-settings", "annotations", annotations)));
  }

  @Nested
  @DisplayName("the annotations that name an object's source")
  class SourceAnnotations {
    @Test
    @DisplayName("kustomize's and kpt's are dropped, the user's kept")
    void dropped() {
      Map<String, Object> object =
          settingsAnnotated(
              Map.of(
                  "config.kubernetes.io/index", "0",
                  "internal.config.kubernetes.io/path", "settings.yaml",
                  "team.example.com/owner", "cache"));

      assertThat(DiffSide.comparable(object).get("metadata"))
          .isEqualTo(
              Map.of(
                  "name",
                  "racer-settings",
                  "annotations",
                  Map.of("team.example.com/owner", "cache")));
    }

    @Test
    @DisplayName("an object with only those: no annotations left at all")
    void onlySource() {
      Map<String, Object> object = settingsAnnotated(Map.of("config.kubernetes.io/index", "0"));

      assertThat(DiffSide.comparable(object).get("metadata"))
          .isEqualTo(Map.of("name", "racer-settings"));
    }

    @Test
    @DisplayName("an object without metadata: compared as it is")
    void noMetadata() {
      Map<String, Object> object = tree(Map.of("kind", "ConfigMap", "data", Map.of("a", "b")));

      assertThat(DiffSide.comparable(object))
          .isEqualTo(Map.of("kind", "ConfigMap", "data", Map.of("a", "b")));
    }
  }
}
