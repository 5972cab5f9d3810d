package io.unboundedcloud.racer.krm.badinput;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.yaml.ByteBudget;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One budget of bytes for a whole run, all files and stdin together ({@link
 * YamlLimits#maxInputBytes()}, 128 MiB): many files cost no more than one input at the limit. Files
 * are refused from their sizes before any is parsed.
 */
@DisplayName("One byte budget per run, across all files and stdin")
class RunBudgetTest {
  private static final long MB = 1_000_000;

  /** A file of {@code bytes} bytes that takes no room on disk: only its size is ever looked at. */
  private static Path sized(Path file, long bytes) throws IOException {
    try (RandomAccessFile sparse = new RandomAccessFile(file.toFile(), "rw")) {
      sparse.setLength(bytes);
    }
    return file;
  }

  @Nested
  @DisplayName("files refused from their sizes, before any is parsed")
  class FromSizes {
    @Test
    @DisplayName("render: three files of 60 MB (each under the budget) are refused, sizes named")
    void threeFilesOf60Mb(@TempDir Path app) throws IOException {
      for (String name : new String[] {"a.yaml", "b.yaml", "c.yaml"}) {
        sized(app.resolve(name), 60 * MB);
      }
      KrmRun run = KrmRun.run(new byte[0], Duration.ofSeconds(20), "render", app.toString());
      Verdict.assertCleanFailure(run);
      assertThat(run.stdout()).isEmpty();
      // 3 x 60 MB = 171.7 MiB, over 128 MiB; had the files been parsed, their NUL bytes would be
      // the error instead
      assertThat(run.stderr())
          .isEqualTo(
              "error: the input is larger than 128 MiB, the most one run reads, all files and"
                  + " stdin together: 3 files of 171.7 MiB together ("
                  + app.resolve("a.yaml")
                  + " 57.2 MiB, "
                  + app.resolve("b.yaml")
                  + " 57.2 MiB, "
                  + app.resolve("c.yaml")
                  + " 57.2 MiB); refused. Read fewer or smaller files in each run.\n");
    }

    @Test
    @DisplayName("the function config file counts too")
    void functionConfigCounts(@TempDir Path dir) throws IOException {
      Path app = Files.createDirectories(dir.resolve("app"));
      sized(app.resolve("a.yaml"), 100 * MB);
      Path config = sized(dir.resolve("config.yaml"), 40 * MB);
      KrmRun run =
          KrmRun.run(
              new byte[0],
              Duration.ofSeconds(20),
              "render",
              app.toString(),
              "--function-config",
              config.toString());
      Verdict.assertCleanFailure(run);
      assertThat(run.stderr()).contains("2 files of 133.5 MiB together", "larger than 128 MiB");
    }

    @Test
    @DisplayName("diff: the two sides together, before either is read")
    void diffSides(@TempDir Path dir) throws IOException {
      Path old = sized(dir.resolve("old.yaml"), 70 * MB);
      Path now = sized(dir.resolve("new.yaml"), 70 * MB);
      KrmRun run =
          KrmRun.run(new byte[0], Duration.ofSeconds(20), "diff", old.toString(), now.toString());
      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.stdout()).isEmpty();
      assertThat(run.stderr()).contains("2 files of 133.5 MiB together");
    }

    @Test
    @DisplayName("verify and adopt: the same")
    void verifyAndAdopt(@TempDir Path dir) throws IOException {
      sized(dir.resolve("a.yaml"), 70 * MB);
      sized(dir.resolve("b.yaml"), 70 * MB);
      for (String mode : new String[] {"verify", "adopt"}) {
        KrmRun run = KrmRun.run(new byte[0], Duration.ofSeconds(20), mode, dir.toString());
        assertThat(run.exitCode()).as(run.describe()).isEqualTo(1);
        assertThat(run.stderr()).contains("2 files of 133.5 MiB together");
      }
    }
  }

  @Nested
  @DisplayName("streams spend the budget as they are read")
  class AsRead {
    private final byte[] object =
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: v}\n"
            .getBytes(StandardCharsets.UTF_8);

    private java.util.List<?> read(ByteBudget budget, String source) {
      return YamlReader.readManifests(
          new ByteArrayInputStream(object), source, YamlLimits.DEFAULT, budget);
    }

    @Test
    @DisplayName("two inputs that fit the budget together are read")
    void fit() {
      ByteBudget budget = new ByteBudget(2L * object.length);
      assertThat(read(budget, "first")).hasSize(1);
      assertThat(read(budget, "second")).hasSize(1);
      assertThat(budget.spent()).isEqualTo(2L * object.length);
    }

    @Test
    @DisplayName("the input that passes it is refused, saying what the others took")
    void passes() {
      ByteBudget budget = new ByteBudget(2L * object.length - 1);
      read(budget, "first");
      assertThatThrownBy(() -> read(budget, "stdin"))
          .isInstanceOf(YamlInputException.class)
          .hasMessage(
              "stdin: the inputs are larger than "
                  + (2 * object.length - 1)
                  + " bytes together, the most one run reads (all files and stdin): the inputs"
                  + " before this one took "
                  + object.length
                  + " bytes of it; refused. Read fewer or smaller inputs in each run.");
    }
  }
}
