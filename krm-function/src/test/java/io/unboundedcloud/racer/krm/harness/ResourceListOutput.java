package io.unboundedcloud.racer.krm.harness;

import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The ResourceList a run wrote, read by SnakeYAML as plain values (maps, lists, strings, numbers).
 *
 * @param root the whole document; empty when stdout held none
 */
public record ResourceListOutput(Map<String, Object> root) {
  /**
   * Reads a ResourceList text; SnakeYAML's own limits are raised, as the function's are what tests
   * probe.
   */
  public static ResourceListOutput parse(String resourceList) {
    LoaderOptions options = new LoaderOptions();
    options.setCodePointLimit(Integer.MAX_VALUE);
    options.setNestingDepthLimit(1000); // the function's own limit, 256, is what the tests probe
    Object root = new Yaml(new SafeConstructor(options)).load(resourceList);
    if (root != null && !(root instanceof Map<?, ?>)) {
      throw new AssertionError("stdout is not one YAML mapping:\n" + resourceList);
    }
    return new ResourceListOutput(root == null ? Map.of() : cast(root));
  }

  /** The items, in order (none when the key is missing). */
  public List<Map<String, Object>> items() {
    Object items = root.get("items");
    return items == null ? List.of() : cast(items);
  }

  /** The results, in order (none when the key is missing). */
  public List<Map<String, Object>> results() {
    Object results = root.get("results");
    return results == null ? List.of() : cast(results);
  }

  /** The error results, in order. */
  public List<Map<String, Object>> errors() {
    return results().stream().filter(result -> "error".equals(result.get("severity"))).toList();
  }

  /** The one error result; an {@link AssertionError} when there are none or several. */
  public Map<String, Object> onlyError() {
    List<Map<String, Object>> errors = errors();
    if (errors.size() != 1) {
      throw new AssertionError(
          "expected exactly one error result, found " + errors.size() + ": " + results());
    }
    return errors.get(0);
  }

  /** The messages of the error results, in order. */
  public List<String> errorMessages() {
    return errors().stream().map(result -> String.valueOf(result.get("message"))).toList();
  }

  /** The field paths of the error results, in order ({@code ""} for an error about no field). */
  public List<String> errorFields() {
    return errors().stream()
        .map(
            result ->
                result.get("field") instanceof Map<?, ?> field
                    ? String.valueOf(field.get("path"))
                    : "")
        .toList();
  }

  @SuppressWarnings("unchecked")
  private static <T> T cast(Object value) {
    return (T) value;
  }
}
