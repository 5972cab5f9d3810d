package io.unboundedcloud.racer.krm.realfiles;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.ResourceLists;
import io.unboundedcloud.racer.krm.shapes.FunctionModeOracle;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The upstream corpus ({@link UpstreamFiles}) in function mode, without kpt: every document of
 * every file as an item of one ResourceList; the function exits 0, its output parses and means what
 * the input meant, and a second and a third run change nothing ({@link FunctionModeOracle}).
 * Through kpt, against {@code cat}, {@code UpstreamFilesIT} runs the same files.
 */
@Tag("slow")
@DisplayName("In function mode, the upstream corpus")
class UpstreamFilesTest {

  @Test
  @DisplayName("parses, means what it meant, and runs twice more unchanged")
  void stable() {
    Map<String, String> files = UpstreamFiles.manifests();
    assertThat(files).as("the upstream manifests").hasSizeGreaterThanOrEqualTo(250);
    ResourceLists list = ResourceLists.of().settings(Map.of("RACER_NVIDIA", "off"));
    int items = 0;
    for (String bytes : files.values()) {
      String text =
          new String(bytes.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8)
              .replace("\r\n", "\n");
      for (String document : text.split("(?m)^---[ \\t]*$")) {
        if (!document.lines().allMatch(line -> line.isBlank() || line.strip().startsWith("#"))) {
          list.item(document.strip());
          items++;
        }
      }
    }
    list.functionConfig(Map.of("imageRegistry", ResourceLists.REGISTRY));

    assertThat(FunctionModeOracle.check(list.text())).as("%d items", items).isEmpty();
  }
}
