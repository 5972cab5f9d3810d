package io.unboundedcloud.racer.krm.badinput;

import static io.unboundedcloud.racer.krm.harness.ResourceLists.BYSTANDER;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.FUNCTION_CONFIG;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.NAMESPACE;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.functionConfigSection;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.resourceList;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.settingsEntry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.ResourceListOutput;
import io.unboundedcloud.racer.krm.harness.ResourceLists;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Well-formed ResourceLists whose settings or function config the function cannot use: errors that
 * name the objects at fault and what to set, exit 1, every item written back unchanged.
 */
@DisplayName("Function mode refuses settings and function configs it cannot use")
class InputsBadInputTest {
  private static final Map<String, Object> SETTINGS_REF =
      Map.of(
          "apiVersion",
          "v1",
          "kind",
          "ConfigMap",
          "name",
          "racer-settings",
          "namespace",
          NAMESPACE);
  private static final Map<String, Object> FUNCTION_REF =
      Map.of("apiVersion", "v1", "kind", "ConfigMap", "name", "racer-function");

  private static Map<String, Object> onlyError(String input) {
    return Verdict.assertRefusedKeepingItems(input, KrmRun.function(input)).onlyError();
  }

  @Nested
  @DisplayName("where racer-settings are")
  class WhichSettings {
    @Test
    @DisplayName("two racer-settings in different namespaces: one error naming both")
    void twoSettings() {
      String input =
          resourceList(
              List.of(
                  settingsEntry("team-a", Map.of()),
                  BYSTANDER,
                  settingsEntry("team-b", Map.of("RACER_NVIDIA", "off"))),
              FUNCTION_CONFIG);
      String message = (String) onlyError(input).get("message");
      assertThat(message)
          .contains(
              "found 2 racer-settings ConfigMaps",
              "ConfigMap team-a/racer-settings",
              "ConfigMap team-b/racer-settings",
              "Keep one",
              "kustomize names their files with buildMetadata: [originAnnotations]");
    }

    @Test
    @DisplayName(
        "two racer-settings from kpt or kustomize (originAnnotations): the error names each one's file")
    void twoSettingsNamesTheirFiles() {
      String input =
          resourceList(
              List.of(
                  settingsEntry("team-a", Map.of())
                      .replace(
                          "    namespace: team-a\n",
                          "    namespace: team-a\n    annotations:\n"
                              + "      config.kubernetes.io/path: 'team-a/settings.yaml'\n"),
                  BYSTANDER,
                  settingsEntry("team-b", Map.of())
                      .replace(
                          "    namespace: team-b\n",
                          "    namespace: team-b\n    annotations:\n"
                              + "      config.kubernetes.io/origin: |\n"
                              + "        configuredIn: overlays/b/kustomization.yaml\n"
                              + "        configuredBy:\n"
                              + "          apiVersion: builtin\n"
                              + "          kind: ConfigMapGenerator\n")),
              FUNCTION_CONFIG);
      assertThat((String) onlyError(input).get("message"))
          .contains(
              "ConfigMap team-a/racer-settings in team-a/settings.yaml",
              "ConfigMap team-b/racer-settings in overlays/b/kustomization.yaml",
              "Keep one");
    }

    @Test
    @DisplayName("no racer-settings: one error saying what to add")
    void noSettings() {
      String input = resourceList(List.of(BYSTANDER), FUNCTION_CONFIG);
      String message = (String) onlyError(input).get("message");
      assertThat(message)
          .contains("no ConfigMap named racer-settings", "among the 1 input items", "add one");
    }

    @Test
    @DisplayName(
        "no items at all: says the input is empty, and where racer-settings goes in each tool")
    void noItems() {
      String input = ResourceLists.of().rawFunctionConfig(FUNCTION_CONFIG).text();
      assertThat((String) onlyError(input).get("message"))
          .contains(
              "the input holds no objects to work on",
              "no ConfigMap named racer-settings",
              "in kustomize under resources: or from a configMapGenerator",
              "in kpt as a file of the package");
    }
  }

  @Nested
  @DisplayName("where the images come from")
  class Images {
    static Stream<Arguments> cases() {
      return Stream.of(
          arguments(
              "a function config without image keys",
              functionConfigSection(Map.of("imageTag", "0.19.0")),
              "no dataplane image",
              "data.imageRegistry",
              FUNCTION_REF),
          arguments(
              "an empty registry",
              functionConfigSection(Map.of("imageRegistry", "")),
              "no dataplane image",
              "data.imageRegistry",
              FUNCTION_REF),
          arguments(
              "only the racer-object image",
              functionConfigSection(Map.of("objectImage", "r.example.com/o:1")),
              "no dataplane image",
              "data.dataplaneImage",
              FUNCTION_REF),
          arguments(
              "only the dataplane image",
              functionConfigSection(Map.of("dataplaneImage", "r.example.com/d:1")),
              "no racer-object image",
              "data.objectImage",
              FUNCTION_REF));
    }

    @Test
    @DisplayName(
        "no function config at all: says so, and how kustomize, kpt and render each give one")
    void noFunctionConfig() {
      String input = resourceList(List.of(settingsEntry(NAMESPACE, Map.of()), BYSTANDER), "");
      Map<String, Object> error = onlyError(input);
      assertThat((String) error.get("message"))
          .startsWith("no function config, so no registry for the dataplane images")
          .contains(
              "data.imageRegistry",
              "in kustomize the ConfigMap under transformers:",
              "kpt fn eval ... -- imageRegistry=REGISTRY",
              "--function-config FILE",
              "config.kubernetes.io/function");
      assertThat(error.get("resourceRef")).isNull();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("schemes")
    @DisplayName("a registry or image written as a URL: the key, and the value without the scheme")
    void scheme(String key, String value, String fixed) {
      Map<String, String> data =
          key.equals("imageRegistry")
              ? Map.of(key, value)
              : Map.of("imageRegistry", "r.example.com/racer", key, value);
      String input =
          resourceList(
              List.of(settingsEntry(NAMESPACE, Map.of()), BYSTANDER), functionConfigSection(data));
      Map<String, Object> error = onlyError(input);
      assertThat((String) error.get("message"))
          .isEqualTo(
              "data."
                  + key
                  + " starts with "
                  + value.substring(0, value.indexOf("://") + 3)
                  + ", but an image reference has no scheme: set it to "
                  + fixed);
      assertThat(error.get("field"))
          .isEqualTo(Map.of("path", "data." + key, "currentValue", value, "proposedValue", fixed));
      assertThat(error.get("resourceRef")).isEqualTo(FUNCTION_REF);
    }

    static Stream<Arguments> schemes() {
      return Stream.of(
          arguments(
              "imageRegistry", "https://registry.example.com/racer", "registry.example.com/racer"),
          arguments("imageRegistry", "oci://127.0.0.1:5000/racer", "127.0.0.1:5000/racer"),
          arguments(
              "dataplaneImage",
              "http://registry.example.com/racer/racer-dataplane:0.19.0",
              "registry.example.com/racer/racer-dataplane:0.19.0"),
          arguments(
              "objectImage",
              "docker://registry.example.com/racer/racer-object:0.19.0",
              "registry.example.com/racer/racer-object:0.19.0"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    @DisplayName("an error that says which key to set")
    void noImages(
        String name, String functionConfig, String what, String keyToSet, Map<String, Object> ref) {
      String input =
          resourceList(List.of(settingsEntry(NAMESPACE, Map.of()), BYSTANDER), functionConfig);
      Map<String, Object> error = onlyError(input);
      assertThat((String) error.get("message"))
          .contains(what, "set the function config's data.imageRegistry", keyToSet);
      assertThat(error.get("resourceRef")).isEqualTo(ref);
      // a field path only where there is an object to hold it
      assertThat(error.get("field"))
          .isEqualTo(ref == null ? null : Map.of("path", "data.imageRegistry"));
    }
  }

  @Nested
  @DisplayName("an image the reference grammar refuses")
  class BadImages {
    static Stream<Arguments> cases() {
      return Stream.of(
          arguments(
              "a full dataplane image",
              Map.of("dataplaneImage", "Racer/Dataplane:1", "objectImage", "r.example.com/o:1"),
              "data.dataplaneImage",
              "Racer/Dataplane:1"),
          arguments(
              "a full racer-object image",
              Map.of(
                  "imageRegistry", "r.example.com/racer", "objectImage", "r.example.com/Object:1"),
              "data.objectImage",
              "r.example.com/Object:1"),
          arguments(
              "the registry both images come from",
              Map.of("imageRegistry", "r.example.com/Racer"),
              "data.imageRegistry",
              "r.example.com/Racer/racer-dataplane:0.19.0"),
          arguments(
              "the registry, with a blank dataplane image that does not count",
              Map.of("imageRegistry", "r.example.com/Racer", "dataplaneImage", " "),
              "data.imageRegistry",
              "r.example.com/Racer/racer-dataplane:0.19.0"),
          arguments(
              "the registry the racer-object image comes from",
              Map.of("imageRegistry", "r.example.com/Racer", "dataplaneImage", "r.example.com/d:1"),
              "data.imageRegistry",
              "r.example.com/Racer/racer-object:0.19.0"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    @DisplayName("an error at the function config key that holds it, with the image it made")
    void pointsAtTheKey(String name, Map<String, String> data, String field, String image) {
      String input =
          resourceList(
              List.of(settingsEntry(NAMESPACE, Map.of()), BYSTANDER), functionConfigSection(data));
      Map<String, Object> error = onlyError(input);
      assertThat((String) error.get("message")).contains(image);
      assertThat(error.get("field")).isEqualTo(Map.of("path", field, "currentValue", image));
      assertThat(error.get("resourceRef")).isEqualTo(FUNCTION_REF);
    }
  }

  @Nested
  @DisplayName("the dataplane objects already there")
  class Existing {
    @Test
    @DisplayName(
        "two DaemonSets that are the dataplane's (one renamed by a prefix): one error naming both")
    void twoDataplanes() {
      String input =
          resourceList(
              List.of(
                  settingsEntry(NAMESPACE, Map.of()),
                  ResourceLists.existingDataplaneEntry("minReadySeconds: 10\n"),
                  ResourceLists.existingDataplaneEntry("minReadySeconds: 10\n")
                      .replace(
                          "name: racer\n",
                          "name: prod-racer\n    annotations:\n      internal.config.kubernetes.io/previousNames: racer\n"),
                  BYSTANDER),
              FUNCTION_CONFIG);
      Map<String, Object> error = onlyError(input);
      assertThat((String) error.get("message"))
          .contains(
              "found 2 DaemonSets that are the dataplane's racer",
              "DaemonSet racer/racer",
              "DaemonSet racer/prod-racer",
              "Keep one");
    }

    @Test
    @DisplayName(
        "an explicit RACER_CONTROL_SEATS env ends the run: no cache origin is planned or warned about")
    void seatsEnvStopsTheRun() {
      String input =
          resourceList(
              List.of(
                  settingsEntry(NAMESPACE, Map.of()),
                  ResourceLists.existingDataplaneEntry(
                      """
          template:
            spec:
              containers:
              - name: dataplane
                env:
                - {name: RACER_CONTROL_SEATS, value: "3"}
          """),
                  ResourceLists.cacheOriginEntry("containers: [{name: origin, image: origin:1}]\n")
                      .replace("kind: DaemonSet", "kind: Deployment"),
                  BYSTANDER),
              FUNCTION_CONFIG);
      ResourceListOutput output = Verdict.assertRefusedKeepingItems(input, KrmRun.function(input));
      assertThat(output.results())
          .singleElement()
          .satisfies(
              result ->
                  assertThat((String) result.get("message"))
                      .contains("explicit env RACER_CONTROL_SEATS"));
    }
  }

  @Nested
  @DisplayName("the function config")
  class FunctionConfigKind {
    @Test
    @DisplayName("of another kind: an error at its kind, naming the kind it must be and its keys")
    void wrongKind() {
      String input =
          resourceList(
              List.of(settingsEntry(NAMESPACE, Map.of()), BYSTANDER),
              """
          functionConfig:
            apiVersion: apps/v1
            kind: Deployment
            metadata:
              name: racer-function
            spec:
              replicas: 1
          """);
      Map<String, Object> error = onlyError(input);
      assertThat((String) error.get("message"))
          .contains(
              "apps/v1 Deployment", "takes a v1 ConfigMap", "imageRegistry", "dataplaneImage");
      assertThat(error.get("resourceRef"))
          .isEqualTo(
              Map.of("apiVersion", "apps/v1", "kind", "Deployment", "name", "racer-function"));
      assertThat(error.get("field")).isEqualTo(Map.of("path", "kind"));
    }

    @Test
    @DisplayName("of a custom kind of a KRM framework: the same error")
    void typedConfig() {
      String input =
          resourceList(
              List.of(settingsEntry(NAMESPACE, Map.of()), BYSTANDER),
              """
          functionConfig:
            apiVersion: fn.kpt.dev/v1alpha1
            kind: RacerConfig
            metadata:
              name: racer
            imageRegistry: registry.example.com/racer
          """);
      assertThat((String) onlyError(input).get("message"))
          .contains("fn.kpt.dev/v1alpha1 RacerConfig", "takes a v1 ConfigMap");
    }
  }

  @Nested
  @DisplayName("ConfigMap data that is not strings")
  class DataNotStrings {
    @Test
    @DisplayName("a settings value that is a nested map: an error at data.KEY")
    void settingsValueIsAMap() {
      String input =
          resourceList(
              List.of(
                  """
          - apiVersion: v1
            kind: ConfigMap
            metadata:
              name: racer-settings
              namespace: racer
            data:
              RACER_NVIDIA: "off"
              RACER_PEER_PORT:
                port: 8082
          """,
                  BYSTANDER),
              FUNCTION_CONFIG);
      Map<String, Object> error = onlyError(input);
      assertThat((String) error.get("message"))
          .contains("data.RACER_PEER_PORT is not a string", "ConfigMap data values are strings");
      assertThat(error.get("field")).isEqualTo(Map.of("path", "data.RACER_PEER_PORT"));
      assertThat(error.get("resourceRef")).isEqualTo(SETTINGS_REF);
    }

    @Test
    @DisplayName("a settings value that is a list: an error at data.KEY")
    void settingsValueIsAList() {
      String input =
          resourceList(
              List.of(
                  """
          - apiVersion: v1
            kind: ConfigMap
            metadata:
              name: racer-settings
              namespace: racer
            data:
              RACER_CONTROL_SEATS: [1, 2]
          """,
                  BYSTANDER),
              FUNCTION_CONFIG);
      Map<String, Object> error = onlyError(input);
      assertThat(error.get("field")).isEqualTo(Map.of("path", "data.RACER_CONTROL_SEATS"));
    }

    @Test
    @DisplayName("settings data that is not a map at all: an error at data")
    void settingsDataIsAString() {
      String input =
          resourceList(
              List.of(
                  """
          - apiVersion: v1
            kind: ConfigMap
            metadata:
              name: racer-settings
              namespace: racer
            data: RACER_NVIDIA=off
          """,
                  BYSTANDER),
              FUNCTION_CONFIG);
      Map<String, Object> error = onlyError(input);
      assertThat((String) error.get("message")).contains("data must be a map of strings");
      assertThat(error.get("field")).isEqualTo(Map.of("path", "data"));
      assertThat(error.get("resourceRef")).isEqualTo(SETTINGS_REF);
    }

    @Test
    @DisplayName(
        "a function config value that is a nested map: an error at data.KEY of the function config")
    void functionConfigValueIsAMap() {
      String input =
          resourceList(
              List.of(settingsEntry(NAMESPACE, Map.of()), BYSTANDER),
              """
          functionConfig:
            apiVersion: v1
            kind: ConfigMap
            metadata:
              name: racer-function
            data:
              imageRegistry:
                host: registry.example.com
                path: racer
          """);
      Map<String, Object> error = onlyError(input);
      assertThat((String) error.get("message")).contains("data.imageRegistry is not a string");
      assertThat(error.get("field")).isEqualTo(Map.of("path", "data.imageRegistry"));
      assertThat(error.get("resourceRef")).isEqualTo(FUNCTION_REF);
    }
  }
}
