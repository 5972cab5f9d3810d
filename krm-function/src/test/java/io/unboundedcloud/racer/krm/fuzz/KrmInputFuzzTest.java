package io.unboundedcloud.racer.krm.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.PlainYamlParser;
import io.unboundedcloud.racer.krm.yaml.ResourceList;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import java.io.ByteArrayInputStream;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Fuzz targets on raw bytes, as kustomize, kpt and files on disk deliver them. They share their
 * seeds (the files directly in {@code KrmInputFuzzTestInputs/}): every golden input and the
 * captured traffic of kustomize and kpt, linked, inputs with null and empty values at every field
 * the function reads ({@code nulls-*.yaml}), plus what campaigns found.
 */
@Tag("fuzz")
class KrmInputFuzzTest {
  /**
   * What one input may allocate: the fixed cost of a run (fabric8, the builders) and a share per
   * input byte far above the measured 27 for a long value, far below what an alias bomb or a
   * quadratic reading would take. Bytes allocated, not kept: this bound is what {@code YamlLimits}
   * promise.
   */
  private static final long FIXED_BYTES = 96L << 20;

  private static final long BYTES_PER_INPUT_BYTE = 400;

  /**
   * The ResourceList reader: a ResourceList, or a {@link YamlInputException} with a message;
   * nothing else.
   */
  @FuzzTest(maxDuration = "10m")
  void readResourceList(byte[] input) {
    Allocation before = Allocation.now();
    try {
      ResourceList list = YamlReader.readResourceList(new ByteArrayInputStream(input));
      assertThat(list.items()).doesNotContainNull();
    } catch (YamlInputException refused) {
      assertThat(refused.getMessage()).isNotBlank();
    }
    assertBoundedMemory(before, input, 0);
  }

  /**
   * Function mode, bytes in and bytes out: exit 0 or 1, never an internal error; stdout always a
   * ResourceList that a plain YAML parser composes, in one of the apiVersions read (the input's is
   * echoed); on an error every input item in it unchanged; on success the output rendered again
   * holds the same items, byte for byte, and no result the first run did not raise.
   */
  @FuzzTest(maxDuration = "10m")
  void functionMode(byte[] input) {
    Allocation before = Allocation.now();
    KrmRun run = KrmRun.function(input);
    long runs = run.allocatedBytes();

    assertThat(run.exitCode()).as(run.describe()).isIn(0, 1);
    assertThat(run.stderr()).as(run.describe()).doesNotContain("internal error");
    // an input of a few KiB never needs the campaign's heap (campaign.sh's HEAP_MB)
    assertThat(run.stderr()).as(run.describe()).doesNotContain("out of memory");
    assertThat(run.stdout())
        .as(run.describe())
        .containsPattern(
            "\\AapiVersion: config\\.kubernetes\\.io/v1(beta1|alpha1)?\nkind: ResourceList\n");
    // valid YAML to a plain parser on every path, errors included (issue 31)
    PlainYamlParser.assertComposes(run.stdout(), "the output");
    if (run.exitCode() == 0) {
      KrmRun again = KrmRun.function(run.stdoutBytes());
      runs = runs < 0 || again.allocatedBytes() < 0 ? -1 : runs + again.allocatedBytes();
      assertThat(again.exitCode()).as(again.describe()).isZero();
      assertThat(again.stdoutWithoutResults())
          .as("the output rendered again")
          .isEqualTo(run.stdoutWithoutResults());
      // a warning about what the first run replaced (an image, a placement) has nothing left to
      // name
      assertThat(again.stderr().lines())
          .as("stderr of the second run, only lines of the first")
          .isSubsetOf(run.stderr().lines().toList());
    } else {
      assertThat(run.stderr()).as(run.describe()).contains("error: ");
      assertThat(ItemTrees.of(ItemTrees.itemsOf(run.stdoutBytes())))
          .as("items after an error")
          .isEqualTo(ItemTrees.of(inputItems(input)));
    }
    assertBoundedMemory(before, input, runs);
  }

  /**
   * Render mode's reader of a manifest file: objects with a kind, or a message that names the file.
   */
  @FuzzTest(maxDuration = "10m")
  void readManifests(byte[] input) {
    Allocation before = Allocation.now();
    try {
      List<MappingNode> objects =
          YamlReader.readManifests(
              new ByteArrayInputStream(input), "fuzz.yaml", YamlLimits.DEFAULT);
      assertThat(objects).doesNotContainNull();
    } catch (YamlInputException refused) {
      assertThat(refused.getMessage()).contains("fuzz.yaml");
    }
    assertBoundedMemory(before, input, 0);
  }

  /**
   * The items the function must give back: those of a readable list, or what it could keep of
   * another.
   */
  private static List<? extends Node> inputItems(byte[] input) {
    try {
      return YamlReader.readResourceList(new ByteArrayInputStream(input)).items();
    } catch (YamlInputException unreadable) {
      // refused for a duplicate key: the items as they came, both entries of the key kept
      return YamlReader.keepingItems(unreadable, new ByteArrayInputStream(input))
          .items()
          .map(
              items ->
                  items instanceof SequenceNode sequence ? sequence.getValue() : List.<Node>of())
          .orElse(List.of());
    }
  }

  /**
   * The allocation bound, for a run that loaded no class: loading (and, while fuzzing,
   * instrumenting) the classes a new code path needs allocates far more than the input, once per
   * JVM.
   *
   * @param elsewhere what the function allocated on the harness's threads ({@link
   *     KrmRun#allocatedBytes()}), -1 when the JVM cannot tell
   */
  private static void assertBoundedMemory(Allocation before, byte[] input, long elsewhere) {
    Allocation after = Allocation.now();
    if (before.bytes() >= 0 && elsewhere >= 0 && after.classesLoaded() == before.classesLoaded()) {
      assertThat(after.bytes() - before.bytes() + elsewhere)
          .as("bytes allocated for %d input bytes", input.length)
          .isLessThan(FIXED_BYTES + BYTES_PER_INPUT_BYTE * input.length);
    }
  }

  /**
   * Bytes this thread allocated so far (-1 when the JVM cannot tell), and the classes loaded so
   * far.
   */
  private record Allocation(long bytes, long classesLoaded) {
    static Allocation now() {
      long classes = ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount();
      if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads
          && threads.isThreadAllocatedMemorySupported()
          && threads.isThreadAllocatedMemoryEnabled()) {
        return new Allocation(threads.getCurrentThreadAllocatedBytes(), classes);
      }
      return new Allocation(-1, classes);
    }
  }
}
