package io.unboundedcloud.racer.krm.yaml;

import static io.unboundedcloud.racer.krm.yaml.YamlText.readManifests;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.nodes.MappingNode;

@DisplayName("Nodes")
class NodesTest {

  private static MappingNode object(String yaml) {
    return readManifests(yaml).get(0);
  }

  private static String yaml(MappingNode object) {
    return YamlWriter.manifests(List.of(object));
  }

  @Nested
  @DisplayName("reading")
  class Reading {

    private final MappingNode deployment =
        object(
            "kind: Deployment\nmetadata:\n  name: web\n  annotations:\n"
                + "    a: '0'\n    nothing: ~\nspec:\n  ports: [8082]\n");

    @Test
    @DisplayName("finds a value by key path")
    void path() {
      assertThat(Nodes.getText(deployment, "metadata", "annotations", "a")).isEqualTo("0");
      assertThat(Nodes.getMapping(deployment, "metadata", "annotations")).isNotNull();
      assertThat(Nodes.toPlain(Nodes.get(deployment, "spec", "ports"))).isEqualTo(List.of(8082));
    }

    @Test
    @DisplayName("finds nothing for a missing key, a null, or a path through a scalar")
    void missing() {
      assertThat(Nodes.get(deployment, "metadata", "labels")).isNull();
      assertThat(Nodes.getText(deployment, "metadata", "annotations", "nothing")).isNull();
      assertThat(Nodes.get(deployment, "metadata", "annotations", "nothing")).isNotNull();
      assertThat(Nodes.get(deployment, "kind", "deeper")).isNull();
      assertThat(Nodes.getMapping(deployment, "kind")).isNull();
      assertThat(Nodes.getMapping(deployment, "spec", "ports"))
          .as("a sequence is not a mapping")
          .isNull();
      assertThat(Nodes.getText(deployment, "spec")).isNull();
    }
  }

  @Nested
  @DisplayName("editing")
  class Editing {

    @Test
    @DisplayName("replaces a value where it was, keeping the comment on its line")
    void replaceInPlace() {
      MappingNode object = object("kind: A\nmetadata:\n  name: web # trailing\n  namespace: x\n");

      Nodes.put(Nodes.getMapping(object, "metadata"), "name", "other");

      assertThat(yaml(object))
          .isEqualTo("kind: A\nmetadata:\n  name: other # trailing\n  namespace: x\n");
    }

    @Test
    @DisplayName("appends a new key, quoting a string value that would read as a number")
    void append() {
      MappingNode object = object("kind: A\nmetadata:\n  name: web\n");

      Nodes.put(Nodes.getMapping(object, "metadata"), "generation", "7");

      assertThat(yaml(object)).isEqualTo("kind: A\nmetadata:\n  name: web\n  generation: \"7\"\n");
    }

    @Test
    @DisplayName("removes a key with its value")
    void remove() {
      MappingNode object = object("kind: A\nstatus: {x: 1}\nspec: {}\n");

      assertThat(Nodes.remove(object, "status")).isTrue();
      assertThat(Nodes.remove(object, "status")).isFalse();
      assertThat(yaml(object)).isEqualTo("kind: A\nspec: {}\n");
    }

    @Test
    @DisplayName("creates missing mappings along a path, and fills an empty one")
    void ensureMapping() {
      MappingNode object = object("kind: A\nmetadata:\n  name: web\n  labels:\n");

      Nodes.put(Nodes.ensureMapping(object, "metadata", "annotations"), "a", "b");
      Nodes.put(Nodes.ensureMapping(object, "metadata", "labels"), "app", "web");

      assertThat(yaml(object))
          .isEqualTo(
              "kind: A\nmetadata:\n  name: web\n  labels:\n    app: web\n"
                  + "  annotations:\n    a: b\n");
    }

    @Test
    @DisplayName("uses an existing mapping as it is")
    void ensureExisting() {
      MappingNode object = object("kind: A\nmetadata: {name: web}\n");

      assertThat(Nodes.ensureMapping(object, "metadata"))
          .isSameAs(Nodes.getMapping(object, "metadata"));
    }

    @Test
    @DisplayName("refuses to create a mapping where a scalar or list already is")
    void ensureOverScalar() {
      MappingNode object = object("kind: A\nmetadata: text\n");

      assertThatThrownBy(() -> Nodes.ensureMapping(object, "metadata", "labels"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("'metadata'");
    }
  }
}
