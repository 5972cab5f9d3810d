package io.unboundedcloud.racer.krm.schema;

import io.unboundedcloud.racer.krm.diff.TreeJson;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The schemas {@code racer-krm schema NAME} prints, each with the file it is committed as under
 * {@code schemas/} and published as by a release.
 */
public enum EditorSchema {
  SETTINGS("settings", "racer-settings.schema.json", RacerSettingsSchema::schema),
  FUNCTION_CONFIG("function-config", "function-config.schema.json", FunctionConfigSchema::schema),
  PARAMETERS("parameters", "argocd-parameters.schema.json", ParametersSchema::schema);

  /** The folder of the checkout the schemas are committed in. */
  public static final String FOLDER = "schemas";

  private final String word;
  private final String file;
  private final Supplier<Map<String, Object>> tree;

  EditorSchema(String word, String file, Supplier<Map<String, Object>> tree) {
    this.word = word;
    this.file = file;
    this.tree = tree;
  }

  /** The word that names it on the command line. */
  public String word() {
    return word;
  }

  /** Its file name under {@link #FOLDER}. */
  public String file() {
    return file;
  }

  /** The schema as JSON text, two spaces an indent, a newline last. */
  public String text() {
    return TreeJson.of(tree.get());
  }

  /** The words, in the table's order. */
  public static List<String> words() {
    return Arrays.stream(values()).map(EditorSchema::word).toList();
  }

  /** The schema a word names. */
  public static EditorSchema of(String word) {
    return Arrays.stream(values())
        .filter(each -> each.word.equals(word))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no schema " + word));
  }
}
