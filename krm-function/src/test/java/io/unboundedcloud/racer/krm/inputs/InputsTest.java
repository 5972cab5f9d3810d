package io.unboundedcloud.racer.krm.inputs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * The reads of a ResourceList's items, one per kind of read. Which items are cache origins is in
 * {@link CacheOriginsTest}; what a user sees of each refusal, end to end, in the bad-input suite.
 */
@DisplayName("Inputs: each read of the ResourceList, its source, and what it cannot use")
class InputsTest {
  private static String configMap(String name, String namespace, String data) {
    return """
        apiVersion: v1
        kind: ConfigMap
        metadata: {name: %s, namespace: %s}
        """
            .formatted(name, namespace)
        + (data == null ? "" : "data: " + data + "\n");
  }

  /** racer-settings in namespace racer as a kustomize namePrefix renamed it. */
  private static String prefixedSettings(String name) {
    return """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: %s
          namespace: racer
          annotations: {internal.config.kubernetes.io/previousNames: racer-settings}
        """
        .formatted(name);
  }

  private static Inputs inputs(String... objects) {
    return new Inputs(ManifestNodes.of(String.join("---\n", objects)), null);
  }

  private static Inputs withFunctionConfig(String functionConfig) {
    return new Inputs(List.of(), ManifestNodes.one(functionConfig));
  }

  private static String named(String kind, String apiVersion, String name, String namespace) {
    return "apiVersion: "
        + apiVersion
        + "\nkind: "
        + kind
        + "\nmetadata: {name: "
        + name
        + ", namespace: "
        + namespace
        + "}\n";
  }

  @Test
  @DisplayName("items: every item, in the order given, over the very nodes given")
  void items() {
    List<MappingNode> nodes =
        ManifestNodes.of(
            String.join("---\n", configMap("a", "x", null), configMap("b", "y", null)));

    Inputs inputs = new Inputs(nodes, null);

    assertThat(inputs.items()).extracting(Item::node).containsExactlyElementsOf(nodes);
  }

  @Nested
  @DisplayName("settings: the one ConfigMap racer-settings")
  class Settings {
    @Test
    @DisplayName(
        "is found by name among other items; its namespace is the installation's, its data read in order")
    void byName() {
      ReadOutcome<SettingsSource> read =
          inputs(
                  configMap("app", "apps", "{a: b}"),
                  configMap(
                      "racer-settings", "racer", "{RACER_PEER_PORT: \"9090\", RACER_NVIDIA: cdi}"))
              .settings();

      assertThat(read.ok()).isTrue();
      assertThat(read.results()).isEmpty();
      assertThat(read.value().namespace()).isEqualTo("racer");
      assertThat(read.value().item().name()).isEqualTo("racer-settings");
      assertThat(read.value().data())
          .containsExactly(Map.entry("RACER_PEER_PORT", "9090"), Map.entry("RACER_NVIDIA", "cdi"));
    }

    @Test
    @DisplayName("is found by a name kustomize recorded before a prefix or suffix")
    void byPreviousName() {
      ReadOutcome<SettingsSource> read =
          inputs(
                  """
          apiVersion: v1
          kind: ConfigMap
          metadata:
            name: prod-racer-settings-5f7d
            namespace: racer
            annotations: {internal.config.kubernetes.io/previousNames: "racer-settings,prod-racer-settings"}
          """)
              .settings();

      assertThat(read.ok()).isTrue();
      assertThat(read.value().item().name()).isEqualTo("prod-racer-settings-5f7d");
    }

    @Test
    @DisplayName("no data, or data: null, is empty settings; no namespace is the empty namespace")
    void emptyData() {
      assertThat(inputs(configMap("racer-settings", "racer", null)).settings().value().data())
          .isEmpty();
      assertThat(inputs(configMap("racer-settings", "racer", "null")).settings().value().data())
          .isEmpty();
      assertThat(
              inputs("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: racer-settings}\n")
                  .settings()
                  .value()
                  .namespace())
          .isEmpty();
    }

    @Test
    @DisplayName("a ConfigMap that declares the function is never the settings, whatever its name")
    void notTheFunctionConfig() {
      ReadOutcome<SettingsSource> read =
          inputs(
                  """
          apiVersion: v1
          kind: ConfigMap
          metadata:
            name: racer-settings
            annotations: {config.kubernetes.io/function: "container: {image: racer-krm}"}
          """)
              .settings();

      assertThat(read.ok()).isFalse();
      assertThat(read.results().first().message())
          .startsWith(
              "the input holds no objects to work on (none, or only function configs), so no"
                  + " ConfigMap named racer-settings");
    }

    @Test
    @DisplayName("none: an error that counts the items and says what to add")
    void none() {
      ReadOutcome<SettingsSource> read =
          inputs(configMap("app", "apps", null), named("Secret", "v1", "racer-settings", "racer"))
              .settings();

      assertThat(read.value()).isNull();
      assertThat(read.results())
          .singleElement()
          .satisfies(
              error -> {
                assertThat(error.severity()).isEqualTo(Severity.ERROR);
                assertThat(error.message())
                    .startsWith(
                        "no ConfigMap named racer-settings among the 2 input items: add one");
              });
    }

    @Test
    @DisplayName("several: an error naming each, since the installation namespace is ambiguous")
    void several() {
      ReadOutcome<SettingsSource> read =
          inputs(
                  configMap("racer-settings", "team-a", null),
                  configMap("racer-settings", "team-b", null))
              .settings();

      assertThat(read.ok()).isFalse();
      assertThat(read.results().first().message())
          .startsWith("found 2 racer-settings ConfigMaps, expected exactly one")
          .contains("ConfigMap team-a/racer-settings; ConfigMap team-b/racer-settings");
    }

    @Test
    @DisplayName(
        "several in one namespace (kustomize prefixes): an error that does not call the namespace ambiguous")
    void severalInOneNamespace() {
      ReadOutcome<SettingsSource> read =
          inputs(prefixedSettings("blue-racer-settings"), prefixedSettings("green-racer-settings"))
              .settings();

      assertThat(read.ok()).isFalse();
      assertThat(read.results().first().message())
          .startsWith("found 2 racer-settings ConfigMaps, expected exactly one")
          .contains("the dataplane reads its settings from one ConfigMap")
          .doesNotContain("ambiguous");
    }

    @Test
    @DisplayName("a value YAML reads as a number is an error at data.KEY; the read keeps its text")
    void numberValue() {
      ReadOutcome<SettingsSource> read =
          inputs(configMap("racer-settings", "racer", "{RACER_PEER_PORT: 9090}")).settings();

      assertThat(read.ok()).isFalse();
      assertThat(read.value().data()).containsEntry("RACER_PEER_PORT", "9090");
      assertThat(read.results())
          .singleElement()
          .satisfies(
              error -> {
                assertThat(error.severity()).isEqualTo(Severity.ERROR);
                assertThat(error.fieldPath()).isEqualTo("data.RACER_PEER_PORT");
                assertThat(error.message()).contains("quote the value");
              });
    }

    @Test
    @DisplayName(
        "a map or a list where a string goes is an error at that key; data that is no map is one at data")
    void notStrings() {
      ReadOutcome<SettingsSource> nested =
          inputs(configMap("racer-settings", "racer", "{RACER_NVIDIA: {mode: cdi}}")).settings();
      ReadOutcome<SettingsSource> list =
          inputs(configMap("racer-settings", "racer", "[RACER_NVIDIA]")).settings();

      assertThat(nested.results())
          .extracting(Result::fieldPath)
          .containsExactly("data.RACER_NVIDIA");
      assertThat(list.results())
          .extracting(Result::fieldPath, Result::message)
          .containsExactly(tuple("data", "data must be a map of strings"));
    }
  }

  @Nested
  @DisplayName("functionConfig: where the images come from")
  class FunctionConfigRead {
    @Test
    @DisplayName("none at all is an empty config, no error: the renderer then asks for a registry")
    void none() {
      ReadOutcome<FunctionConfig> read = inputs().functionConfig();

      assertThat(read.ok()).isTrue();
      assertThat(read.value()).isEqualTo(new FunctionConfig(null, null, null, null, null));
    }

    @Test
    @DisplayName("a ConfigMap's data keys are read into their fields")
    void keys() {
      ReadOutcome<FunctionConfig> read =
          withFunctionConfig(
                  configMap(
                      "racer-function",
                      "racer",
                      "{imageRegistry: r.example.com,"
                          + " imageTag: \"1.0\", dataplaneImage: r.example.com/d:1, objectImage: r.example.com/o:1}"))
              .functionConfig();

      assertThat(read.ok()).isTrue();
      assertThat(read.value().source().name()).isEqualTo("racer-function");
      assertThat(read.value())
          .extracting(
              FunctionConfig::imageRegistry,
              FunctionConfig::imageTag,
              FunctionConfig::dataplaneImage,
              FunctionConfig::objectImage)
          .containsExactly("r.example.com", "1.0", "r.example.com/d:1", "r.example.com/o:1");
    }

    @Test
    @DisplayName(
        "an unknown key is a warning at data.KEY naming the keys there are; the config is still read")
    void unknownKey() {
      ReadOutcome<FunctionConfig> read =
          withFunctionConfig(
                  configMap(
                      "racer-function",
                      "racer",
                      "{imageRegistry: r.example.com, registry: r.example.com}"))
              .functionConfig();

      assertThat(read.ok()).isTrue();
      assertThat(read.value().imageRegistry()).isEqualTo("r.example.com");
      assertThat(read.results())
          .singleElement()
          .satisfies(
              warning -> {
                assertThat(warning.severity()).isEqualTo(Severity.WARNING);
                assertThat(warning.fieldPath()).isEqualTo("data.registry");
                assertThat(warning.message())
                    .contains("imageRegistry, imageTag, dataplaneImage, objectImage");
              });
    }

    @Test
    @DisplayName(
        "an unknown key within two edits of a key is an error naming it: a typo, never ignored")
    void typo() {
      ReadOutcome<FunctionConfig> read =
          withFunctionConfig(
                  configMap("racer-function", "racer", "{imageRegistery: r.example.com}"))
              .functionConfig();

      assertThat(read.ok()).isFalse();
      assertThat(read.results())
          .singleElement()
          .satisfies(
              error -> {
                assertThat(error.severity()).isEqualTo(Severity.ERROR);
                assertThat(error.fieldPath()).isEqualTo("data.imageRegistery");
                assertThat(error.message())
                    .isEqualTo(
                        "unknown function config key imageRegistery: did you mean imageRegistry?"
                            + " Rename it to imageRegistry; the keys are "
                            + String.join(", ", FunctionConfig.KEYS));
              });
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
        textBlock =
            """
            imageRegistryURL, '; did you mean imageRegistry?'
            registry,         ''
            """)
    @DisplayName(
        "an unknown key three edits or more from every key is a warning, with the nearest if near")
    void farKey(String key, String hint) {
      ReadOutcome<FunctionConfig> read =
          withFunctionConfig(configMap("racer-function", "racer", "{" + key + ": x}"))
              .functionConfig();

      assertThat(read.ok()).isTrue();
      assertThat(read.results())
          .singleElement()
          .satisfies(
              warning -> {
                assertThat(warning.severity()).isEqualTo(Severity.WARNING);
                assertThat(warning.message())
                    .isEqualTo(
                        "unknown function config key "
                            + key
                            + " is ignored"
                            + hint
                            + "; the keys are "
                            + String.join(", ", FunctionConfig.KEYS));
              });
    }

    @Test
    @DisplayName("uncheckedSettings: its comma-separated entries, stripped, blank ones left out")
    void uncheckedSettings() {
      ReadOutcome<FunctionConfig> read =
          withFunctionConfig(
                  configMap(
                      "racer-function",
                      "racer",
                      "{uncheckedSettings: \" RACER_NEW_KNOB,, RACER_NVIDA ,\"}"))
              .functionConfig();

      assertThat(read.results()).isEmpty();
      assertThat(read.value().uncheckedSettings())
          .containsExactlyInAnyOrder("RACER_NEW_KNOB", "RACER_NVIDA");
      assertThat(inputs().functionConfig().value().uncheckedSettings()).isEmpty();
    }

    @Test
    @DisplayName("another kind is an error at kind, naming what it is")
    void otherKind() {
      ReadOutcome<FunctionConfig> read =
          withFunctionConfig(
                  """
          apiVersion: fn.kpt.dev/v1alpha1
          kind: RacerConfig
          metadata: {name: racer}
          """)
              .functionConfig();

      assertThat(read.ok()).isFalse();
      assertThat(read.results())
          .singleElement()
          .satisfies(
              error -> {
                assertThat(error.fieldPath()).isEqualTo("kind");
                assertThat(error.message())
                    .startsWith("functionConfig is a fn.kpt.dev/v1alpha1 RacerConfig");
              });
    }
  }

  @Nested
  @DisplayName("the dataplane objects already there")
  class Existing {
    @Test
    @DisplayName(
        "the DaemonSet and ServiceAccount racer of the installation namespace, also under a previous name")
    void found() {
      Inputs inputs =
          inputs(
              named("DaemonSet", "apps/v1", "racer", "racer"),
              """
          apiVersion: v1
          kind: ServiceAccount
          metadata:
            name: prod-racer
            namespace: racer
            annotations: {internal.config.kubernetes.io/previousNames: racer}
          """);

      assertThat(inputs.existingDaemonSet("racer").value().name()).isEqualTo("racer");
      assertThat(inputs.existingServiceAccount("racer").value().name()).isEqualTo("prod-racer");
    }

    @Test
    @DisplayName(
        "none in the installation namespace, or of another apiVersion, is no object and no error")
    void notThere() {
      Inputs inputs =
          inputs(
              named("DaemonSet", "apps/v1", "racer", "elsewhere"),
              named("DaemonSet", "extensions/v1beta1", "racer", "racer"),
              named("ServiceAccount", "v1", "other", "racer"));

      ReadOutcome<Item> daemonSet = inputs.existingDaemonSet("racer");
      ReadOutcome<Item> account = inputs.existingServiceAccount("racer");

      assertThat(daemonSet.value()).isNull();
      assertThat(daemonSet.results()).isEmpty();
      assertThat(account.value()).isNull();
      assertThat(account.results()).isEmpty();
    }

    @Test
    @DisplayName("two in the installation namespace: an error naming both")
    void two() {
      ReadOutcome<Item> read =
          inputs(
                  named("DaemonSet", "apps/v1", "racer", "racer"),
                  """
          apiVersion: apps/v1
          kind: DaemonSet
          metadata:
            name: prod-racer
            namespace: racer
            annotations: {internal.config.kubernetes.io/previousNames: racer}
          """)
              .existingDaemonSet("racer");

      assertThat(read.ok()).isFalse();
      assertThat(read.results().first().message())
          .isEqualTo(
              "found 2 DaemonSets that are the dataplane's racer:"
                  + " DaemonSet racer/racer; DaemonSet racer/prod-racer. Keep one");
    }

    @Test
    @DisplayName("dataplaneDaemonSets: every DaemonSet racer, in any namespace, in item order")
    void everyNamespace() {
      Inputs inputs =
          inputs(
              named("DaemonSet", "apps/v1", "racer", "b"),
              named("DaemonSet", "apps/v1", "other", "a"),
              named("DaemonSet", "apps/v1", "racer", "a"));

      assertThat(inputs.dataplaneDaemonSets())
          .extracting(Item::namespace)
          .containsExactly("b", "a");
    }
  }

  @Nested
  @DisplayName("overrides (the Argo CD Application's parameters)")
  class WithOverrides {
    @Test
    @DisplayName(
        "win over racer-settings: a key they set keeps its place, a new one comes last, the ConfigMap's node unchanged")
    void settings() {
      Inputs inputs =
          new Inputs(
              ManifestNodes.of(configMap("racer-settings", "racer", "{A: \"1\", B: \"2\"}")),
              null,
              new Overrides(Map.of("A", "x"), Map.of()));

      assertThat(inputs.settings().value().data())
          .containsExactly(Map.entry("A", "x"), Map.entry("B", "2"));
      assertThat(inputs.items().get(0).node().toString()).doesNotContain("value=x");
    }

    @Test
    @DisplayName("win over the function config's keys, and make one where there is none")
    void functionConfig() {
      Overrides overrides = new Overrides(Map.of(), Map.of("imageTag", "9.9.9"));
      Inputs with =
          new Inputs(
              List.of(),
              ManifestNodes.one(
                  "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: f}\n"
                      + "data: {imageRegistry: r.example.com, imageTag: \"1.0.0\"}\n"),
              overrides);
      Inputs without = new Inputs(List.of(), null, overrides);

      assertThat(with.functionConfig().value().resolvedDataplaneImage())
          .isEqualTo("r.example.com/racer-dataplane:9.9.9");
      assertThat(without.functionConfig().value().imageTag()).isEqualTo("9.9.9");
      assertThat(without.functionConfig().value().source()).isNull();
    }
  }

  @Nested
  @DisplayName("builtSettings: racer-settings in a finished kustomize build")
  class BuiltSettings {
    private static final String DAEMON_SET =
        """
        apiVersion: apps/v1
        kind: DaemonSet
        metadata: {name: racer, namespace: racer}
        spec:
          template:
            spec:
              containers:
              - name: sidecar
                envFrom: [{configMapRef: {name: decoy}}]
              - name: dataplane
                envFrom:
                - configMapRef: {name: own-settings}
                - secretRef: {name: a-secret}
                - configMapRef: {name: racer-settings-5hc2k8m7g4}
        """;

    @Test
    @DisplayName(
        "the ConfigMap the dataplane container's last envFrom names, in the DaemonSet's namespace, kustomize's hash and all")
    void namedByTheDaemonSet() {
      ReadOutcome<SettingsSource> read =
          inputs(
                  configMap("racer-settings-5hc2k8m7g4", "elsewhere", "{RACER_PEER_PORT: \"1\"}"),
                  configMap("own-settings", "racer", "{RACER_PEER_PORT: \"2\"}"),
                  configMap("decoy", "racer", "{RACER_PEER_PORT: \"3\"}"),
                  configMap("racer-settings-5hc2k8m7g4", "racer", "{RACER_PEER_PORT: \"9100\"}"),
                  DAEMON_SET)
              .builtSettings();

      assertThat(read.ok()).isTrue();
      assertThat(read.value().data()).containsExactly(Map.entry("RACER_PEER_PORT", "9100"));
      assertThat(read.value().namespace()).isEqualTo("racer");
    }

    @Test
    @DisplayName("racer-settings by its own name first, as settings() finds it")
    void byName() {
      ReadOutcome<SettingsSource> read =
          inputs(
                  configMap("racer-settings", "racer", "{RACER_PEER_PORT: \"9300\"}"),
                  configMap("racer-settings-5hc2k8m7g4", "racer", "{RACER_PEER_PORT: \"9100\"}"),
                  DAEMON_SET)
              .builtSettings();

      assertThat(read.value().data()).containsEntry("RACER_PEER_PORT", "9300");
    }

    @Test
    @DisplayName("none: the error of settings(), when no DaemonSet names a ConfigMap that is there")
    void none() {
      ReadOutcome<SettingsSource> read =
          inputs(configMap("decoy", "racer", null), DAEMON_SET).builtSettings();

      assertThat(read.ok()).isFalse();
      assertThat(read.results().first().message()).startsWith("no ConfigMap named racer-settings");
    }
  }
}
