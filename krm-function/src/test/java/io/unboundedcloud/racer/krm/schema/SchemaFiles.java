package io.unboundedcloud.racer.krm.schema;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The generated files under {@code schemas/}: {@link PublishedSchemas#committed()}, the three
 * editor schemas (the text {@code racer-krm schema NAME} prints) and the catalog entries naming the
 * build's image. {@link #write} writes them all ({@code SchemaFilesTest} does with {@value
 * #WRITE}{@code =true}); it fails when one is stale.
 *
 * <p>Run from the repository root: {@link PublishedSchemas#REGENERATE}
 */
public final class SchemaFiles {
  /** The command that regenerates them; stale-check failures print it. */
  public static final String REGENERATE = PublishedSchemas.REGENERATE;

  /** The system property that makes SchemaFilesTest write the files before it compares them. */
  static final String WRITE = PublishedSchemas.WRITE;

  /** The checkout: the working directory, or its parent when that is krm-function (the tests'). */
  static final Path ROOT = Files.isDirectory(Path.of("docs")) ? Path.of(".") : Path.of("..");

  /** The folder of the generated files. */
  static final Path FOLDER = ROOT.resolve(EditorSchema.FOLDER);

  private SchemaFiles() {}

  /** Every generated file by its name under {@link #FOLDER}, with its text. */
  static Map<String, String> generated() {
    return PublishedSchemas.committed();
  }

  static void write() throws IOException {
    Files.createDirectories(FOLDER);
    for (Map.Entry<String, String> file : generated().entrySet()) {
      Files.writeString(FOLDER.resolve(file.getKey()), file.getValue(), StandardCharsets.UTF_8);
    }
  }
}
