package io.unboundedcloud.racer.krm.realfiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The real-files corpus and the references captured from kpt, as the tests read them. */
public final class RealFiles {

  private RealFiles() {}

  /** The corpus folder (on the test class path). */
  public static Path corpus() {
    return resources().resolve("corpus");
  }

  /**
   * Cache origins copied from public projects whose pod specs end in comments (its README says from
   * where), by relative path ({@code changed-origins/...yaml}).
   */
  public static Map<String, String> changedOrigins() {
    Map<String, String> files = new TreeMap<>();
    texts(resources().resolve("changed-origins"))
        .forEach(
            (path, text) -> {
              if (path.endsWith(".yaml")) {
                files.put("changed-origins/" + path, text);
              }
            });
    return files;
  }

  /**
   * The package of node shapes kpt reads and sends to a function but cannot write back (collection
   * keys, empty keys): src/test/resources/realfiles/kpt-unreadable.
   */
  public static Path kptUnreadable() {
    return resources().resolve("kpt-unreadable");
  }

  /** The ResourceList kpt sends a function for {@link #kptUnreadable()}, as captured. */
  public static String sentUnreadableResourceList() {
    return read(resources().resolve("expected/kpt-unreadable-resource-list.yaml"));
  }

  /**
   * The ResourceList kpt sends a function for the generated cases kyaml cannot read back ({@code
   * KnownFailures.KYAML_REFUSES}: collection, empty and null keys in every place), as captured by
   * {@code GeneratedShapesIT}.
   */
  public static String sentUnreadableShapesResourceList() {
    return read(resources().resolve(UNREADABLE_SHAPES));
  }

  /** Where {@link #sentUnreadableShapesResourceList()} is, under the resources' folder. */
  public static final String UNREADABLE_SHAPES =
      "expected/kpt-unreadable-shapes-resource-list.yaml";

  /** The ResourceList kpt sends a function for the corpus package, as captured. */
  public static String sentResourceList() {
    return read(resources().resolve("expected/kpt-resource-list.yaml"));
  }

  /** The corpus files as {@code kpt fn eval --exec cat} writes them, by relative path. */
  public static Map<String, String> catFiles() {
    return texts(resources().resolve("expected/cat"));
  }

  /** The folder of the references in the source tree, where a capture writes them. */
  public static Path sourceExpected() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("krm-function/src/test/resources/realfiles/expected");
      if (Files.isDirectory(candidate.getParent())) {
        return candidate;
      }
      candidate = dir.resolve("src/test/resources/realfiles/expected");
      if (Files.isDirectory(candidate.getParent())) {
        return candidate;
      }
    }
    throw new IllegalStateException("no krm-function/src/test/resources/realfiles above here");
  }

  /** Every file under {@code dir} by its '/'-separated relative path, bytes as ISO-8859-1 text. */
  public static Map<String, String> texts(Path dir) {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path file : paths.filter(Files::isRegularFile).toList()) {
        files.put(
            dir.relativize(file).toString().replace('\\', '/'),
            new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1));
      }
      return files;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The first line where two texts differ, both sides shown; for assertion messages. */
  public static String firstDifference(String expected, String actual) {
    if (actual == null) {
      return "  missing";
    }
    String[] want = expected.split("\n", -1);
    String[] got = actual.split("\n", -1);
    for (int i = 0; i < Math.max(want.length, got.length); i++) {
      String a = i < want.length ? want[i] : "<end>";
      String b = i < got.length ? got[i] : "<end>";
      if (!a.equals(b)) {
        return "  line " + (i + 1) + ":\n  - " + a + "\n  + " + b;
      }
    }
    return "  (same lines)";
  }

  private static Path resources() {
    try {
      return Path.of(RealFiles.class.getResource("/realfiles/README.md").toURI()).getParent();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
