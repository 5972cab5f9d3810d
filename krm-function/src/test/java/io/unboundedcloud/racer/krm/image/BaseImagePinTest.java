package io.unboundedcloud.racer.krm.image;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.runtime.CommandRun;
import io.unboundedcloud.racer.krm.runtime.RuntimeFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The image's default base is pinned by digest (docs/release.md, "The base image"): a tag moves, so
 * the same commit would build on other bytes. tools/release.sh reads the same default (its run on
 * the pinned default needs Docker Hub: ReleaseIT gives --base-image).
 */
@DisplayName("The default base image")
class BaseImagePinTest {
  private static final Pattern PINNED =
      Pattern.compile("docker\\.io/library/debian@sha256:[0-9a-f]{64}");

  private static List<String> dockerfile() throws IOException {
    return Files.readAllLines(RuntimeFolder.repository().resolve("Dockerfile"));
  }

  @Test
  @DisplayName(
      "is Debian's image index by digest in the Dockerfile, the tag it was taken from in the comment above")
  void pinnedInTheDockerfile() throws IOException {
    List<String> lines = dockerfile();
    int arg = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith("ARG BASE_IMAGE=")) {
        assertThat(arg).as("one default ARG BASE_IMAGE").isEqualTo(-1);
        arg = i;
      }
    }
    assertThat(arg).as("ARG BASE_IMAGE=... in the Dockerfile").isNotNegative();
    assertThat(lines.get(arg).substring("ARG BASE_IMAGE=".length())).matches(PINNED);
    assertThat(lines.get(arg - 1)).isEqualTo("#   tag: docker.io/library/debian:bookworm-slim");
  }

  @Test
  @DisplayName(
      "tools/base-image.sh, which makes a local base by name and tag, refuses a reference with a digest, naming it")
  void localBaseByNameAndTag(@TempDir Path cache) {
    String reference = "localhost/racer-krm-base:bookworm@sha256:" + "0".repeat(64);

    CommandRun run =
        CommandRun.of(
            RuntimeFolder.repository(),
            Map.of("RACER_KRM_IMAGE_CACHE", cache.toString()),
            List.of(
                RuntimeFolder.repository().resolve("tools/base-image.sh").toString(), reference));

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.stdout()).isEmpty();
    assertThat(run.stderr().lines()).singleElement().asString().contains("'" + reference + "'");
  }
}
