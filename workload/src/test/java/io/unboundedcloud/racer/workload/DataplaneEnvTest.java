package io.unboundedcloud.racer.workload;

import static io.unboundedcloud.racer.workload.Trees.map;
import static io.unboundedcloud.racer.workload.Trees.plain;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The explicit env of the container dataplane, as docs/dataplane.md lists it. */
@DisplayName("the dataplane container's explicit env")
class DataplaneEnvTest {
  private static final String MATRIX = "io.unboundedcloud.racer.workload.RenderCase#all";

  private static List<EnvVar> rendered(Config config) {
    return Dataplane.daemonSet(config)
        .getSpec()
        .getTemplate()
        .getSpec()
        .getContainers()
        .get(0)
        .getEnv();
  }

  /** docs/dataplane.md, "Explicit env, in this order", for a peer and a diagnostics port. */
  private static List<Map<String, Object>> expected(RenderCase c, int peer, int diagnostics) {
    List<Map<String, Object>> env =
        new ArrayList<>(
            List.of(
                map(
                    "name",
                    "RACER_POD_IP",
                    "valueFrom",
                    map("fieldRef", map("apiVersion", "v1", "fieldPath", "status.podIP"))),
                map("name", "RACER_PEER_LISTEN", "value", "[$(RACER_POD_IP)]:" + peer),
                map(
                    "name",
                    "RACER_DIAGNOSTICS_LISTEN",
                    "value",
                    "[$(RACER_POD_IP)]:" + diagnostics),
                map("name", "RACER_CONTROL_LISTEN", "value", "[$(RACER_POD_IP)]:8443"),
                map("name", "RACER_WEBHOOK_LISTEN", "value", "[$(RACER_POD_IP)]:9443"),
                map("name", "RACER_CONTROL_TOKEN", "value", "/var/run/racer-token/token"),
                map(
                    "name",
                    "RACER_API_CREDENTIALS",
                    "value",
                    "/var/run/secrets/kubernetes.io/serviceaccount"),
                map("name", "RACER_IDENTITY_DIRECTORY", "value", "/var/lib/racer/identity/private"),
                map("name", "RACER_SLAB_DIRECTORY", "value", "/var/lib/racer/slabs"),
                map("name", "RACER_DEVICE_DIRECTORY", "value", "/host/dev"),
                map(
                    "name",
                    "RACER_OBJECT_IMAGE",
                    "value",
                    "ghcr.io/unbounded-cloud/racer-object:0.19.0")));
    if (c.injectsDriver()) {
      env.add(map("name", "NVIDIA_VISIBLE_DEVICES", "value", "all"));
      env.add(map("name", "NVIDIA_DRIVER_CAPABILITIES", "value", "compute,utility"));
    }
    return env;
  }

  @Nested
  @DisplayName("in every NVIDIA mode and network setting")
  class Rendered {
    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName(
        "is exactly the list of docs/dataplane.md, in order; modes env and cdi add the two NVIDIA variables")
    void exactListInOrder(RenderCase c) {
      assertThat(plain(rendered(c.config()))).isEqualTo(expected(c, 8082, 9090));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("is what DataplaneEnv.of renders")
    void sameAsDataplaneEnv(RenderCase c) {
      assertThat(plain(DataplaneEnv.of(c.config(), c.config().get(ShapeKeys.NVIDIA))))
          .isEqualTo(expected(c, 8082, 9090));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName(
        "never sets RACER_CONTROL_SEATS: the seat policy reaches the dataplane from racer-settings")
    void noControlSeats(RenderCase c) {
      assertThat(rendered(c.config()))
          .extracting(EnvVar::getName)
          .doesNotContain("RACER_CONTROL_SEATS");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("RACER_POD_IP is the only valueFrom, and no variable carries the node's name")
    void podIpOnlyValueFromAndNoNodeName(RenderCase c) {
      List<EnvVar> env = rendered(c.config());

      assertThat(env)
          .filteredOn(e -> e.getValueFrom() != null)
          .extracting(EnvVar::getName)
          .containsExactly("RACER_POD_IP");
      assertThat(env).extracting(EnvVar::getName).noneMatch(name -> name.contains("NODE"));
      assertThat(plain(env).toString()).doesNotContain("spec.nodeName");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("every $(VAR) follows the VAR it expands")
    void referencesFollowTheirVariable(RenderCase c) {
      Pattern reference = Pattern.compile("\\$\\(([A-Z0-9_]+)\\)");
      Set<String> defined = new HashSet<>();
      for (EnvVar var : rendered(c.config())) {
        if (var.getValue() != null) {
          Matcher matcher = reference.matcher(var.getValue());
          while (matcher.find()) {
            assertThat(defined)
                .as("%s expands $(%s)", var.getName(), matcher.group(1))
                .contains(matcher.group(1));
          }
        }
        defined.add(var.getName());
      }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("has no duplicate names")
    void distinctNames(RenderCase c) {
      assertThat(rendered(c.config())).extracting(EnvVar::getName).doesNotHaveDuplicates();
    }
  }

  @Nested
  @DisplayName("follows the listener ports")
  class ListenerPorts {
    @Test
    @DisplayName(
        "when the peer port is 9090 and diagnostics unset, RACER_DIAGNOSTICS_LISTEN moves to 9091")
    void diagnosticsMovesTo9091() {
      RenderCase c = new RenderCase(NvidiaInjection.OFF, false);

      assertThat(plain(rendered(c.config().with(ShapeKeys.PEER_PORT, 9090))))
          .isEqualTo(expected(c, 9090, 9091));
    }

    @Test
    @DisplayName("an explicit diagnostics port is the one RACER_DIAGNOSTICS_LISTEN binds")
    void explicitDiagnostics() {
      RenderCase c = new RenderCase(NvidiaInjection.CDI, true);

      assertThat(
              plain(
                  rendered(
                      c.config()
                          .with(ShapeKeys.PEER_PORT, 1024)
                          .with(ShapeKeys.DIAGNOSTICS_PORT, 65535))))
          .isEqualTo(expected(c, 1024, 65535));
    }
  }

  @Nested
  @DisplayName("DataplaneEnv.ownedNames")
  class OwnedNames {
    @Test
    @DisplayName("contains every env name any mode renders, and nothing else")
    void everyNameOfEveryMode() {
      Set<String> renderedNames = new LinkedHashSet<>();
      RenderCase.all()
          .forEach(c -> rendered(c.config()).forEach(e -> renderedNames.add(e.getName())));

      assertThat(DataplaneEnv.ownedNames()).containsAll(renderedNames);
      assertThat(DataplaneEnv.ownedNames())
          .doesNotHaveDuplicates()
          .containsExactlyInAnyOrder(
              "RACER_POD_IP",
              "RACER_PEER_LISTEN",
              "RACER_DIAGNOSTICS_LISTEN",
              "RACER_CONTROL_LISTEN",
              "RACER_WEBHOOK_LISTEN",
              "RACER_CONTROL_TOKEN",
              "RACER_API_CREDENTIALS",
              "RACER_IDENTITY_DIRECTORY",
              "RACER_SLAB_DIRECTORY",
              "RACER_DEVICE_DIRECTORY",
              "RACER_OBJECT_IMAGE",
              "NVIDIA_VISIBLE_DEVICES",
              "NVIDIA_DRIVER_CAPABILITIES");
    }

    @Test
    @DisplayName(
        "never owns RACER_CONTROL_SEATS: an explicit one is the user's error, not ours to remove")
    void notControlSeats() {
      assertThat(DataplaneEnv.ownedNames()).doesNotContain("RACER_CONTROL_SEATS");
    }

    @Test
    @DisplayName("NVIDIA_NAMES are the two names only modes env and cdi render")
    void nvidiaNames() {
      assertThat(NvidiaInjection.ENV_NAMES)
          .containsExactly("NVIDIA_VISIBLE_DEVICES", "NVIDIA_DRIVER_CAPABILITIES");
      assertThat(rendered(new RenderCase(NvidiaInjection.OFF, false).config()))
          .extracting(EnvVar::getName)
          .doesNotContainAnyElementsOf(NvidiaInjection.ENV_NAMES);
    }
  }
}
