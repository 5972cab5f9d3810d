package io.unboundedcloud.racer.krm.parameters;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.inputs.ReadOutcome;
import io.unboundedcloud.racer.krm.render.Outcome;
import io.unboundedcloud.racer.krm.render.Renderer;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * A run with the Application's parameters renders what a folder that holds their values renders:
 * the output is equal, object for object, to the output of the folder edited to hold them.
 */
@DisplayName("Rendering with the Application's parameters")
class ParametersRenderTest {
  private static final String SETTINGS =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: racer-settings, namespace: racer}
      data: {RACER_NVIDIA: "off", RACER_PEER_PORT: "8082", team: platform}
      """;
  private static final String FUNCTION_CONFIG =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: racer-function}
      data: {imageRegistry: registry.example.com/racer}
      """;
  private static final String ALLOWING =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: racer-function}
      data:
        imageRegistry: registry.example.com/racer
        allowedRegistries: mirror.example.com/racer,objects.example.com
      """;

  @Nested
  @DisplayName("win over the folder's values")
  class Win {
    @Test
    @DisplayName(
        "racer-settings keys: the output's racer-settings, the DaemonSet and its settings-hash are those of a folder that holds them")
    void settings() {
      Outcome withParameters =
          render(
              SETTINGS,
              FUNCTION_CONFIG,
              """
              [{"name":"RACER_NVIDIA","string":"cdi"},\
              {"name":"settings","map":{"RACER_PEER_PORT":"9300","RACER_HOST_NETWORK":"true"}}]""");
      Outcome edited =
          render(
              """
              apiVersion: v1
              kind: ConfigMap
              metadata: {name: racer-settings, namespace: racer}
              data: {RACER_NVIDIA: "cdi", RACER_PEER_PORT: "9300", team: platform, RACER_HOST_NETWORK: "true"}
              """,
              FUNCTION_CONFIG,
              null);

      assertThat(withParameters.results().list()).isEmpty();
      assertThat(plain(withParameters)).isEqualTo(plain(edited));
      assertThat(plain(withParameters).toString()).contains(":9300").contains("hostNetwork=true");
    }

    @Test
    @DisplayName("function config keys: the images are those of a function config that holds them")
    void images() {
      Outcome withParameters =
          render(
              SETTINGS,
              ALLOWING,
              """
              [{"name":"imageRegistry","string":"mirror.example.com/racer"},\
              {"name":"imageTag","string":"0.19.1"},\
              {"name":"objectImage","string":"objects.example.com/racer-object@sha256:%s"}]"""
                  .formatted("a".repeat(64)));
      Outcome edited =
          render(
              SETTINGS,
              """
              apiVersion: v1
              kind: ConfigMap
              metadata: {name: racer-function}
              data:
                imageRegistry: mirror.example.com/racer
                imageTag: "0.19.1"
                objectImage: objects.example.com/racer-object@sha256:%s
              """
                  .formatted("a".repeat(64)),
              null);

      assertThat(withParameters.results().list()).isEmpty();
      assertThat(plain(withParameters)).isEqualTo(plain(edited));
      assertThat(plain(withParameters).toString())
          .contains("mirror.example.com/racer/racer-dataplane:0.19.1");
    }

    @Test
    @DisplayName(
        "an image parameter where the folder has no function config: refused, since no config allows a registry")
    void noFunctionConfig() {
      Outcome withParameters =
          render(
              SETTINGS,
              null,
              "[{\"name\":\"imageRegistry\",\"string\":\"registry.example.com/racer\"}]");

      assertThat(withParameters.results().list())
          .extracting(Result::message)
          .containsExactly(
              "Application parameter imageRegistry (ARGOCD_APP_PARAMETERS) chooses the dataplane"
                  + " image registry.example.com/racer/racer-dataplane:0.19.0, but the folder has no"
                  + " function config, so it allows no registry for the Application's images: give"
                  + " it a function config whose data.allowedRegistries lists the registries or"
                  + " repository prefixes the images may come from, comma-separated (for example"
                  + " allowedRegistries: \"registry.example.com/racer\")",
              "Application parameter imageRegistry (ARGOCD_APP_PARAMETERS) chooses the"
                  + " racer-object image registry.example.com/racer/racer-object:0.19.0, but the"
                  + " folder has no function config, so it allows no registry for the"
                  + " Application's images: give it a function config whose data.allowedRegistries"
                  + " lists the registries or repository prefixes the images may come from,"
                  + " comma-separated (for example allowedRegistries:"
                  + " \"registry.example.com/racer\")");
    }

    @Test
    @DisplayName(
        "values exactly: '=', quotes, a newline and non-ASCII reach the key's rule as they were, which names them")
    void exactValues() {
      String awkward = "a=b \"q\" 'r' back\\slash\nline two ü 日本";
      Outcome outcome =
          render(
              SETTINGS,
              FUNCTION_CONFIG,
              "[{\"name\":\"settings\",\"map\":{\"RACER_SHARES\":\""
                  + awkward.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n")
                  + "\"}}]");

      Result error = outcome.results().first();
      assertThat(error.severity()).isEqualTo(Severity.ERROR);
      assertThat(error.message())
          .startsWith(
              "Application parameter settings (ARGOCD_APP_PARAMETERS) key RACER_SHARES (from the"
                  + " Application's spec.source.plugin.parameters): RACER_SHARES is");
      assertThat(error.currentValue()).isEqualTo(awkward);
    }

    @Test
    @DisplayName(
        "the folder's own racer-settings may hold any key: it reaches the output as it was, beside the parameters'")
    void folderKeys() {
      Outcome outcome =
          render(SETTINGS, FUNCTION_CONFIG, "[{\"name\":\"RACER_NVIDIA\",\"string\":\"cdi\"}]");

      assertThat(outcome.results().list()).isEmpty();
      Map<String, Object> settings =
          new Yaml(new SafeConstructor(new LoaderOptions()))
              .load(YamlWriter.manifests(List.of(settingsNode(outcome))));
      assertThat((Map<String, Object>) settings.get("data"))
          .containsEntry("team", "platform")
          .containsEntry("RACER_NVIDIA", "cdi");
    }

    @Test
    @DisplayName("an Application without parameters renders exactly as before, byte for byte")
    void none() {
      assertThat(YamlWriter.manifests(render(SETTINGS, FUNCTION_CONFIG, "null").items()))
          .isEqualTo(YamlWriter.manifests(render(SETTINGS, FUNCTION_CONFIG, null).items()));
    }
  }

  @Nested
  @DisplayName("pass the checks of the key they set; an error names the parameter")
  class Checks {
    @Test
    @DisplayName(
        "a port out of range: the error names the parameter, not racer-settings, and the items come back unchanged")
    void settingRule() {
      List<MappingNode> items = ManifestNodes.of(SETTINGS);
      String before = YamlWriter.manifests(items);
      Outcome outcome =
          Renderer.render(
              items,
              ManifestNodes.one(FUNCTION_CONFIG),
              parameters("[{\"name\":\"RACER_PEER_PORT\",\"string\":\"80\"}]"));

      Result error = outcome.results().first();
      assertThat(error.severity()).isEqualTo(Severity.ERROR);
      assertThat(error.message())
          .startsWith(
              "Application parameter RACER_PEER_PORT (ARGOCD_APP_PARAMETERS) (from the Application's"
                  + " spec.source.plugin.parameters): RACER_PEER_PORT is \"80\"");
      assertThat(error.resource()).isNull();
      assertThat(YamlWriter.manifests(outcome.items())).isEqualTo(before);
    }

    @Test
    @DisplayName("a key of the settings map: named with its key")
    void settingsMapKey() {
      Outcome outcome =
          render(
              SETTINGS,
              FUNCTION_CONFIG,
              "[{\"name\":\"settings\",\"map\":{\"RACER_NVIDIA\":\"gpu\"}}]");

      assertThat(outcome.results().first().message())
          .startsWith(
              "Application parameter settings (ARGOCD_APP_PARAMETERS) key RACER_NVIDIA (from the"
                  + " Application's spec.source.plugin.parameters): RACER_NVIDIA is \"gpu\"");
    }

    @Test
    @DisplayName(
        "a registry written as a URL where the folder has no function config: named, no crash")
    void schemeWithoutFunctionConfig() {
      Outcome outcome =
          render(
              SETTINGS,
              null,
              "[{\"name\":\"imageRegistry\",\"string\":\"https://mirror.example.com/racer\"}]");

      assertThat(outcome.results().first().message())
          .startsWith("Application parameter imageRegistry (ARGOCD_APP_PARAMETERS)")
          .contains("set it to mirror.example.com/racer");
    }

    @Test
    @DisplayName(
        "strict: \"true\" makes a warning an error, over a function config that says \"false\"")
    void strict() {
      String lenient =
          FUNCTION_CONFIG.replace(
              "{imageRegistry: registry.example.com/racer}",
              "{imageRegistry: registry.example.com/racer, strict: \"false\"}");
      String unknownKey = SETTINGS.replace("team: platform", "RACER_PEER_PORTXYZ: \"9000\"");
      Outcome warned = render(unknownKey, lenient, "[]");
      assertThat(warned.results().hasError()).as("%s", warned.results()).isFalse();
      assertThat(warned.results().first().severity()).isEqualTo(Severity.WARNING);

      List<MappingNode> items = ManifestNodes.of(unknownKey);
      String before = YamlWriter.manifests(items);
      Outcome strict =
          Renderer.render(
              items,
              ManifestNodes.one(lenient),
              parameters("[{\"name\":\"strict\",\"string\":\"true\"}]"));
      assertThat(strict.results().first().severity()).isEqualTo(Severity.ERROR);
      assertThat(strict.results().first().message())
          .contains("RACER_PEER_PORTXYZ is not a known racer-settings key");
      assertThat(YamlWriter.manifests(strict.items())).isEqualTo(before);
    }

    @Test
    @DisplayName("an obsolete key is refused as in racer-settings")
    void obsoleteKey() {
      Outcome outcome =
          render(SETTINGS, FUNCTION_CONFIG, "[{\"name\":\"RACER_RAILS\",\"string\":\"2\"}]");

      assertThat(outcome.results().hasError()).isTrue();
      assertThat(outcome.results().first().message())
          .startsWith("Application parameter RACER_RAILS (ARGOCD_APP_PARAMETERS)")
          .contains("rdma-nics");
    }

    @Test
    @DisplayName("an invalid image: named as the function config key's error would be")
    void image() {
      Outcome outcome =
          render(
              SETTINGS,
              FUNCTION_CONFIG,
              "[{\"name\":\"dataplaneImage\",\"string\":\"Not An Image\"}]");

      assertThat(outcome.results().hasError()).isTrue();
      assertThat(outcome.results().first().message())
          .startsWith("Application parameter dataplaneImage (ARGOCD_APP_PARAMETERS)")
          .contains("Not An Image");
    }

    @Test
    @DisplayName("an error in the folder itself still points at the folder's ConfigMap")
    void folderError() {
      Outcome outcome =
          render(
              SETTINGS.replace("\"8082\"", "\"80\""),
              FUNCTION_CONFIG,
              "[{\"name\":\"RACER_NVIDIA\",\"string\":\"cdi\"}]");

      Result error = outcome.results().first();
      assertThat(error.message()).startsWith("RACER_PEER_PORT is \"80\"");
      assertThat(error.resource().name()).isEqualTo("racer-settings");
      assertThat(error.fieldPath()).isEqualTo("data.RACER_PEER_PORT");
    }
  }

  private static Outcome render(String settings, String functionConfig, String parameters) {
    return Renderer.render(
        ManifestNodes.of(settings),
        functionConfig == null ? null : ManifestNodes.one(functionConfig),
        parameters(parameters));
  }

  private static ApplicationParameters parameters(String json) {
    ReadOutcome<ApplicationParameters> read = ParametersJson.read(json);
    assertThat(read.ok()).as("%s", read.results()).isTrue();
    return read.value();
  }

  private static List<Map<String, Object>> plain(Outcome outcome) {
    return outcome.items().stream().map(Nodes::toPlainMap).toList();
  }

  private static MappingNode settingsNode(Outcome outcome) {
    return outcome.items().stream()
        .filter(node -> new Item(node).kind().equals("ConfigMap"))
        .findFirst()
        .orElseThrow();
  }
}
