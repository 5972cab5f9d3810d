package io.unboundedcloud.racer.krm.results;

import io.unboundedcloud.racer.workload.StrictMode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One result of a function run.
 *
 * @param severity error, warning or info
 * @param message what is wrong and what to do
 * @param resource the object it is about, or {@code null}
 * @param fieldPath the field it is about ({@code data.RACER_PEER_PORT}), or {@code null}
 * @param currentValue the field's value, or {@code null}
 * @param proposedValue a value that would fix it, or {@code null}
 */
public record Result(
    Severity severity,
    String message,
    ResourceRef resource,
    String fieldPath,
    String currentValue,
    String proposedValue) {

  /**
   * The message as it will be printed, whatever path it takes (stderr, the ResourceList's results
   * that kpt prints): names, paths and values from the input in it cannot break its line ({@link
   * PrintableText}). The field's values stay exact: they are data, which YAML quotes.
   */
  public Result {
    message = PrintableText.of(message);
  }

  /** An error about no object in particular. */
  public static Result error(String message) {
    return new Result(Severity.ERROR, message, null, null, null, null);
  }

  /** A result about an object and one of its fields. */
  public static Result of(
      Severity severity, String message, ResourceRef resource, String fieldPath) {
    return new Result(severity, message, resource, fieldPath, null, null);
  }

  /** A copy about {@code resource} instead. */
  public Result withResource(ResourceRef resource) {
    return new Result(severity, message, resource, fieldPath, currentValue, proposedValue);
  }

  /** A copy with the field's current value. */
  public Result withCurrentValue(String value) {
    return new Result(severity, message, resource, fieldPath, value, proposedValue);
  }

  /** A copy with a proposed value. */
  public Result withProposedValue(String value) {
    return new Result(severity, message, resource, fieldPath, currentValue, value);
  }

  /** Why strict mode is on, in the function. */
  private static final String STRICT_BY_FUNCTION_CONFIG =
      "the function config sets strict: \"true\"";

  /**
   * This result as strict mode sees it: a warning becomes an error saying why; an error or an info
   * stays as it is.
   */
  public Result strict() {
    return strict(STRICT_BY_FUNCTION_CONFIG);
  }

  /**
   * This result under a strict mode that {@code why} turned on ({@code verify --strict}): a warning
   * becomes an error saying so; an error or an info stays as it is.
   */
  public Result strict(String why) {
    if (severity != Severity.WARNING) {
      return this;
    }
    return new Result(
        Severity.ERROR,
        message + StrictMode.note(why),
        resource,
        fieldPath,
        currentValue,
        proposedValue);
  }

  /** The result as the KRM specification writes it, as a plain tree in its key order. */
  public Map<String, Object> toTree() {
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("message", message);
    tree.put("severity", severity.value());
    if (resource != null) {
      Map<String, Object> ref = new LinkedHashMap<>();
      putIfPresent(ref, "apiVersion", resource.apiVersion());
      putIfPresent(ref, "kind", resource.kind());
      putIfPresent(ref, "name", resource.name());
      putIfPresent(ref, "namespace", resource.namespace());
      tree.put("resourceRef", ref);
    }
    if (fieldPath != null) {
      Map<String, Object> field = new LinkedHashMap<>();
      field.put("path", fieldPath);
      putIfPresent(field, "currentValue", currentValue);
      putIfPresent(field, "proposedValue", proposedValue);
      tree.put("field", field);
    }
    if (resource != null && resource.filePath() != null) {
      Map<String, Object> file = new LinkedHashMap<>();
      file.put("path", resource.filePath());
      if (resource.fileIndex() != null) {
        file.put("index", resource.fileIndex());
      }
      tree.put("file", file);
    }
    return tree;
  }

  /**
   * The one line printed on stderr: {@code error: message [ConfigMap racer-settings in a.yaml,
   * field x]}.
   */
  public String toLine() {
    StringBuilder line = new StringBuilder(severity.value()).append(": ").append(message);
    if (resource != null || fieldPath != null) {
      line.append(" [");
      if (resource != null) {
        line.append(resource.describe());
      }
      if (fieldPath != null) {
        line.append(resource != null ? ", " : "").append("field ").append(fieldPath);
      }
      line.append(']');
    }
    // the object's name, its file's path and the field come from the input too
    return PrintableText.of(line.toString());
  }

  private static void putIfPresent(Map<String, Object> map, String key, Object value) {
    if (value != null) {
      map.put(key, value);
    }
  }
}
