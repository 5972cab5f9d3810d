package io.unboundedcloud.racer.krm.realfiles;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.PlainYamlParser;
import io.unboundedcloud.racer.krm.harness.ResourceLists;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Packages with comments at random places ({@link RandomComments}, seeded), in function mode: the
 * output parses, and the output run again gives the same output, every item byte for byte. Through
 * kpt, against {@code cat}, {@code RealFilesIT} runs the same packages.
 */
@DisplayName("In function mode, a package with comments at random places")
class RandomCommentsTest {

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3})
  @DisplayName("parses, and gives the same output when run on its own output:")
  void stable(long seed) {
    Map<String, String> files = RandomComments.files(seed);
    assertThat(files).as("files of the package").hasSizeGreaterThan(50);
    ResourceLists list = ResourceLists.of();
    files.values().forEach(text -> appendItems(list, text));
    list.settings(Map.of("RACER_NVIDIA", "off"))
        .functionConfig(
            """
            apiVersion: v1
            kind: ConfigMap
            metadata:
              name: fn
            data:
              imageRegistry: registry.example.com/racer
            """);

    KrmRun first = KrmRun.function(list.text());

    assertThat(first.exitCode()).as(first.describe()).isZero();
    PlainYamlParser.assertComposes(first.stdout(), "the output (seed " + seed + ")");
    KrmRun second = KrmRun.function(first.stdoutWithoutResults());
    assertThat(second.stdout())
        .as(
            "the second run (seed %d): %s",
            seed, RealFiles.firstDifference(first.stdout(), second.stdout()))
        .isEqualTo(first.stdout());
  }

  /**
   * Each document of a file as an item, indented under its dash; a document's tag ({@code ---
   * !!map}) becomes the item's ({@code - !!map}).
   */
  private static void appendItems(ResourceLists list, String file) {
    for (String document : file.split("(?m)^---")) {
      if (document.lines().allMatch(line -> line.isBlank() || line.strip().startsWith("#"))) {
        continue;
      }
      list.item(document.strip());
    }
  }
}
