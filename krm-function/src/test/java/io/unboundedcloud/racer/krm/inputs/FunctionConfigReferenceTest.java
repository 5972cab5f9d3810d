package io.unboundedcloud.racer.krm.inputs;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.parameters.ParameterNames;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

@DisplayName("FunctionConfigKey: one entry per function config key, and what is generated from it")
class FunctionConfigReferenceTest {

  @Nested
  @DisplayName("the committed texts equal what the table generates")
  class Committed {
    @Test
    @DisplayName("docs/krm.md's reference table")
    void table() throws IOException {
      assertThat(FunctionConfigReference.KRM_TABLE.current())
          .as("docs/krm.md is stale; regenerate: %s", FunctionConfigReference.REGENERATE)
          .isEqualTo(FunctionConfigReference.table());
    }

    @Test
    @DisplayName("docs/cli.md's function config lines, which --help prints")
    void help() throws IOException {
      assertThat(FunctionConfigReference.HELP.current())
          .as("docs/cli.md is stale; regenerate: %s", FunctionConfigReference.REGENERATE)
          .isEqualTo(FunctionConfigReference.help());
    }

    @Test
    @DisplayName("examples/argocd/plugin.yaml's static parameters of the function config")
    void plugin() throws IOException {
      assertThat(FunctionConfigReference.PLUGIN.current())
          .as("plugin.yaml is stale; regenerate: %s", FunctionConfigReference.REGENERATE)
          .isEqualTo(FunctionConfigReference.plugin());
    }
  }

  @Nested
  @DisplayName("the generated texts say each entry")
  class Generated {
    @Test
    @DisplayName("the table has a row per key, with its doc, in the table's order")
    void rows() {
      String table = FunctionConfigReference.table();
      int at = 0;
      for (FunctionConfigKey key : FunctionConfigKey.values()) {
        int row = table.indexOf("| `" + key.key() + "` | " + key.doc() + " |\n");
        assertThat(row).as(key.key()).isGreaterThan(at);
        at = row;
      }
    }

    @Test
    @DisplayName(
        "plugin.yaml, read as YAML, announces each key an Application may set: its title and"
            + " its whole tooltip (the folding keeps every word)")
    @SuppressWarnings("unchecked")
    void announcements() throws IOException {
      Map<String, Object> plugin =
          new Yaml().load(Files.readString(FunctionConfigReference.PLUGIN.file()));
      List<Map<String, Object>> announced =
          (List<Map<String, Object>>)
              ((Map<String, Object>) ((Map<String, Object>) plugin.get("spec")).get("parameters"))
                  .get("static");
      for (FunctionConfigKey key : FunctionConfigKey.announced()) {
        assertThat(announced)
            .as(key.key())
            .anySatisfy(
                parameter ->
                    assertThat(parameter)
                        .containsEntry("name", key.key())
                        .containsEntry("title", key.announcement().title())
                        .containsEntry("tooltip", key.announcement().tooltip()));
      }
    }

    @Test
    @DisplayName("the allow-lists are no parameter: the folder's own, which no Application changes")
    void allowListsNotAnnounced() {
      assertThat(ParameterNames.FUNCTION_CONFIG)
          .containsExactly("imageRegistry", "imageTag", "dataplaneImage", "objectImage", "strict")
          .doesNotContain(
              FunctionConfigKey.ALLOWED_PARAMETERS.key(),
              FunctionConfigKey.ALLOWED_REGISTRIES.key());
    }

    @Test
    @DisplayName("every key the function reads is a key of the table, in its order")
    void keys() {
      assertThat(FunctionConfig.KEYS)
          .containsExactly(
              "imageRegistry",
              "imageTag",
              "dataplaneImage",
              "objectImage",
              "strict",
              "allowedParameters",
              "allowedRegistries",
              "uncheckedSettings");
    }
  }
}
