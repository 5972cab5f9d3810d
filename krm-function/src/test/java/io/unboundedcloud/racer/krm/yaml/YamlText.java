package io.unboundedcloud.racer.krm.yaml;

import io.unboundedcloud.racer.krm.harness.WrittenResourceList;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.yaml.snakeyaml.nodes.MappingNode;

/** Test inputs: fixture files under {@code /yaml/} and text as streams. */
final class YamlText {

  private YamlText() {}

  /**
   * A fixture of src/test/resources/yaml/ (captured kustomize and kpt traffic; its README.md says
   * where each comes from).
   */
  static String fixture(String name) {
    try (InputStream in = YamlText.class.getResourceAsStream("/yaml/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no fixture " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static InputStream stream(String text) {
    return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
  }

  static ResourceList readList(String text) {
    return YamlReader.readResourceList(stream(text));
  }

  static List<MappingNode> readManifests(String text) {
    return YamlReader.readManifests(stream(text), "test.yaml", YamlLimits.DEFAULT);
  }

  /** Reads a ResourceList and writes it back. */
  static String roundTrip(String resourceList) {
    return WrittenResourceList.of(readList(resourceList));
  }

  /** Reads a manifest stream and writes it back. */
  static String roundTripManifests(String manifests) {
    return YamlWriter.manifests(readManifests(manifests));
  }

  /** The text from the top-level {@code items:} line up to the next top-level key (or the end). */
  static String itemsSection(String resourceList) {
    int start = resourceList.indexOf("\nitems:") + 1;
    int end = start;
    do {
      end = resourceList.indexOf('\n', end) + 1;
    } while (end > 0 && end < resourceList.length() && !startsTopLevelKey(resourceList, end));
    return resourceList.substring(start, end > 0 ? end : resourceList.length());
  }

  private static boolean startsTopLevelKey(String text, int lineStart) {
    char c = text.charAt(lineStart);
    return c != ' ' && c != '-' && c != '#' && c != '\n';
  }
}
