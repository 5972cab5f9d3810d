package io.unboundedcloud.racer.krm.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("schemas/: every committed file is what the tables generate")
class SchemaFilesTest {
  @BeforeAll
  static void writeWhenAsked() throws IOException {
    if (Boolean.getBoolean(SchemaFiles.WRITE)) {
      SchemaFiles.write();
    }
  }

  @Test
  @DisplayName("each generated file is committed, equal to what is generated now")
  void fresh() throws IOException {
    for (Map.Entry<String, String> file : SchemaFiles.generated().entrySet()) {
      Path path = SchemaFiles.FOLDER.resolve(file.getKey());
      assertThat(path)
          .as("schemas/%s; generate it: %s", file.getKey(), SchemaFiles.REGENERATE)
          .exists();
      assertThat(Files.readString(path, StandardCharsets.UTF_8))
          .as("schemas/%s is stale; regenerate: %s", file.getKey(), SchemaFiles.REGENERATE)
          .isEqualTo(file.getValue());
    }
  }

  @Test
  @DisplayName("schemas/ holds no file that is not generated, but its README")
  void nothingElse() throws IOException {
    try (Stream<Path> files = Files.list(SchemaFiles.FOLDER)) {
      assertThat(files.map(path -> path.getFileName().toString()))
          .as("files under schemas/")
          .containsExactlyInAnyOrderElementsOf(
              Stream.concat(SchemaFiles.generated().keySet().stream(), Stream.of("README.md"))
                  .toList());
    }
  }
}
