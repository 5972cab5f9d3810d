package io.unboundedcloud.racer.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Config, DefaultConfig and Validate of docs/dataplane.md. */
@DisplayName("Config")
class ConfigTest {
  private static final Config VALID =
      Config.defaultConfig("racer-system", RenderCase.DATAPLANE_IMAGE, RenderCase.OBJECT_IMAGE);

  private static Config withDataplaneImage(String image) {
    return Config.defaultConfig("racer-system", image, RenderCase.OBJECT_IMAGE);
  }

  private static Config withObjectImage(String image) {
    return Config.defaultConfig("racer-system", RenderCase.DATAPLANE_IMAGE, image);
  }

  @Nested
  @DisplayName("defaultConfig")
  class Defaults {
    @Test
    @DisplayName("is peer port 8082, no host network, diagnostics unset (9090), NVIDIA env")
    void defaults() {
      assertThat(VALID.get(ShapeKeys.PEER_PORT)).isEqualTo(8082);
      assertThat(VALID.get(ShapeKeys.HOST_NETWORK)).isFalse();
      assertThat(VALID.get(ShapeKeys.DIAGNOSTICS_PORT)).isZero();
      assertThat(VALID.get(ShapeKeys.NVIDIA)).isEqualTo(NvidiaInjection.ENV);
      assertThat(VALID.effectiveDiagnosticsPort()).isEqualTo(9090);
      assertThat(VALID.namespace()).isEqualTo("racer-system");
    }

    @Test
    @DisplayName("each with-copy changes its own field and keeps the others")
    void copies() {
      Config changed =
          VALID
              .with(ShapeKeys.PEER_PORT, 9000)
              .with(ShapeKeys.DIAGNOSTICS_PORT, 9100)
              .with(ShapeKeys.HOST_NETWORK, true)
              .with(ShapeKeys.NVIDIA, NvidiaInjection.CDI)
              .withNamespace("racer");
      assertThat(changed)
          .isEqualTo(
              Config.fromSettings(
                  "racer",
                  RenderCase.DATAPLANE_IMAGE,
                  RenderCase.OBJECT_IMAGE,
                  Map.of(
                      "RACER_PEER_PORT", "9000",
                      "RACER_DIAGNOSTICS_PORT", "9100",
                      "RACER_HOST_NETWORK", "true",
                      "RACER_NVIDIA", "cdi")));
      assertThat(changed.with(ShapeKeys.HOST_NETWORK, false).get(ShapeKeys.HOST_NETWORK)).isFalse();
      assertThat(VALID.get(ShapeKeys.HOST_NETWORK)).isFalse();
    }

    @Test
    @DisplayName(
        "is what fromSettings reads from no settings, and from every key set to its default")
    void readFromSettings() {
      Map<String, String> defaults =
          Map.of("RACER_PEER_PORT", "8082", "RACER_HOST_NETWORK", "false", "RACER_NVIDIA", "env");
      assertThat(
              Config.fromSettings(
                  "racer-system", RenderCase.DATAPLANE_IMAGE, RenderCase.OBJECT_IMAGE, defaults))
          .isEqualTo(VALID);
      assertThat(
              Config.fromSettings(
                  "racer-system", RenderCase.DATAPLANE_IMAGE, RenderCase.OBJECT_IMAGE, Map.of()))
          .isEqualTo(VALID);
    }
  }

  @Nested
  @DisplayName("validate rejects")
  class Invalid {
    static Stream<Arguments> badConfigs() {
      return Stream.of(
          bad("an empty dataplane image", withDataplaneImage(""), "dataplaneImage", ""),
          bad("a blank dataplane image", withDataplaneImage("   "), "dataplaneImage", "   "),
          bad("an empty object image", withObjectImage(""), "objectImage", ""),
          bad("a blank object image", withObjectImage("\t"), "objectImage", "\t"),
          bad(
              "a dataplane image with whitespace",
              withDataplaneImage("ghcr.io/racer/dataplane :0.19.0"),
              "dataplaneImage",
              "ghcr.io/racer/dataplane :0.19.0"),
          bad(
              "an object image with a trailing newline",
              withObjectImage("ghcr.io/racer/object:0.19.0\n"),
              "objectImage",
              "ghcr.io/racer/object:0.19.0\n"),
          bad(
              "an uppercase repository",
              withDataplaneImage("UPPER/case"),
              "dataplaneImage",
              "UPPER/case"),
          bad(
              "a tag without a repository",
              withDataplaneImage(":tag-only"),
              "dataplaneImage",
              ":tag-only"),
          bad("an empty path component", withDataplaneImage("a//b"), "dataplaneImage", "a//b"),
          bad(
              "a malformed object image",
              withObjectImage("racer/Object"),
              "objectImage",
              "racer/Object"),
          bad(
              "a digest that is no digest",
              withDataplaneImage("racer@sha256:xyz"),
              "dataplaneImage",
              "racer@sha256:xyz"),
          bad(
              "a namespace that is no DNS-1123 label",
              VALID.withNamespace("Bad_NS"),
              "namespace",
              "Bad_NS"),
          bad(
              "a namespace of 64 characters",
              VALID.withNamespace("n".repeat(64)),
              "namespace",
              "n".repeat(64)),
          bad("peer port 0", VALID.with(ShapeKeys.PEER_PORT, 0), "peerPort", "0"),
          bad(
              "peer port 1023 (privileged)",
              VALID.with(ShapeKeys.PEER_PORT, 1023),
              "peerPort",
              "1023"),
          bad("peer port 65536", VALID.with(ShapeKeys.PEER_PORT, 65536), "peerPort", "65536"),
          bad("a negative peer port", VALID.with(ShapeKeys.PEER_PORT, -1), "peerPort", "-1"),
          bad(
              "peer port 8443 (control)",
              VALID.with(ShapeKeys.PEER_PORT, 8443),
              "peerPort",
              "8443"),
          bad(
              "peer port 9443 (webhook)",
              VALID.with(ShapeKeys.PEER_PORT, 9443),
              "peerPort",
              "9443"),
          bad(
              "diagnostics port 8443 (control)",
              VALID.with(ShapeKeys.DIAGNOSTICS_PORT, 8443),
              "diagnosticsPort",
              "8443"),
          bad(
              "diagnostics port 9443 (webhook)",
              VALID.with(ShapeKeys.DIAGNOSTICS_PORT, 9443),
              "diagnosticsPort",
              "9443"),
          bad(
              "diagnostics port equal to the peer port",
              VALID.with(ShapeKeys.DIAGNOSTICS_PORT, 8082),
              "diagnosticsPort",
              "8082"),
          bad(
              "diagnostics port 9090 with peer port 9090",
              VALID.with(ShapeKeys.PEER_PORT, 9090).with(ShapeKeys.DIAGNOSTICS_PORT, 9090),
              "diagnosticsPort",
              "9090"),
          bad(
              "diagnostics port 1023",
              VALID.with(ShapeKeys.DIAGNOSTICS_PORT, 1023),
              "diagnosticsPort",
              "1023"),
          bad(
              "diagnostics port 65536",
              VALID.with(ShapeKeys.DIAGNOSTICS_PORT, 65536),
              "diagnosticsPort",
              "65536"));
    }

    private static Arguments bad(String what, Config config, String field, String value) {
      return Arguments.of(what, config, field, value);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badConfigs")
    @DisplayName("with an error that names the field and the value")
    void rejected(String what, Config config, String field, String value) {
      InvalidConfigurationException error =
          catchThrowableOfType(InvalidConfigurationException.class, config::validate);

      assertThat(error).as("validate() of %s", what).isNotNull();
      assertThat(error.getMessage())
          .startsWith("invalid racer dataplane configuration: ")
          .contains(field)
          .contains(value);
      assertThat(error.field()).isEqualTo(field);
      assertThat(error.value()).isEqualTo(value);
    }

    @ParameterizedTest(name = "{0} port {1}")
    @CsvSource({
      "peerPort, 8443, control",
      "peerPort, 9443, webhook",
      "diagnosticsPort, 8443, control",
      "diagnosticsPort, 9443, webhook"
    })
    @DisplayName("a port taken by the control or webhook listener: the message names that listener")
    void namesTheListener(String field, int port, String listener) {
      Config config =
          field.equals("peerPort")
              ? VALID.with(ShapeKeys.PEER_PORT, port)
              : VALID.with(ShapeKeys.DIAGNOSTICS_PORT, port);
      assertThatThrownBy(config::validate)
          .hasMessageEndingWith(
              field
                  + " "
                  + port
                  + " collides with the "
                  + listener
                  + " port "
                  + port
                  + ": every listener port must be distinct");
    }

    @Test
    @DisplayName("a repository name longer than 255 characters, with or without a tag")
    void longName() {
      String name = "ghcr.io/" + "r".repeat(248);
      assertThatThrownBy(withDataplaneImage(name)::validate)
          .isInstanceOf(InvalidConfigurationException.class);
      assertThatThrownBy(withObjectImage(name + ":0.19.0")::validate)
          .isInstanceOf(InvalidConfigurationException.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badConfigs")
    @DisplayName("and DaemonSet(config) throws instead of rendering")
    void daemonSetThrows(String what, Config config, String field, String value) {
      assertThatThrownBy(() -> Dataplane.daemonSet(config))
          .isInstanceOf(InvalidConfigurationException.class)
          .hasMessageContaining(field);
    }
  }

  @Nested
  @DisplayName("validate accepts")
  class Valid {
    @Test
    @DisplayName(
        "peer port 9090 with diagnostics unset: diagnostics moves to 9091, in the ports and the env")
    void peer9090MovesDiagnostics() {
      Config config = VALID.with(ShapeKeys.PEER_PORT, 9090);

      assertThatCode(config::validate).doesNotThrowAnyException();
      assertThat(config.effectiveDiagnosticsPort()).isEqualTo(9091);
      DaemonSet ds = Dataplane.daemonSet(config);
      var container = ds.getSpec().getTemplate().getSpec().getContainers().get(0);
      assertThat(container.getPorts())
          .filteredOn(p -> "diagnostics".equals(p.getName()))
          .singleElement()
          .satisfies(p -> assertThat(p.getContainerPort()).isEqualTo(9091));
      assertThat(container.getEnv())
          .filteredOn(e -> "RACER_DIAGNOSTICS_LISTEN".equals(e.getName()))
          .extracting(EnvVar::getValue)
          .containsExactly("[$(RACER_POD_IP)]:9091");
    }

    @ParameterizedTest(name = "peer port {0}")
    @ValueSource(ints = {1024, 9091, 65535})
    @DisplayName("peer ports at the bounds of 1024..65535")
    void peerPortBounds(int port) {
      assertThatCode(() -> VALID.with(ShapeKeys.PEER_PORT, port).validate())
          .doesNotThrowAnyException();
    }

    @ParameterizedTest(name = "diagnostics port {0}")
    @ValueSource(ints = {1024, 9090, 9091, 65535})
    @DisplayName("explicit diagnostics ports in 1024..65535 distinct from the others")
    void diagnosticsPortBounds(int port) {
      assertThatCode(() -> VALID.with(ShapeKeys.DIAGNOSTICS_PORT, port).validate())
          .doesNotThrowAnyException();
    }

    @Test
    @DisplayName("an empty or null namespace, which renders no namespace")
    void emptyNamespace() {
      for (String namespace : new String[] {"", null}) {
        Config config = VALID.withNamespace(namespace);

        assertThatCode(config::validate).doesNotThrowAnyException();
        assertThat(Dataplane.daemonSet(config).getMetadata().getNamespace()).isNull();
        assertThat(Dataplane.serviceAccount(config).getMetadata().getNamespace()).isNull();
      }
    }

    @Test
    @DisplayName("a namespace of 63 characters")
    void longestNamespace() {
      assertThatCode(() -> VALID.withNamespace("n".repeat(63)).validate())
          .doesNotThrowAnyException();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = {
          "racer",
          "racer:0.19.0",
          "registry.example.com:5000/racer/dataplane:0.19.0",
          "localhost:5000/racer",
          "localhost/racer",
          "[::1]:5000/racer:dev",
          "ghcr.io/unbounded-cloud/team/sub/racer-dataplane:0.19.0",
          "ghcr.io/racer/dataplane@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
          "ghcr.io/racer/dataplane:0.19.0@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
          "Registry.Example.com/racer/dataplane",
          "my_org/racer__x.y-z:V1.2_rc"
        })
    @DisplayName("images with a registry port, a digest, nested paths")
    void images(String image) {
      assertThatCode(() -> withDataplaneImage(image).validate()).doesNotThrowAnyException();
      assertThatCode(() -> withObjectImage(image).validate()).doesNotThrowAnyException();
    }

    @Test
    @DisplayName("a repository name of exactly 255 characters, also with a tag")
    void longestName() {
      String name = "ghcr.io/" + "r".repeat(247);
      assertThat(name).hasSize(255);
      assertThatCode(() -> withDataplaneImage(name).validate()).doesNotThrowAnyException();
      assertThatCode(() -> withObjectImage(name + ":0.19.0").validate()).doesNotThrowAnyException();
    }

    @Test
    @DisplayName("returns the config itself, for chaining")
    void returnsItself() {
      assertThat(VALID.validate()).isSameAs(VALID);
    }
  }
}
