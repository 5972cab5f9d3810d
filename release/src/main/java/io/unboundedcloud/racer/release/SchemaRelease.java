package io.unboundedcloud.racer.release;

import io.unboundedcloud.racer.krm.schema.PublishedSchemas;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The schema half of {@code tools/release.sh}: the files {@code schemas/} holds ({@link
 * PublishedSchemas}), written into the release's folder as release files, the catalog entries
 * naming the image the release pushes. First it checks that the checkout's {@code schemas/} is what
 * this build generates, since docs/editors.md gives the files of {@code schemas/} at the release's
 * tag as addresses too: a stale or missing one stops the release before anything is built or
 * pushed, with one line naming each such file and the command that regenerates them.
 *
 * <p>Usage: {@code SchemaRelease check SCHEMAS}, exit 1 on a stale {@code schemas/} (run before
 * anything is built or pushed); {@code SchemaRelease write OUT IMAGE}, which prints the names of
 * the files written, one a line. Exit 2 on wrong arguments.
 */
public final class SchemaRelease {
  private SchemaRelease() {}

  public static void main(String[] args) {
    if (args.length == 2 && "check".equals(args[0])) {
      List<String> stale = stale(Path.of(args[1]));
      if (!stale.isEmpty()) {
        System.err.println("release: error: " + staleMessage(stale));
        System.exit(1);
      }
    } else if (args.length == 3 && "write".equals(args[0])) {
      for (String name : write(Path.of(args[1]), args[2])) {
        System.out.println(name);
      }
    } else {
      System.err.println("usage: SchemaRelease check SCHEMAS | write OUT IMAGE");
      System.exit(2);
    }
  }

  /**
   * The files of {@code schemas} that are missing or differ from what this build generates, each
   * named as {@code schemas/NAME (missing)} or {@code schemas/NAME}, in the files' order.
   */
  static List<String> stale(Path schemas) {
    List<String> stale = new ArrayList<>();
    for (Map.Entry<String, String> file : PublishedSchemas.committed().entrySet()) {
      Path path = schemas.resolve(file.getKey());
      if (!Files.isRegularFile(path)) {
        stale.add("schemas/" + file.getKey() + " (missing)");
      } else if (!read(path).equals(file.getValue())) {
        stale.add("schemas/" + file.getKey());
      }
    }
    return stale;
  }

  /** The one line a stale {@code schemas/} stops the release with. */
  static String staleMessage(List<String> stale) {
    return String.join(", ", stale)
        + (stale.size() == 1 ? " is" : " are")
        + " not what this build generates, and a release publishes both: regenerate with '"
        + PublishedSchemas.REGENERATE
        + "', commit, and build again (nothing was pushed)";
  }

  /** Writes every file into {@code out}, the catalog entries naming {@code image}; their names. */
  static List<String> write(Path out, String image) {
    try {
      Files.createDirectories(out);
      List<String> names = new ArrayList<>();
      for (Map.Entry<String, String> file : PublishedSchemas.naming(image).entrySet()) {
        Files.writeString(out.resolve(file.getKey()), file.getValue(), StandardCharsets.UTF_8);
        names.add(file.getKey());
      }
      return names;
    } catch (IOException e) {
      throw new UncheckedIOException("writing the schemas into " + out, e);
    }
  }

  private static String read(Path path) {
    try {
      return Files.readString(path, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("reading " + path, e);
    }
  }
}
