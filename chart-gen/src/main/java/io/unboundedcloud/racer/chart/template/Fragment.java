package io.unboundedcloud.racer.chart.template;

import java.util.ArrayList;
import java.util.List;

/**
 * Lines of Helm template text written at an indentation: where a builder's value is replaced by a
 * Helm block, or Helm adds entries the builders do not know about (user annotations, delivery
 * labels).
 */
@FunctionalInterface
public interface Fragment {

  /** The lines, each starting with {@code indent} spaces. */
  List<String> lines(int indent);

  /**
   * {@code key: <yaml of expression>} when the expression is not empty, nothing otherwise ({@code
   * with} + {@code toYaml}).
   */
  static Fragment optionalEntry(String key, String expression) {
    return indent ->
        indented(
            indent,
            "{{- with " + expression + " }}",
            key + ":",
            "  {{- toYaml . | nindent " + (indent + 2) + " }}",
            "{{- end }}");
  }

  /**
   * {@code key: <expression>}: a scalar the expression prints as it is (a value the schema keeps to
   * plain words).
   */
  static Fragment scalarEntry(String key, String expression) {
    return indent -> indented(indent, key + ": {{ " + expression + " }}");
  }

  /**
   * {@code key: <expression>} as an integer when the expression is set (not null), nothing
   * otherwise: 0 is written.
   */
  static Fragment optionalNumber(String key, String expression) {
    return indent ->
        indented(
            indent,
            "{{- " + isSet(expression) + " }}",
            key + ": {{ " + expression + " | int64 }}",
            "{{- end }}");
  }

  /** The {@code if} action that holds when the expression is set: not null, 0 and "" included. */
  static String isSet(String expression) {
    return "if not (kindIs \"invalid\" " + expression + ")";
  }

  /** {@code key: "<expression>"} when the expression is not empty, nothing otherwise. */
  static Fragment optionalText(String key, String expression) {
    return indent ->
        indented(indent, "{{- with " + expression + " }}", key + ": {{ . | quote }}", "{{- end }}");
  }

  /** {@code key:} followed by the YAML text a template prints (an {@code include} of a define). */
  static Fragment entryOfYaml(String key, String yamlExpression) {
    return indent ->
        indented(
            indent, key + ":", "  {{- " + yamlExpression + " | nindent " + (indent + 2) + " }}");
  }

  /**
   * The entries of a map-valued expression merged into the surrounding map, when it is not empty.
   */
  static Fragment optionalEntries(String expression) {
    return indent ->
        indented(
            indent,
            "{{- with " + expression + " }}",
            "{{- toYaml . | nindent " + indent + " }}",
            "{{- end }}");
  }

  /** The entries a template prints (YAML text), merged into the surrounding map. */
  static Fragment entriesOfYaml(String yamlExpression) {
    return indent -> indented(indent, "{{- " + yamlExpression + " | nindent " + indent + " }}");
  }

  private static List<String> indented(int indent, String... lines) {
    List<String> out = new ArrayList<>();
    for (String line : lines) {
      out.add(" ".repeat(indent) + line);
    }
    return out;
  }
}
