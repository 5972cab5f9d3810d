package io.unboundedcloud.racer.krm.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.krm.yaml.ResourceList;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * Issue 26: a cache origin with an explicit null node affinity ({@code nodeAffinity:} with no
 * value) ended in an internal error that lost the ResourceList. The input reduced by hand and the
 * campaign's own finding, both kept as seeds, in function mode and in render mode: rendered as the
 * field absent would be, and the output run again is the same.
 */
@Tag("fuzz")
@DisplayName("Issue 26: a cache origin's null node affinity renders as none")
class NullValueFindingsTest {
  private static final String SEEDS = "/io/unboundedcloud/racer/krm/fuzz/KrmInputFuzzTestInputs/";

  /** The seeds: the input reduced by hand, and the campaign's finding. */
  static Stream<String> seeds() {
    return Stream.of(
        "nulls-cache-origin-node-affinity.yaml",
        "functionMode/finding-cache-origin-null-node-affinity");
  }

  private static byte[] seed(String name) {
    try (InputStream in = NullValueFindingsTest.class.getResourceAsStream(SEEDS + name)) {
      assertThat(in).as("seed %s", name).isNotNull();
      return in.readAllBytes();
    } catch (IOException unreadable) {
      throw new UncheckedIOException(unreadable);
    }
  }

  /** The seed with every cache origin's null node affinity left out. */
  private static byte[] withoutNullNodeAffinity(byte[] input) {
    ResourceList list = YamlReader.readResourceList(new ByteArrayInputStream(input));
    int removed = 0;
    for (MappingNode item : list.items()) {
      for (List<String> path :
          List.of(
              List.of("spec", "affinity"),
              List.of("spec", "template", "spec", "affinity"),
              List.of("spec", "jobTemplate", "spec", "template", "spec", "affinity"))) {
        MappingNode affinity = Nodes.getMapping(item, path.toArray(String[]::new));
        if (affinity != null
            && Nodes.get(affinity, "nodeAffinity") != null
            && Nodes.toPlain(Nodes.get(affinity, "nodeAffinity")) == null) {
          Nodes.remove(affinity, "nodeAffinity");
          removed++;
        }
      }
    }
    assertThat(removed).as("null node affinities in the seed").isPositive();
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    YamlWriter.writeResourceList(list, List.of(), out);
    return out.toByteArray();
  }

  @Nested
  @DisplayName("function mode")
  class FunctionMode {
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.fuzz.NullValueFindingsTest#seeds")
    @DisplayName("exit 0, the items of the same input without the null, the output stable")
    void rendersAsAbsent(String name) {
      KrmRun run = KrmRun.function(seed(name));
      KrmRun absent = KrmRun.function(withoutNullNodeAffinity(seed(name)));

      assertThat(run.exitCode()).as(run.describe()).isZero();
      assertThat(run.stderr()).doesNotContain("internal error");
      assertThat(absent.exitCode()).as(absent.describe()).isZero();
      assertThat(run.output().items()).isEqualTo(absent.output().items());
      KrmRun again = KrmRun.function(run.stdoutBytes());
      // the items, as KrmInputFuzzTest's law: a warning about a replaced placement is the first
      // run's only
      assertThat(again.stdoutWithoutResults())
          .as("the output run again")
          .isEqualTo(run.stdoutWithoutResults());
    }
  }

  @Nested
  @DisplayName("render mode")
  class RenderMode {
    @TempDir Path folder;

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.fuzz.NullValueFindingsTest#seeds")
    @DisplayName("exit 0, the objects of the same input without the null")
    void rendersAsAbsent(String name) throws IOException {
      KrmRun run = render(seed(name), "nulls");
      KrmRun absent = render(withoutNullNodeAffinity(seed(name)), "absent");

      assertThat(run.exitCode()).as(run.describe()).isZero();
      assertThat(run.stderr()).doesNotContain("internal error");
      assertThat(absent.exitCode()).as(absent.describe()).isZero();
      assertThat(objects(run.stdout())).isNotEmpty().isEqualTo(objects(absent.stdout()));
    }

    /**
     * {@code racer-krm render} of the ResourceList's items as a manifest file, with its function
     * config as {@code --function-config}.
     */
    private KrmRun render(byte[] resourceList, String name) throws IOException {
      ResourceList list = YamlReader.readResourceList(new ByteArrayInputStream(resourceList));
      Path manifests = Files.createDirectories(folder.resolve(name));
      Files.writeString(manifests.resolve("objects.yaml"), YamlWriter.manifests(list.items()));
      Path config = folder.resolve(name + "-function-config.yaml");
      Files.writeString(config, YamlWriter.manifests(List.of(list.functionConfig().orElseThrow())));
      return KrmRun.run(
          new byte[0],
          KrmRun.HANG_GUARD,
          "render",
          manifests.toString(),
          "--function-config",
          config.toString());
    }

    private static List<Map<String, Object>> objects(String manifests) {
      return io.unboundedcloud.racer.krm.harness.ManifestNodes.of(manifests).stream()
          .map(Nodes::toPlainMap)
          .toList();
    }
  }
}
