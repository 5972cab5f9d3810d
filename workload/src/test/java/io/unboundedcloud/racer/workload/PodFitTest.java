package io.unboundedcloud.racer.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.workload.shape.ListenerPort;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Settings and images valid alone, checked against the pod that runs them. */
@DisplayName("PodFit")
class PodFitTest {
  private static final String REGISTRY = "registry.example.com/racer/";

  private static Config config(String tag) {
    return Config.defaultConfig(
        "racer-system", REGISTRY + "racer-dataplane:" + tag, REGISTRY + "racer-object:" + tag);
  }

  private static final Config TARGETED = config(Release.RACER_VERSION);

  @Test
  @DisplayName("the defaults fit the pod the builders render")
  void defaultsFit() {
    assertThat(PodFit.check(TARGETED, Map.of(), null)).isEmpty();
    assertThat(PodFit.check(TARGETED.with(ShapeKeys.HOST_NETWORK, true), Map.of(), 30L)).isEmpty();
  }

  @Nested
  @DisplayName("the shutdown deadline against the grace period")
  class ShutdownDeadline {
    @ParameterizedTest(name = "{0} ms in {1} s fits")
    @CsvSource({"30000, 30", "1, 1", "60000, 60", "59001, 60"})
    void fits(String timeout, long grace) {
      assertThat(PodFit.check(TARGETED, Map.of(PodFit.SHUTDOWN_TIMEOUT_KEY, timeout), grace))
          .isEmpty();
    }

    @Test
    @DisplayName("longer than the grace period: names both and the grace period that would fit")
    void tooLong() {
      List<PodFitProblem> problems =
          PodFit.check(TARGETED, Map.of(PodFit.SHUTDOWN_TIMEOUT_KEY, "45001"), null);
      assertThat(problems).hasSize(1);
      PodFitProblem problem = problems.get(0);
      assertThat(problem.field()).isEqualTo("RACER_SHUTDOWN_TIMEOUT_MS");
      assertThat(problem.value()).isEqualTo("45001");
      assertThat(problem.isSetting()).isTrue();
      assertThat(problem.message())
          .contains("RACER_SHUTDOWN_TIMEOUT_MS is 45001 ms")
          .contains("terminationGracePeriodSeconds of 30 s")
          .contains("to at least 46")
          .contains("to at most 30000");
    }

    @Test
    @DisplayName("the default deadline against a grace period patched shorter")
    void defaultDeadlineShorterGrace() {
      List<PodFitProblem> problems = PodFit.check(TARGETED, Map.of(), 10L);
      assertThat(problems).singleElement().extracting(PodFitProblem::value).isEqualTo("30000");
      assertThat(problems.get(0).message())
          .contains("30000 (the default) ms")
          .contains("of 10 s")
          .contains("at least 30,")
          .contains("at most 10000");
    }
  }

  @Nested
  @DisplayName("the images' release against the targeted one")
  class ImageRelease {
    @ParameterizedTest(name = "{0} fits")
    @ValueSource(strings = {"0.19.0", "0.19.3", "v0.19.7", "0.19", "0.19.1-rc.1", "latest", "main"})
    void fits(String tag) {
      assertThat(PodFit.check(config(tag), Map.of(), null)).isEmpty();
    }

    @Test
    @DisplayName("a digest alone cannot be judged")
    void digestAlone() {
      String digest = "@sha256:" + "a".repeat(64);
      Config pinned =
          Config.defaultConfig(
              "racer-system",
              REGISTRY + "racer-dataplane" + digest,
              REGISTRY + "racer-object" + digest);
      assertThat(PodFit.check(pinned, Map.of(), null)).isEmpty();
    }

    @ParameterizedTest(name = "{0} is another release")
    @CsvSource({"0.20.0, 0.20", "1.19.0, 1.19", "v0.18.2, 0.18", "0.20.0-rc.1, 0.20"})
    void anotherRelease(String tag, String release) {
      List<PodFitProblem> problems = PodFit.check(config(tag), Map.of(), null);
      assertThat(problems)
          .extracting(PodFitProblem::field)
          .containsExactly("dataplaneImage", "objectImage");
      assertThat(problems.get(0).isSetting()).isFalse();
      assertThat(problems.get(0).value()).isEqualTo(REGISTRY + "racer-dataplane:" + tag);
      assertThat(problems.get(0).message())
          .contains("is Racer " + release)
          .contains("Racer " + Release.RACER_VERSION)
          .contains("use a 0.19.x tag");
    }

    @Test
    @DisplayName("a tag longer than the grammar's 128 characters is not judged (it is no tag)")
    void overlongTag() {
      String tag = "0.20.0-" + "1".repeat(ImageGrammar.MAX_TAG_LENGTH);
      Config config = config(tag);
      assertThat(PodFit.check(config, Map.of(), null)).isEmpty();
      assertThat(PodFit.check(config(tag.substring(0, 128)), Map.of(), null)).hasSize(2);
    }

    @Test
    @DisplayName("the tag of a reference with a registry port and a digest")
    void tagOf() {
      assertThat(PodFit.tagOf("localhost:5000/racer-dataplane:0.20.0@sha256:" + "b".repeat(64)))
          .contains("0.20.0");
      assertThat(PodFit.tagOf("localhost:5000/racer-dataplane")).isEmpty();
    }

    @Test
    @DisplayName(
        "the tag is what follows a ':' in the last path segment only, wherever in it; a digest alone has none")
    void tagOfEdges() {
      // the ':' is before the last '/' (a port with no digits), not in the last segment
      assertThat(PodFit.tagOf("localhost:/racer")).isEmpty();
      // the last segment starts with the ':'
      assertThat(PodFit.tagOf("r/:0.20.0")).contains("0.20.0");
      assertThat(PodFit.tagOf(":0.20.0")).contains("0.20.0");
      // the '@' starts the text: no name, so no tag, though the digest holds a ':'
      assertThat(PodFit.tagOf("@sha256:" + "b".repeat(64))).isEmpty();
    }
  }

  @Nested
  @DisplayName("listener ports on the host network")
  class HostNetworkPorts {
    @Test
    @DisplayName("a peer port a node agent holds is a problem only on the host network")
    void peerPort() {
      Config onAgentPort = TARGETED.with(ShapeKeys.PEER_PORT, 10250);
      assertThat(PodFit.check(onAgentPort, Map.of(), null)).isEmpty();
      List<PodFitProblem> problems =
          PodFit.check(onAgentPort.with(ShapeKeys.HOST_NETWORK, true), Map.of(), null);
      assertThat(problems)
          .singleElement()
          .extracting(PodFitProblem::field)
          .isEqualTo("RACER_PEER_PORT");
      assertThat(problems.get(0).message()).contains("10250").contains("kubelet API");
    }

    @Test
    @DisplayName("the diagnostics port counts with its default applied")
    void diagnosticsPort() {
      Config config =
          TARGETED.with(ShapeKeys.HOST_NETWORK, true).with(ShapeKeys.DIAGNOSTICS_PORT, 9100);
      assertThat(PodFit.check(config, Map.of(), null))
          .singleElement()
          .satisfies(
              problem -> {
                assertThat(problem.field()).isEqualTo("RACER_DIAGNOSTICS_PORT");
                assertThat(problem.message()).contains("node-exporter");
              });
    }

    @Test
    @DisplayName(
        "the fixed control and webhook ports, and every port a listener takes by default, are on"
            + " no agent's list")
    void fixedPortsNotListed() {
      assertThat(NodeAgentPorts.holderOf(Dataplane.CONTROL_PORT)).isEmpty();
      assertThat(NodeAgentPorts.holderOf(Dataplane.WEBHOOK_PORT)).isEmpty();
      Config defaults = Config.defaultConfig("", "x", "x");
      for (ListenerPort listener : ShapeKeys.listeners()) {
        assertThat(NodeAgentPorts.holderOf(defaults.port(listener))).isEmpty();
        if (listener.unset() != null) {
          assertThat(NodeAgentPorts.holderOf(listener.unset().usual())).isEmpty();
          assertThat(NodeAgentPorts.holderOf(listener.unset().alternate())).isEmpty();
        }
      }
      assertThat(List.copyOf(NodeAgentPorts.all().keySet())).isSorted();
    }
  }
}
