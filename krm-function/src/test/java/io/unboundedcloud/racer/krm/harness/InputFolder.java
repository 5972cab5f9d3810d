package io.unboundedcloud.racer.krm.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A folder of input files as the modes that read files take it (render, diff, verify, adopt): the
 * racer-settings ConfigMap, a function config (marked with {@code config.kubernetes.io/function},
 * which is how render tells it from the items), and any other file, each at its path relative to
 * the folder, folders made on the way. The same objects as {@link ResourceLists} writes as items,
 * here as files of their own.
 *
 * <pre>
 * Path app = InputFolder.of()
 *     .settings(Map.of("RACER_NVIDIA", "off"))
 *     .functionConfig(Map.of("imageRegistry", ResourceLists.REGISTRY))
 *     .file("apps/origin.yaml", originText)
 *     .writeTo(dir.resolve("app"));
 * </pre>
 *
 * <p>The function config and racer-settings go to {@link #FUNCTION_CONFIG_FILE} and {@link
 * #SETTINGS_FILE}, whose names sort before a case's own files: a case that counts what a run reads,
 * in order, knows that these two come first.
 */
public final class InputFolder {
  /** Where {@link #functionConfig(Map)} writes the function config. */
  public static final String FUNCTION_CONFIG_FILE = "00-function-config.yaml";

  /** Where {@link #settings(Map)} writes racer-settings. */
  public static final String SETTINGS_FILE = "01-racer-settings.yaml";

  /** The name of the function config ConfigMap, as {@link ResourceLists} names it. */
  public static final String FUNCTION_CONFIG_NAME = "racer-function";

  private final Map<String, String> files = new LinkedHashMap<>();

  private InputFolder() {}

  /** A folder with no files yet. */
  public static InputFolder of() {
    return new InputFolder();
  }

  /** racer-settings in {@link ResourceLists#NAMESPACE}, its data double-quoted. */
  public InputFolder settings(Map<String, String> data) {
    return file(SETTINGS_FILE, settingsDocument(data));
  }

  /** The function config {@link #FUNCTION_CONFIG_NAME}, its data double-quoted. */
  public InputFolder functionConfig(Map<String, String> data) {
    return file(FUNCTION_CONFIG_FILE, functionConfigDocument(data));
  }

  /** A file at {@code path} (relative, {@code /}-separated) holding {@code text} as written. */
  public InputFolder file(String path, String text) {
    files.put(path, text);
    return this;
  }

  /** The text of each file, in the order they were added. */
  public List<String> texts() {
    return List.copyOf(files.values());
  }

  /** Writes every file under {@code folder} (made when missing), and returns {@code folder}. */
  public Path writeTo(Path folder) {
    try {
      Files.createDirectories(folder);
      for (Map.Entry<String, String> file : files.entrySet()) {
        Path path = folder.resolve(file.getKey());
        Files.createDirectories(path.getParent());
        Files.writeString(path, file.getValue());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return folder;
  }

  /** racer-settings in {@link ResourceLists#NAMESPACE} as a file's text. */
  public static String settingsDocument(Map<String, String> data) {
    return ResourceLists.asDocument(ResourceLists.settingsEntry(ResourceLists.NAMESPACE, data));
  }

  /**
   * The function config as a file's text: a local-config ConfigMap {@link #FUNCTION_CONFIG_NAME}
   * that declares the function's image, its data double-quoted.
   */
  public static String functionConfigDocument(Map<String, String> data) {
    return functionConfigDocument(FUNCTION_CONFIG_NAME, data);
  }

  /** {@link #functionConfigDocument(Map)} named {@code name}. */
  public static String functionConfigDocument(String name, Map<String, String> data) {
    return """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: %s
          annotations:
            config.kubernetes.io/local-config: "true"
            config.kubernetes.io/function: |
              container: {image: ghcr.io/unbounded-cloud/racer-krm:0.1.0}
        """
            .formatted(name)
        + ResourceLists.data("", data);
  }
}
