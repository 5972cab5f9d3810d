package io.unboundedcloud.racer.krm.verify;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.inputs.Item;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The racer-settings given with {@code verify --settings FILE}, as verify looks them up. */
@DisplayName("GivenSettings: the ConfigMaps given apart from the stream")
class GivenSettingsTest {
  private static String configMap(String name, String namespace) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "
        + name
        + (namespace == null ? "" : "\n  namespace: " + namespace)
        + "\ndata: {}\n";
  }

  private static GivenSettings given(String... documents) {
    return GivenSettings.of(ManifestNodes.of(String.join("---\n", documents)));
  }

  private static List<String> places(List<Item> items) {
    return items.stream().map(item -> item.namespace() + "/" + item.name()).toList();
  }

  @Test
  @DisplayName("none given is empty, and finds nothing")
  void none() {
    assertThat(GivenSettings.NONE.isEmpty()).isTrue();
    assertThat(GivenSettings.NONE.find("racer", "racer-settings")).isEmpty();
    assertThat(GivenSettings.NONE.elsewhere("racer", "racer-settings")).isEmpty();
  }

  @Test
  @DisplayName(
      "keeps the ConfigMaps only: a Secret or a DaemonSet of the same name is not settings")
  void configMapsOnly() {
    GivenSettings given =
        given(
            "apiVersion: v1\nkind: Secret\nmetadata: {name: racer-settings, namespace: racer}\n",
            "apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: racer-settings, namespace: racer}\n");

    assertThat(given.isEmpty()).isTrue();
    assertThat(given.find("racer", "racer-settings")).isEmpty();
  }

  @Nested
  @DisplayName("find")
  class Find {
    @Test
    @DisplayName("the ConfigMap of the name in the DaemonSet's namespace, or without one")
    void sameOrNoNamespace() {
      GivenSettings given =
          given(
              configMap("racer-settings", "racer"),
              configMap("racer-settings", null),
              configMap("racer-settings", "other"),
              configMap("other-settings", "racer"));

      assertThat(given.isEmpty()).isFalse();
      assertThat(places(given.find("racer", "racer-settings")))
          .containsExactly("racer/racer-settings", "/racer-settings");
      assertThat(places(given.find("other", "racer-settings")))
          .containsExactly("/racer-settings", "other/racer-settings");
      assertThat(places(given.find("racer", "other-settings")))
          .containsExactly("racer/other-settings");
      assertThat(given.find("racer", "missing")).isEmpty();
    }
  }

  @Nested
  @DisplayName("elsewhere")
  class Elsewhere {
    @Test
    @DisplayName("the other namespaces holding the name, each once, never one without a namespace")
    void otherNamespaces() {
      GivenSettings given =
          given(
              configMap("racer-settings", "racer"),
              configMap("racer-settings", null),
              configMap("racer-settings", "a"),
              configMap("racer-settings", "b"),
              configMap("racer-settings", "a"),
              configMap("other-settings", "c"));

      assertThat(given.elsewhere("racer", "racer-settings")).containsExactly("a", "b");
      assertThat(given.elsewhere("a", "racer-settings")).containsExactly("racer", "b");
      assertThat(given.elsewhere("racer", "other-settings")).containsExactly("c");
      assertThat(given.elsewhere("c", "other-settings")).isEmpty();
    }
  }
}
