package io.unboundedcloud.racer.krm.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.realfiles.UpstreamFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The upstream corpus (manifests of 14 public projects, src/test/resources/realfiles/upstream) as
 * one kpt package, through the real kpt with {@code cat} and with the packaged function, three
 * times each: every file the function writes is byte for byte the file cat writes in the same run,
 * but for {@link UpstreamFiles#KNOWN_DIFFERENCES}, which must still differ.
 */
@DisplayName("kpt runs the function on the upstream corpus")
class UpstreamFilesIT {

  @Test
  @DisplayName(
      "every file comes out as cat writes it, three runs running; the known ones still differ")
  void sameAsCat(@TempDir Path work) throws IOException {
    String skip = Tool.missing("kpt", "the upstream corpus through kpt");
    Tool.announceSkip(skip);
    Tool.skipIf(skip);
    Map<String, String> files = UpstreamFiles.manifests();
    assertThat(files).as("the upstream manifests").hasSizeGreaterThanOrEqualTo(250);

    KptOracle.Runs runs = KptOracle.run(files, work);

    Map<String, String> differing = runs.differing();
    System.out.println(
        "upstream files: "
            + (runs.files() - differing.size())
            + " of "
            + runs.files()
            + " identical to cat on all "
            + KptOracle.RUNS
            + " runs; differing: "
            + differing.keySet());
    Map<String, String> unexpected = new TreeMap<>(differing);
    unexpected.keySet().removeAll(UpstreamFiles.KNOWN_DIFFERENCES);
    assertThat(unexpected).as("files that differ from cat's").isEmpty();
    assertThat(UpstreamFiles.KNOWN_DIFFERENCES)
        .as("known differences that are gone: take them off UpstreamFiles.KNOWN_DIFFERENCES")
        .allMatch(differing::containsKey);
  }
}
