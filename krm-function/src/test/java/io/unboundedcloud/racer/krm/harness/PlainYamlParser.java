package io.unboundedcloud.racer.krm.harness;

import java.io.StringReader;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.Node;

/**
 * Whether a text is valid YAML to a plain parser: snakeyaml's own composer with its default options
 * (none of the function's reading stages), comments ignored, duplicate keys allowed (a function
 * gives those back as they came), every document composed.
 */
public final class PlainYamlParser {

  private PlainYamlParser() {}

  /**
   * Composes every document of {@code text}; throws snakeyaml's error, with the position, when it
   * is not YAML.
   */
  public static int composeAll(String text) {
    LoaderOptions options = new LoaderOptions();
    options.setCodePointLimit(Integer.MAX_VALUE);
    options.setNestingDepthLimit(1_000);
    options.setMaxAliasesForCollections(1_000);
    int documents = 0;
    for (Node ignored : new Yaml(options).composeAll(new StringReader(text))) {
      documents++;
    }
    return documents;
  }

  /** {@link #composeAll(String)} as an assertion: the message shows the text. */
  public static void assertComposes(String text, String what) {
    try {
      composeAll(text);
    } catch (RuntimeException e) {
      throw new AssertionError(
          what + " is not valid YAML: " + e.getMessage() + "\n---\n" + text, e);
    }
  }
}
