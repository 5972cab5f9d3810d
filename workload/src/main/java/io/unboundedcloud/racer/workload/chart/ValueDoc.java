package io.unboundedcloud.racer.workload.chart;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What values.yaml, values.schema.json and the chart README say of a value.
 *
 * @param initial its default in values.yaml
 * @param schema its JSON schema (draft-07, local refs only), in the order it is written
 * @param description what it is; starts with the key's name, as Helm's best practices ask; {@link
 *     #BUILDERS} stands for what the builder renders at the value's field
 * @param example YAML lines shown commented under the description, or none
 */
public record ValueDoc(
    Initial initial, Map<String, Object> schema, String description, List<String> example) {

  /** In a description: the builder's own value of the field, as chart-gen reads it. */
  public static final String BUILDERS = "{builder}";

  /** A DNS-1123 subdomain: the name of a Secret, a PriorityClass or a RuntimeClass. */
  public static final String DNS_SUBDOMAIN =
      "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";

  /** A container's image pull policies. */
  public static final List<String> PULL_POLICIES = List.of("Always", "IfNotPresent", "Never");

  /** A value's default in values.yaml. */
  public enum Initial {
    /** {@code null}: unset, the builder's or nothing. */
    NULL,
    /** {@code ""}. */
    EMPTY_TEXT,
    /** {@code []}. */
    EMPTY_LIST,
    /** <code>{}</code>. */
    EMPTY_MAP,
    /** What the builder renders at the value's field. */
    BUILDERS,
    /** {@code true}. */
    TRUE,
    /** {@code false}. */
    FALSE,
    /** A group of values with fixed keys: the values below it make it up. */
    GROUP
  }

  public ValueDoc {
    schema = Collections.unmodifiableMap(new LinkedHashMap<>(schema));
    example = List.copyOf(example);
  }

  /** A documented value. */
  public static ValueDoc of(
      Initial initial, Map<String, Object> schema, String description, String... example) {
    return new ValueDoc(initial, schema, description, List.of(example));
  }

  /** A group of values, whose schema is that of an object of them. */
  public static ValueDoc group(String description) {
    return new ValueDoc(Initial.GROUP, Map.of(), description, List.of());
  }

  /**
   * A JSON schema object from its keywords, {@code keywords("type", "string", "pattern", "^x$")}:
   * keys and values.
   */
  public static Map<String, Object> keywords(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return Collections.unmodifiableMap(map);
  }

  /** {@code {"$ref": "#/definitions/<name>"}}: one of the schema's shared definitions. */
  public static Map<String, Object> definition(String name) {
    return keywords("$ref", "#/definitions/" + name);
  }

  /** An object of the given properties and no others. */
  public static Map<String, Object> closed(Map<String, Object> properties) {
    return keywords("type", "object", "additionalProperties", false, "properties", properties);
  }

  /** An array of {@code items}. */
  public static Map<String, Object> arrayOf(Map<String, Object> items) {
    return keywords("type", "array", "items", items);
  }

  /**
   * An object with a required {@code name} of the given schema, other keys as Kubernetes has them.
   */
  public static Map<String, Object> named(Map<String, Object> name) {
    return keywords(
        "type", "object", "required", List.of("name"), "properties", keywords("name", name));
  }

  /**
   * A list of objects, each with a {@code name} (volumes, containers): a DNS-1123 label, which the
   * chart's templates check (racer.validateNames) in words where a pattern would print a regular
   * expression.
   */
  public static Map<String, Object> labelNamedItems() {
    return arrayOf(named(text()));
  }

  /** A string of any content. */
  public static Map<String, Object> text() {
    return keywords("type", "string");
  }

  /** A map of strings, keys as Kubernetes takes them (annotations, a node selector). */
  public static Map<String, Object> stringMap() {
    return keywords("type", "object", "additionalProperties", text());
  }

  /** A string of at least one character. */
  public static Map<String, Object> nonEmptyText() {
    return keywords("type", "string", "minLength", 1);
  }

  /** A non-negative integer, or null for the default. */
  public static Map<String, Object> count() {
    return keywords("type", List.of("integer", "null"), "minimum", 0);
  }

  /**
   * An optional DNS-1123 subdomain name ({@code ""} is none); with {@code nullable}, null too. The
   * schema says only the type: the templates check the name (racer.validateNames), in words.
   */
  public static Map<String, Object> optionalName(boolean nullable) {
    return keywords("type", nullable ? List.of("string", "null") : "string");
  }
}
