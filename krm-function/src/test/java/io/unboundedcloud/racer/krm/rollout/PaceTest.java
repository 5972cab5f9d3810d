package io.unboundedcloud.racer.krm.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.Yaml;

@DisplayName("The pace of a rollout under a workload's update strategy, defaults filled first")
class PaceTest {
  static Stream<Arguments> strategies() {
    return Stream.of(
        Arguments.of(
            "DaemonSet",
            "{}",
            "one node at a time (maxUnavailable 1), the next as soon as the new pods are ready"),
        Arguments.of(
            "DaemonSet",
            "{minReadySeconds: 30, updateStrategy: {rollingUpdate: {maxUnavailable: 3}}}",
            "3 nodes at a time (maxUnavailable 3), 30 s between (minReadySeconds), once the new"
                + " pods are ready"),
        Arguments.of(
            "DaemonSet",
            "{updateStrategy: {rollingUpdate: {maxUnavailable: 0, maxSurge: 20%}}}",
            "20% of the nodes at a time, each new pod started before the old one stops (maxSurge"
                + " 20%), the next as soon as the new pods are ready"),
        Arguments.of(
            "DaemonSet",
            "{updateStrategy: {type: OnDelete}}",
            "OnDelete: a node's pod changes only when it is deleted"),
        Arguments.of(
            "Deployment",
            "{}",
            "rolling: up to 25% of the replicas unavailable and 25% extra at a time, the next as"
                + " soon as the new pods are ready"),
        Arguments.of(
            "Deployment",
            "{strategy: {type: Recreate}}",
            "Recreate: every pod stopped, then all recreated"),
        Arguments.of(
            "StatefulSet",
            "{updateStrategy: {rollingUpdate: {partition: 2}}}",
            "one pod at a time, highest ordinal first, only the ordinals from 2 (partition), the"
                + " next as soon as the new pods are ready"),
        Arguments.of("CronJob", "{}", "from the next Job it starts; running Jobs keep their pods"),
        Arguments.of("ConfigMap", "{}", null));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("strategies")
  void pace(String kind, String spec, String pace) {
    Map<String, Object> workload = Map.of("kind", kind, "spec", (Map<?, ?>) new Yaml().load(spec));
    assertThat(Pace.of(ApiServerDefaults.filled(workload))).isEqualTo(pace);
  }
}
