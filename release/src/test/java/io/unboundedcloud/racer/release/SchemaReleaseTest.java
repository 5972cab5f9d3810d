package io.unboundedcloud.racer.release;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.runtime.RuntimeFolder;
import io.unboundedcloud.racer.krm.schema.EditorSchema;
import io.unboundedcloud.racer.krm.schema.PublishedSchemas;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code SchemaRelease}, the schema half of {@code tools/release.sh}: the release files it writes
 * are the files of {@code schemas/}, each editor schema as {@code racer-krm schema WORD} prints it,
 * the catalog entries naming the image pushed; and a {@code schemas/} the build would not write
 * stops the release, naming each file. ReleaseIT holds the same files against the released image.
 */
@DisplayName("SchemaRelease: schemas/ as release files, and a stale schemas/ stops the release")
class SchemaReleaseTest {
  private static final String IMAGE = "registry.example.com/mirror/racer-krm:0.1.0";

  @TempDir Path temp;

  static Stream<String> files() {
    return PublishedSchemas.committed().keySet().stream();
  }

  @Nested
  @DisplayName("write OUT IMAGE")
  class Write {
    @Test
    @DisplayName("writes every file schemas/ holds, by the same names, and nothing else")
    void everyFile() throws IOException {
      List<String> written = SchemaRelease.write(temp, IMAGE);

      try (Stream<Path> listed = Files.list(temp)) {
        assertThat(listed.map(path -> path.getFileName().toString()))
            .containsExactlyInAnyOrderElementsOf(written);
      }
      try (Stream<Path> committed = Files.list(schemas())) {
        assertThat(written)
            .containsExactlyInAnyOrderElementsOf(
                committed
                    .map(path -> path.getFileName().toString())
                    .filter(name -> !name.equals("README.md"))
                    .toList());
      }
    }

    @Test
    @DisplayName("writes each editor schema as racer-krm schema WORD prints it")
    void asTheCommandPrints() throws IOException {
      SchemaRelease.write(temp, IMAGE);

      for (EditorSchema schema : EditorSchema.values()) {
        KrmRun printed = KrmRun.command("schema", schema.word());
        assertThat(printed.exitCode()).isZero();
        assertThat(Files.readString(temp.resolve(schema.file()), StandardCharsets.UTF_8))
            .as("%s against racer-krm schema %s", schema.file(), schema.word())
            .isEqualTo(printed.stdout());
      }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.release.SchemaReleaseTest#catalogEntries")
    @DisplayName(
        "writes each catalog entry naming the image given, and otherwise as schemas/ holds it")
    void catalogEntry(String name) throws IOException {
      String buildRepository = repository(PublishedSchemas.buildImage());
      SchemaRelease.write(temp, IMAGE);

      String released = Files.readString(temp.resolve(name), StandardCharsets.UTF_8);

      assertThat(released)
          .contains(name.equals(PublishedSchemas.DEFINITION) ? IMAGE : repository(IMAGE))
          .doesNotContain(buildRepository)
          .isEqualTo(
              Files.readString(schemas().resolve(name), StandardCharsets.UTF_8)
                  .replace(buildRepository, repository(IMAGE)));
    }
  }

  static Stream<String> catalogEntries() {
    return Stream.of(PublishedSchemas.DEFINITION, PublishedSchemas.METADATA);
  }

  @Nested
  @DisplayName("check SCHEMAS")
  class Check {
    @Test
    @DisplayName("passes the checkout's schemas/")
    void checkout() {
      assertThat(SchemaRelease.stale(schemas())).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.release.SchemaReleaseTest#files")
    @DisplayName("names a file that is missing, and no other")
    void missing(String name) throws IOException {
      Path copy = copyOfSchemas();
      Files.delete(copy.resolve(name));

      assertThat(SchemaRelease.stale(copy)).containsExactly("schemas/" + name + " (missing)");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.release.SchemaReleaseTest#files")
    @DisplayName("names a file that differs by one byte at its end, and no other")
    void changed(String name) throws IOException {
      Path copy = copyOfSchemas();
      Files.writeString(
          copy.resolve(name),
          Files.readString(copy.resolve(name), StandardCharsets.UTF_8).strip(),
          StandardCharsets.UTF_8);

      assertThat(SchemaRelease.stale(copy)).containsExactly("schemas/" + name);
    }

    @Test
    @DisplayName(
        "says in one line which files are stale, the command that regenerates them, and that nothing was pushed")
    void message() {
      assertThat(SchemaRelease.staleMessage(List.of("schemas/a.json", "schemas/b.yaml (missing)")))
          .isEqualTo(
              "schemas/a.json, schemas/b.yaml (missing) are not what this build generates, and a"
                  + " release publishes both: regenerate with '"
                  + PublishedSchemas.REGENERATE
                  + "', commit, and build again (nothing was pushed)")
          .doesNotContain("\n");
      assertThat(SchemaRelease.staleMessage(List.of("schemas/a.json")))
          .startsWith("schemas/a.json is not what this build generates");
    }
  }

  private Path copyOfSchemas() throws IOException {
    Path copy = Files.createDirectories(temp.resolve("schemas"));
    try (Stream<Path> files = Files.list(schemas())) {
      for (Path file : files.toList()) {
        Files.copy(file, copy.resolve(file.getFileName()));
      }
    }
    return copy;
  }

  private static Path schemas() {
    return RuntimeFolder.repository().resolve(EditorSchema.FOLDER);
  }

  /** An image reference without its tag. */
  private static String repository(String image) {
    return image.substring(0, image.lastIndexOf(':'));
  }
}
