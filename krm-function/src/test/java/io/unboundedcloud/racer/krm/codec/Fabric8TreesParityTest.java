package io.unboundedcloud.racer.krm.codec;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.workload.Config;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.NvidiaInjection;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The generated codec is a drop-in for Jackson's ObjectMapper on the fabric8 model, which it
 * replaced at run time: on seeded random trees of every class it reads equal objects, and it writes
 * equal trees. Where the reading rules differ on purpose, {@link TreeInputTest} says so.
 */
@Tag("slow")
@DisplayName("Fabric8Trees reads and writes the fabric8 model as Jackson does")
class Fabric8TreesParityTest {
  private static final ObjectMapper JACKSON = new ObjectMapper();
  private static final int TREES_PER_CLASS = 30;

  static Stream<Class<?>> types() {
    return Fabric8Trees.types().stream();
  }

  @Test
  @DisplayName("covers the rendered kinds and every class they reach")
  void coversTheRenderedKinds() {
    assertThat(Fabric8Trees.types())
        .contains(
            DaemonSet.class,
            io.fabric8.kubernetes.api.model.ServiceAccount.class,
            io.fabric8.kubernetes.api.model.PodSpec.class,
            io.fabric8.kubernetes.api.model.Toleration.class)
        .hasSizeGreaterThan(100)
        .doesNotHaveDuplicates();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("types")
  @DisplayName(
      "random trees: the same object as Jackson's convertValue, written back to the same tree")
  void randomTrees(Class<?> type) {
    for (int i = 0; i < TREES_PER_CLASS; i++) {
      long seed = type.getName().hashCode() * 31L + i;
      Map<String, Object> tree = new RandomTrees(JACKSON, seed).of(type);
      Object expected = JACKSON.convertValue(tree, type);
      Object read = Fabric8Trees.read(tree, type, FieldPath.root());
      assertThat(read).as("seed %d, tree %s", seed, tree).isEqualTo(expected);
      assertThat(Fabric8Trees.write(read))
          .as("seed %d, tree %s", seed, tree)
          .isEqualTo(JACKSON.convertValue(expected, Map.class));
    }
  }

  @Test
  @DisplayName(
      "the builders' DaemonSet and ServiceAccount, in every NVIDIA mode and network: Jackson's tree")
  void renderedObjects() {
    List<Object> rendered = new ArrayList<>();
    for (NvidiaInjection nvidia : NvidiaInjection.values()) {
      for (boolean hostNetwork : new boolean[] {false, true}) {
        Config config =
            Config.defaultConfig("racer", "r.example.com/d:1", "r.example.com/o:1")
                .with(ShapeKeys.NVIDIA, nvidia)
                .with(ShapeKeys.HOST_NETWORK, hostNetwork);
        rendered.add(Dataplane.daemonSet(config, "0123abcd"));
        rendered.add(Dataplane.serviceAccount(config));
      }
    }
    for (Object object : rendered) {
      assertThat(Fabric8Trees.write(object)).isEqualTo(JACKSON.convertValue(object, Map.class));
    }
  }

  @Test
  @DisplayName("a resource quantity written without a value: read and written back as Jackson does")
  void quantityWithoutValue() {
    Map<String, Object> requests = new java.util.LinkedHashMap<>();
    requests.put("memory", null);
    requests.put("cpu", "500m");
    Map<String, Object> tree = Map.of("requests", requests);
    Object expected = JACKSON.convertValue(tree, ResourceRequirements.class);
    Object read = Fabric8Trees.read(tree, ResourceRequirements.class, FieldPath.root());
    assertThat(read).isEqualTo(expected);
    assertThat(Fabric8Trees.write(read))
        .isEqualTo(JACKSON.convertValue(expected, Map.class))
        .isEqualTo(tree);
  }

  @Test
  @DisplayName("a class outside the model: a plain error, not a wrong tree")
  void outsideTheModel() {
    org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
        .isThrownBy(() -> Fabric8Trees.write(new io.fabric8.kubernetes.api.model.ConfigMap()))
        .withMessageContaining("no tree writer for io.fabric8.kubernetes.api.model.ConfigMap");
  }
}
