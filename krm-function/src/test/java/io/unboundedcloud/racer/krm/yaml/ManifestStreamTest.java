package io.unboundedcloud.racer.krm.yaml;

import static io.unboundedcloud.racer.krm.yaml.YamlText.readManifests;
import static io.unboundedcloud.racer.krm.yaml.YamlText.roundTripManifests;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.nodes.MappingNode;

@DisplayName("A manifest stream (render mode)")
class ManifestStreamTest {

  @Nested
  @DisplayName("read")
  class Read {

    @Test
    @DisplayName("gives every object of a file, in order, skipping empty documents")
    void objects(@TempDir Path dir) throws Exception {
      Path file = dir.resolve("app.yaml");
      Files.writeString(
          file,
          "---\n# only a comment\n---\nkind: A\n---\n---\n~\n---\nkind: B\n...\n---\nkind: C\n");

      List<MappingNode> objects = YamlReader.readManifests(file);

      assertThat(objects).map(o -> Nodes.getText(o, "kind")).containsExactly("A", "B", "C");
    }

    @Test
    @DisplayName("gives nothing for an empty file")
    void empty() {
      assertThat(readManifests("")).isEmpty();
    }

    @Test
    @DisplayName("names the file, line and column of a syntax error")
    void syntaxError(@TempDir Path dir) throws Exception {
      Path file = dir.resolve("broken.yaml");
      Files.writeString(file, "kind: A\n---\nkind: B\n  name: x\n");

      assertThatThrownBy(() -> YamlReader.readManifests(file))
          .isInstanceOf(YamlInputException.class)
          .hasMessageStartingWith(file + ":4:3: not valid YAML");
    }

    @Test
    @DisplayName("names the document that is not a mapping")
    void notAMapping() {
      assertThatThrownBy(() -> readManifests("kind: A\n---\n- a\n"))
          .isInstanceOf(YamlInputException.class)
          .hasMessageContainingAll(
              "test.yaml:3:1: ", "document 2 is a list", "not a Kubernetes object");
    }

    @Test
    @DisplayName(
        "gives the items of a List (as kubectl get -o yaml writes it) in its place, as kustomize does")
    void listExpanded() {
      List<MappingNode> objects =
          readManifests(
              """
                    kind: A
                    ---
                    apiVersion: v1
                    kind: List
                    metadata: {}
                    items:
                    - apiVersion: v1
                      kind: ConfigMap
                      metadata:
                        name: racer-settings
                    - kind: ConfigMapList
                      items:
                      - kind: B
                      - kind: C
                    ---
                    kind: D
                    """);

      assertThat(objects)
          .map(o -> Nodes.getText(o, "kind"))
          .containsExactly("A", "ConfigMap", "B", "C", "D");
      assertThat(Nodes.getText(objects.get(1), "metadata", "name")).isEqualTo("racer-settings");
    }

    @Test
    @DisplayName("keeps an object whose kind ends in List but has no items list")
    void listKindWithoutItems() {
      assertThat(readManifests("kind: PlayList\nitems: none\n"))
          .map(o -> Nodes.getText(o, "kind"))
          .containsExactly("PlayList");
    }

    @Test
    @DisplayName("names the document and item of a List item that is not an object")
    void listItemNotAnObject() {
      assertThatThrownBy(
              () -> readManifests("kind: A\n---\nkind: List\nitems:\n- kind: B\n- just text\n"))
          .isInstanceOf(YamlInputException.class)
          .hasMessageContainingAll(
              "test.yaml:6:3: ",
              "document 2 (a List) item 1 is \"just text\"",
              "not a Kubernetes object");
      assertThatThrownBy(() -> readManifests("kind: List\nitems:\n- metadata: {name: x}\n"))
          .hasMessageContainingAll("document 1 (a List) item 0 is a mapping without kind");
    }

    @Test
    @DisplayName("names the document without kind")
    void noKind() {
      assertThatThrownBy(() -> readManifests("kind: A\n---\napiVersion: v1\n"))
          .isInstanceOf(YamlInputException.class)
          .hasMessageContainingAll("test.yaml:3:1: ", "document 2 has no kind");
    }

    @Test
    @DisplayName("refuses duplicate keys with the file name")
    void duplicateKeys() {
      assertThatThrownBy(() -> readManifests("kind: A\nkind: B\n"))
          .isInstanceOf(YamlInputException.class)
          .hasMessageContainingAll("test.yaml:2:1: ", "duplicate key 'kind'");
    }

    @Test
    @DisplayName("says so, in words and without Java class names, when the file does not exist")
    void missingFile(@TempDir Path dir) {
      Path missing = dir.resolve("missing.yaml");

      assertThatThrownBy(() -> YamlReader.readManifests(missing))
          .isInstanceOf(YamlInputException.class)
          .hasMessage(missing + ": no such file or directory");
    }

    @Test
    @DisplayName("says so when a path cannot be read as a file")
    void unreadable(@TempDir Path dir) {
      assertThatThrownBy(() -> YamlReader.readManifests(dir))
          .isInstanceOf(YamlInputException.class)
          .hasMessageStartingWith(dir + ": could not read the input: ")
          .hasMessageNotContaining("Exception");
    }
  }

  @Nested
  @DisplayName("written")
  class Written {

    @Test
    @DisplayName("separates objects with --- and writes none before the first")
    void separators() {
      List<MappingNode> objects = readManifests("kind: A\n---\nkind: B\n");

      assertThat(YamlWriter.manifests(objects)).isEqualTo("kind: A\n---\nkind: B\n");
    }

    @Test
    @DisplayName("is empty for no objects")
    void none() {
      assertThat(YamlWriter.manifests(List.of())).isEmpty();
    }

    @Test
    @DisplayName("keeps the comments between documents")
    void commentsBetweenDocuments() {
      String file = "kind: A\n# end of A\n---\n# head of B\nkind: B\n";

      assertThat(roundTripManifests(file)).isEqualTo(file);
    }

    @Test
    @DisplayName("gives the same bytes when written again")
    void idempotent() {
      String once = roundTripManifests(YamlText.fixture("manifests-with-comments.yaml"));

      assertThat(roundTripManifests(once)).isEqualTo(once);
    }
  }
}
