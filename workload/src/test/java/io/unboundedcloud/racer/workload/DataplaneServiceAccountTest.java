package io.unboundedcloud.racer.workload;

import static io.unboundedcloud.racer.workload.Trees.map;
import static io.unboundedcloud.racer.workload.Trees.plain;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The ServiceAccount {@code racer} of docs/dataplane.md. */
@DisplayName("Dataplane.serviceAccount renders the ServiceAccount racer")
class DataplaneServiceAccountTest {

  @ParameterizedTest(name = "{0}")
  @MethodSource("io.unboundedcloud.racer.workload.RenderCase#all")
  @DisplayName(
      "is v1 ServiceAccount racer in the namespace, labelled Labels(), no automount, no annotations")
  void exactObject(RenderCase c) {
    assertThat(plain(Dataplane.serviceAccount(c.config())))
        .isEqualTo(
            map(
                "apiVersion",
                "v1",
                "kind",
                "ServiceAccount",
                "metadata",
                map(
                    "name", "racer",
                    "namespace", "racer-system",
                    "labels",
                        map(
                            "app.kubernetes.io/name",
                            "racer",
                            "app.kubernetes.io/component",
                            "dataplane")),
                "automountServiceAccountToken",
                false));
  }

  @Test
  @DisplayName("an empty namespace renders no namespace")
  void noNamespace() {
    Config config = Config.defaultConfig("", RenderCase.DATAPLANE_IMAGE, RenderCase.OBJECT_IMAGE);

    assertThat(plain(Dataplane.serviceAccount(config).getMetadata()))
        .doesNotContainKey("namespace");
  }

  @Test
  @DisplayName("its labels are the DaemonSet's selector labels")
  void labelsAreTheSelector() {
    Config config =
        Config.defaultConfig("racer-system", RenderCase.DATAPLANE_IMAGE, RenderCase.OBJECT_IMAGE);

    assertThat(Dataplane.serviceAccount(config).getMetadata().getLabels())
        .isEqualTo(Dataplane.daemonSet(config).getSpec().getSelector().getMatchLabels());
  }
}
