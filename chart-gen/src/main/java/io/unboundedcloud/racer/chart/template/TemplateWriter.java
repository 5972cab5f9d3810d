package io.unboundedcloud.racer.chart.template;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Prints a {@link TemplateNode} as block YAML with Helm actions: conditional entries and items
 * inside {@code if} / {@code end} lines (consecutive ones with the same condition share a block),
 * differing scalars as an inline {@code if}, sentinels as expressions, and the {@link
 * Substitutions}' fragments.
 */
public final class TemplateWriter {
  private static final int STEP = 2;

  private final Substitutions substitutions;
  private final List<String> lines = new ArrayList<>();

  private TemplateWriter(Substitutions substitutions) {
    this.substitutions = substitutions;
  }

  /** The lines of the document for {@code root}, a map. */
  public static List<String> write(TemplateNode root, Substitutions substitutions) {
    TemplateWriter writer = new TemplateWriter(substitutions);
    writer.mapping(entries(root), 0, "");
    return List.copyOf(writer.lines);
  }

  private void mapping(List<TemplateNode.Entry> entries, int indent, String path) {
    String open = null;
    for (TemplateNode.Entry entry : entries) {
      open = switchCondition(open, entry.condition(), indent);
      entry(entry.key(), entry.value(), indent, path == null ? null : join(path, entry.key()));
    }
    switchCondition(open, null, indent);
    if (path != null) {
      for (Fragment fragment : substitutions.additions(path)) {
        lines.addAll(fragment.lines(indent));
      }
    }
  }

  private void sequence(List<TemplateNode.Item> items, int indent, String path) {
    if (path != null) {
      for (Fragment fragment : substitutions.prepends(path)) {
        lines.addAll(fragment.lines(indent));
      }
    }
    String open = null;
    for (TemplateNode.Item item : items) {
      open = switchCondition(open, item.condition(), indent);
      item(item.value(), indent, path);
    }
    switchCondition(open, null, indent);
    if (path != null) {
      for (Fragment fragment : substitutions.additions(path)) {
        lines.addAll(fragment.lines(indent));
      }
    }
  }

  /**
   * Closes the open {@code if} block and opens the next when the condition changes; returns the
   * open one.
   */
  private String switchCondition(String open, String next, int indent) {
    if (java.util.Objects.equals(open, next)) {
      return open;
    }
    if (open != null) {
      lines.add(pad(indent) + "{{- end }}");
    }
    if (next != null) {
      lines.add(pad(indent) + "{{- if " + next + " }}");
    }
    return next;
  }

  private void entry(String key, TemplateNode value, int indent, String path) {
    if (value instanceof TemplateNode.Fixed fixed) {
      Optional<Fragment> replacement = substitutions.replacement(key, fixed.value());
      if (replacement.isPresent()) {
        lines.addAll(replacement.get().lines(indent));
        return;
      }
      Optional<Substitutions.Default> byDefault = substitutions.defaultOf(key, fixed.value());
      if (byDefault.isPresent()) {
        lines.add(pad(indent) + "{{- " + byDefault.get().open() + " }}");
        lines.addAll(byDefault.get().given().lines(indent));
        lines.add(pad(indent) + "{{- else }}");
        fixedEntry(key, fixed, indent, path);
        lines.add(pad(indent) + "{{- end }}");
        return;
      }
      fixedEntry(key, fixed, indent, path);
      return;
    }
    String label = pad(indent) + YamlScalar.of(key) + ":";
    if (value instanceof TemplateNode.Mapping) {
      lines.add(label);
      mapping(entries(value), indent + STEP, path);
    } else if (value instanceof TemplateNode.Sequence) {
      lines.add(label);
      sequence(items(value), indent + STEP, path);
    } else if (value instanceof TemplateNode.Choice choice) {
      lines.add(label + " " + inlineChoice(choice, key));
    }
  }

  /** An entry the same in every variant, written as the builders made it. */
  private void fixedEntry(String key, TemplateNode.Fixed value, int indent, String path) {
    String label = pad(indent) + YamlScalar.of(key) + ":";
    Object plain = value.value();
    if (plain instanceof Map<?, ?> map && !map.isEmpty()) {
      lines.add(label);
      mapping(entries(value), indent + STEP, path);
    } else if (plain instanceof List<?> list && !list.isEmpty()) {
      lines.add(label);
      sequence(items(value), indent + STEP, path);
    } else {
      lines.add(label + " " + scalar(plain));
    }
  }

  /**
   * A list item; a map whose {@code name} is the same in every variant gets the path {@code
   * list[name]}, where additions may go.
   */
  private void item(TemplateNode value, int indent, String listPath) {
    boolean isMap =
        value instanceof TemplateNode.Mapping
            || value instanceof TemplateNode.Fixed fixed && fixed.value() instanceof Map<?, ?>;
    if (!isMap) {
      if (value instanceof TemplateNode.Fixed fixed && !(fixed.value() instanceof List<?>)) {
        lines.add(pad(indent) + "- " + scalar(fixed.value()));
        return;
      }
      if (value instanceof TemplateNode.Choice choice) {
        lines.add(pad(indent) + "- " + inlineChoice(choice, "a list item"));
        return;
      }
      throw new IllegalStateException("lists of lists are not written by this chart");
    }
    List<TemplateNode.Entry> entries = nameFirst(entries(value));
    if (entries.isEmpty()) {
      lines.add(pad(indent) + "- {}");
      return;
    }
    int first = lines.size();
    mapping(entries, indent + STEP, itemPath(listPath, entries));
    String line = lines.get(first);
    String inner = pad(indent + STEP);
    if (line.startsWith(inner) && !line.substring(inner.length()).startsWith("{{")) {
      lines.set(first, pad(indent) + "- " + line.substring(inner.length()));
    } else {
      lines.add(first, pad(indent) + "-");
    }
  }

  private static String itemPath(String listPath, List<TemplateNode.Entry> entries) {
    if (listPath == null) {
      return null;
    }
    return entries.stream()
        .filter(e -> e.key().equals("name") && e.condition() == null)
        .map(TemplateNode.Entry::value)
        .filter(v -> v instanceof TemplateNode.Fixed fixed && fixed.value() instanceof String)
        .map(v -> listPath + "[" + ((TemplateNode.Fixed) v).value() + "]")
        .findFirst()
        .orElse(null);
  }

  private String inlineChoice(TemplateNode.Choice choice, String where) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < choice.alternatives().size(); i++) {
      TemplateNode.Alternative alternative = choice.alternatives().get(i);
      if (!(alternative.value() instanceof TemplateNode.Fixed fixed)
          || fixed.value() instanceof Map<?, ?>
          || fixed.value() instanceof List<?>) {
        throw new IllegalStateException(
            "variants differ in the structure of " + where + ", not only its value");
      }
      if (alternative.condition() != null) {
        text.append(i == 0 ? "{{ if " : "{{ else if ")
            .append(alternative.condition())
            .append(" }}");
      } else {
        text.append("{{ else }}");
      }
      text.append(scalar(fixed.value()));
    }
    return text.append("{{ end }}").toString();
  }

  /** A scalar with its sentinels replaced by Helm expressions. */
  private String scalar(Object value) {
    Optional<Substitutions.Scalar> number = substitutions.numberSentinel(value);
    if (number.isPresent()) {
      return "{{ " + number.get().expression() + " }}";
    }
    if (!(value instanceof String text)) {
      return YamlScalar.of(value);
    }
    for (Substitutions.Scalar sentinel : substitutions.scalars()) {
      if (text.equals(sentinel.text())) {
        substitutions.used(sentinel);
        return "{{ " + sentinel.expression() + " | quote }}";
      }
    }
    StringBuilder quoted = new StringBuilder("\"");
    StringBuilder literal = new StringBuilder();
    boolean found = false;
    int at = 0;
    while (at < text.length()) {
      Substitutions.Scalar match = sentinelAt(text, at);
      if (match == null) {
        literal.append(text.charAt(at));
        at++;
      } else {
        // only sentinels whose values need no escaping (ports, image references) are embedded in
        // strings
        substitutions.used(match);
        quoted
            .append(YamlScalar.escaped(literal.toString()))
            .append("{{ ")
            .append(match.expression())
            .append(" }}");
        literal.setLength(0);
        at += match.text().length();
        found = true;
      }
    }
    quoted.append(YamlScalar.escaped(literal.toString()));
    return found ? quoted.append('"').toString() : YamlScalar.of(text);
  }

  private Substitutions.Scalar sentinelAt(String text, int at) {
    for (Substitutions.Scalar sentinel : substitutions.scalars()) {
      if (text.startsWith(sentinel.text(), at)) {
        return sentinel;
      }
    }
    return null;
  }

  /**
   * A list item's {@code name} (when always present) leads, as Kubernetes manifests are usually
   * written.
   */
  private static List<TemplateNode.Entry> nameFirst(List<TemplateNode.Entry> entries) {
    List<TemplateNode.Entry> ordered = new ArrayList<>();
    entries.stream()
        .filter(e -> e.key().equals("name") && e.condition() == null)
        .forEach(ordered::add);
    entries.stream().filter(e -> !ordered.contains(e)).forEach(ordered::add);
    return ordered;
  }

  private static List<TemplateNode.Entry> entries(TemplateNode node) {
    if (node instanceof TemplateNode.Mapping mapping) {
      return mapping.entries();
    }
    List<TemplateNode.Entry> entries = new ArrayList<>();
    ((Map<?, ?>) ((TemplateNode.Fixed) node).value())
        .forEach(
            (k, v) ->
                entries.add(
                    new TemplateNode.Entry(String.valueOf(k), new TemplateNode.Fixed(v), null)));
    return entries;
  }

  private static List<TemplateNode.Item> items(TemplateNode node) {
    if (node instanceof TemplateNode.Sequence sequence) {
      return sequence.items();
    }
    List<TemplateNode.Item> items = new ArrayList<>();
    ((List<?>) ((TemplateNode.Fixed) node).value())
        .forEach(v -> items.add(new TemplateNode.Item(new TemplateNode.Fixed(v), null)));
    return items;
  }

  private static String join(String path, String key) {
    return path.isEmpty() ? key : path + "." + key;
  }

  private static String pad(int indent) {
    return " ".repeat(indent);
  }
}
