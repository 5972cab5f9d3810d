package io.unboundedcloud.racer.krm.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.inputs.FunctionConfig;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.inputs.SettingsSource;
import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.workload.Config;
import io.unboundedcloud.racer.workload.NvidiaInjection;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

@DisplayName(
    "DataplaneConfiguration: racer-settings and the function config to a Config, or results at the field at fault")
class DataplaneConfigurationTest {
  private static final String REGISTRY = "registry.example.com/racer";
  private static final Item SETTINGS_ITEM =
      new Item(
          ManifestNodes.one(
              """
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: racer-settings, namespace: racer}
      """));
  private static final Item CONFIG_ITEM =
      new Item(
          ManifestNodes.one(
              """
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: racer-function}
      """));
  private static final ResourceRef SETTINGS_REF = SETTINGS_ITEM.ref();
  private static final ResourceRef CONFIG_REF = CONFIG_ITEM.ref();

  private static SettingsSource settings(Map<String, String> data) {
    return settings("racer", data);
  }

  private static SettingsSource settings(String namespace, Map<String, String> data) {
    return new SettingsSource(SETTINGS_ITEM, namespace, data);
  }

  /** A function config that lists no unchecked settings keys. */
  private static final FunctionConfig NO_CONFIG = new FunctionConfig(null, null, null, null, null);

  private static FunctionConfig fromRegistry(String registry) {
    return new FunctionConfig(CONFIG_ITEM, registry, null, null, null);
  }

  private static FunctionConfig images(String dataplane, String object) {
    return new FunctionConfig(CONFIG_ITEM, null, null, dataplane, object);
  }

  /** The one result of a config that could not be made. */
  private static Result refused(SettingsSource settings, FunctionConfig function) {
    Results results = new Results();
    assertThat(DataplaneConfiguration.of(settings, function, results)).as("the config").isNull();
    assertThat(results).hasSize(1);
    assertThat(results.first().severity()).isEqualTo(Severity.ERROR);
    return results.first();
  }

  @Nested
  @DisplayName(
      "validateSettings: each finding of the settings catalog becomes a result on racer-settings")
  class ValidateSettings {
    @Test
    @DisplayName("valid or empty settings raise nothing")
    void valid() {
      Results results = new Results();
      DataplaneConfiguration.validateSettings(settings(Map.of()), NO_CONFIG, results);
      DataplaneConfiguration.validateSettings(
          settings(Map.of("RACER_PEER_PORT", "9090", "RACER_NVIDIA", "cdi")), NO_CONFIG, results);
      assertThat(results).isEmpty();
    }

    @Test
    @DisplayName("a value its rule refuses is an error at data.KEY, with the value as it was")
    void invalidValue() {
      Results results = new Results();
      DataplaneConfiguration.validateSettings(
          settings(Map.of("RACER_PEER_PORT", "80")), NO_CONFIG, results);

      assertThat(results)
          .singleElement()
          .satisfies(
              result -> {
                assertThat(result.severity()).isEqualTo(Severity.ERROR);
                assertThat(result.resource()).isEqualTo(SETTINGS_REF);
                assertThat(result.fieldPath()).isEqualTo("data.RACER_PEER_PORT");
                assertThat(result.currentValue()).isEqualTo("80");
                assertThat(result.message()).contains("RACER_PEER_PORT", "1024..65535");
              });
    }

    @Test
    @DisplayName("an unknown RACER_ key two edits from a known one is an error naming that key")
    void typo() {
      Results results = new Results();
      DataplaneConfiguration.validateSettings(
          settings(Map.of("RACER_PEER_PROT", "9090")), NO_CONFIG, results);

      assertThat(results)
          .singleElement()
          .satisfies(
              result -> {
                assertThat(result.severity()).isEqualTo(Severity.ERROR);
                assertThat(result.resource()).isEqualTo(SETTINGS_REF);
                assertThat(result.fieldPath()).isEqualTo("data.RACER_PEER_PROT");
                assertThat(result.currentValue()).isEqualTo("9090");
                assertThat(result.message())
                    .startsWith(
                        "RACER_PEER_PROT is not a known racer-settings key, and it is 1 edit from"
                            + " RACER_PEER_PORT: a typo");
              });
    }

    @Test
    @DisplayName("a key the function config lists in uncheckedSettings is passed on unchecked")
    void unchecked() {
      Results results = new Results();
      FunctionConfig config =
          new FunctionConfig(
              CONFIG_ITEM, REGISTRY, null, null, null, false, Set.of("RACER_PEER_PROT"));
      DataplaneConfiguration.validateSettings(
          settings(Map.of("RACER_PEER_PROT", "9090")), config, results);

      assertThat(results).isEmpty();
    }

    @Test
    @DisplayName(
        "an unknown RACER_ key three edits or more from every known one is a warning, with the nearest")
    void unknownKey() {
      Results results = new Results();
      DataplaneConfiguration.validateSettings(
          settings(Map.of("RACER_PEER_PORTXYZ", "9090")), NO_CONFIG, results);

      assertThat(results)
          .singleElement()
          .satisfies(
              result -> {
                assertThat(result.severity()).isEqualTo(Severity.WARNING);
                assertThat(result.fieldPath()).isEqualTo("data.RACER_PEER_PORTXYZ");
                assertThat(result.message()).contains("did you mean RACER_PEER_PORT?");
              });
      assertThat(results.exitCode()).isZero();
    }

    @Test
    @DisplayName(
        "findings keep the catalog's order (by key) and are added after the results already there")
    void order() {
      Results results = new Results().add(Result.error("found before"));
      DataplaneConfiguration.validateSettings(
          settings(Map.of("RACER_PEER_PORT", "80", "RACER_NVIDIA", "gpu")), NO_CONFIG, results);

      assertThat(results)
          .extracting(Result::fieldPath)
          .containsExactly(null, "data.RACER_NVIDIA", "data.RACER_PEER_PORT");
    }
  }

  @Nested
  @DisplayName("of: the images")
  class Images {
    @Test
    @DisplayName("a registry gives both images at the targeted Racer release")
    void registry() {
      Config config =
          DataplaneConfiguration.of(settings(Map.of()), fromRegistry(REGISTRY), new Results());

      assertThat(config.dataplaneImage()).isEqualTo(REGISTRY + "/racer-dataplane:0.19.0");
      assertThat(config.objectImage()).isEqualTo(REGISTRY + "/racer-object:0.19.0");
    }

    @Test
    @DisplayName("no registry and no images: an error on the function config's data.imageRegistry")
    void none() {
      Result error =
          refused(settings(Map.of()), new FunctionConfig(CONFIG_ITEM, null, null, null, null));

      assertThat(error.resource()).isEqualTo(CONFIG_REF);
      assertThat(error.fieldPath()).isEqualTo("data.imageRegistry");
      assertThat(error.message())
          .startsWith("no dataplane image: set the function config's data.imageRegistry")
          .endsWith("or data.dataplaneImage");
    }

    @Test
    @DisplayName(
        "a tag but no registry: the error says the tag is set (not that it is the default)")
    void tagWithoutRegistry() {
      Result withTag =
          refused(settings(Map.of()), new FunctionConfig(CONFIG_ITEM, null, "9.9.9", null, null));
      Result withoutTag =
          refused(settings(Map.of()), new FunctionConfig(CONFIG_ITEM, null, null, null, null));

      assertThat(withTag.message())
          .contains("data.imageTag is \"9.9.9\")")
          .doesNotContain("defaults to");
      assertThat(withoutTag.message()).contains("data.imageTag defaults to 0.19.0)");
    }

    @Test
    @DisplayName("only the dataplane image: the error asks for the racer-object image")
    void onlyDataplane() {
      Result error = refused(settings(Map.of()), images(REGISTRY + "/racer-dataplane:1", null));

      assertThat(error.message())
          .startsWith("no racer-object image")
          .endsWith("or data.objectImage");
    }

    @Test
    @DisplayName("no function config at all: the error points at no object")
    void noFunctionConfig() {
      Result error = refused(settings(Map.of()), new FunctionConfig(null, null, null, null, null));

      assertThat(error.resource()).isNull();
      assertThat(error.fieldPath()).isNull();
    }

    @Test
    @DisplayName("an invalid full image: an error at that key, with the image as it was")
    void invalidImage() {
      Result error =
          refused(
              settings(Map.of()), images("Registry/UPPER/racer:1", REGISTRY + "/racer-object:1"));

      assertThat(error.resource()).isEqualTo(CONFIG_REF);
      assertThat(error.fieldPath()).isEqualTo("data.dataplaneImage");
      assertThat(error.currentValue()).isEqualTo("Registry/UPPER/racer:1");
    }

    @Test
    @DisplayName(
        "a registry that makes invalid images: the error is at data.imageRegistry, which made them")
    void invalidRegistry() {
      Result error = refused(settings(Map.of()), fromRegistry("registry.example.com/UPPER"));

      assertThat(error.fieldPath()).isEqualTo("data.imageRegistry");
      assertThat(error.currentValue())
          .isEqualTo("registry.example.com/UPPER/racer-dataplane:0.19.0");
    }

    @Test
    @DisplayName("an invalid racer-object image set in full is blamed on data.objectImage")
    void invalidObjectImage() {
      Result error =
          refused(settings(Map.of()), images(REGISTRY + "/racer-dataplane:1", "racer object"));

      assertThat(error.fieldPath()).isEqualTo("data.objectImage");
    }
  }

  @Nested
  @DisplayName("of: the settings that shape the DaemonSet")
  class Settings {
    @Test
    @DisplayName(
        "none set: the defaults (peer port 8082, no host network, diagnostics port chosen, NVIDIA env)")
    void defaults() {
      Config config =
          DataplaneConfiguration.of(settings(Map.of()), fromRegistry(REGISTRY), new Results());

      assertThat(config)
          .isEqualTo(
              Config.defaultConfig(
                  "racer",
                  REGISTRY + "/racer-dataplane:0.19.0",
                  REGISTRY + "/racer-object:0.19.0"));
    }

    @Test
    @DisplayName("each key is read into its field; the namespace is the settings'")
    void read() {
      Config config =
          DataplaneConfiguration.of(
              settings(
                  "gpu-system",
                  Map.of(
                      "RACER_PEER_PORT",
                      "9090",
                      "RACER_DIAGNOSTICS_PORT",
                      "9095",
                      "RACER_HOST_NETWORK",
                      "true",
                      "RACER_NVIDIA",
                      "cdi")),
              fromRegistry(REGISTRY),
              new Results());

      assertThat(config.namespace()).isEqualTo("gpu-system");
      assertThat(config.get(ShapeKeys.PEER_PORT)).isEqualTo(9090);
      assertThat(config.get(ShapeKeys.DIAGNOSTICS_PORT)).isEqualTo(9095);
      assertThat(config.get(ShapeKeys.HOST_NETWORK)).isTrue();
      assertThat(config.get(ShapeKeys.NVIDIA)).isEqualTo(NvidiaInjection.CDI);
    }

    @Test
    @DisplayName("empty values mean the defaults, as unset ones do")
    void emptyValues() {
      Config config =
          DataplaneConfiguration.of(
              settings(
                  Map.of("RACER_PEER_PORT", "", "RACER_DIAGNOSTICS_PORT", "", "RACER_NVIDIA", "")),
              fromRegistry(REGISTRY),
              new Results());

      assertThat(config.get(ShapeKeys.PEER_PORT)).isEqualTo(8082);
      assertThat(config.get(ShapeKeys.DIAGNOSTICS_PORT)).isZero();
      assertThat(config.get(ShapeKeys.NVIDIA)).isEqualTo(NvidiaInjection.ENV);
    }

    @Test
    @DisplayName(
        "a peer port on the control port: an error at data.RACER_PEER_PORT on racer-settings")
    void peerPortCollides() {
      Result error = refused(settings(Map.of("RACER_PEER_PORT", "8443")), fromRegistry(REGISTRY));

      assertThat(error.resource()).isEqualTo(SETTINGS_REF);
      assertThat(error.fieldPath()).isEqualTo("data.RACER_PEER_PORT");
      assertThat(error.currentValue()).isEqualTo("8443");
    }

    @Test
    @DisplayName("a diagnostics port on the peer port: an error at data.RACER_DIAGNOSTICS_PORT")
    void diagnosticsPortCollides() {
      Result error =
          refused(settings(Map.of("RACER_DIAGNOSTICS_PORT", "8082")), fromRegistry(REGISTRY));

      assertThat(error.fieldPath()).isEqualTo("data.RACER_DIAGNOSTICS_PORT");
      assertThat(error.message()).contains("collides with peerPort 8082");
    }

    @Test
    @DisplayName("a namespace that is no DNS label: an error at the settings' metadata.namespace")
    void badNamespace() {
      Result error = refused(settings("Racer_System", Map.of()), fromRegistry(REGISTRY));

      assertThat(error.resource()).isEqualTo(SETTINGS_REF);
      assertThat(error.fieldPath()).isEqualTo("metadata.namespace");
      assertThat(error.currentValue()).isEqualTo("Racer_System");
    }
  }
}
