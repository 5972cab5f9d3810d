package io.unboundedcloud.racer.chart.objects;

import io.unboundedcloud.racer.chart.template.Fragment;
import io.unboundedcloud.racer.chart.template.Substitutions;
import io.unboundedcloud.racer.workload.chart.ChartValue;
import io.unboundedcloud.racer.workload.chart.ValueDoc;
import io.unboundedcloud.racer.workload.chart.ValueField;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Each value that sets a field of the DaemonSet or the ServiceAccount written into its template as
 * a user's kustomize patch would set it. One that replaces a field the builder renders is written
 * as the builder made it in the {@code else} branch of a {@code with} on the value (an unset count:
 * an {@code if} it is set), so an empty value renders exactly what the builder made; one that
 * replaces a field the builder leaves out is written only when given (text quoted, a count as an
 * integer, else as YAML); one that adds to a list the builder renders adds its items after the
 * builder's (before, for {@link ValueField.Kind#PREPENDS}), and to a list the builder leaves out is
 * the list, when given; one merged into a map the builder renders adds its entries after the
 * builder's, without those of the chart's own keys where the chart's win, and into a map the
 * builder leaves out is the map, when given. One combined with its field by a rule of its own
 * ({@link ValueField.Kind#COMBINES}: the affinity) is the DaemonSet template's and its define's.
 */
final class FieldTemplates {
  /**
   * The values a define reads (it prints their YAML) rather than the template: {@code resources},
   * whose quantities the define writes as Kubernetes would.
   */
  private static final Map<ChartValue, String> THROUGH_DEFINES =
      Map.of(ChartValue.RESOURCES, Defines.include(Defines.RESOURCES) + " | trim");

  private static final String PLACEMENT = ChartValue.PLACEMENT.path() + ".";

  private FieldTemplates() {}

  /**
   * Adds the value of every field of an object of {@code kind} to its substitutions, in
   * values.yaml's order but placement's first: the chart writes the pod's node selector and
   * tolerations before the other fields values add to the pod spec (the order of the rendered
   * keys).
   */
  static void addTo(Substitutions substitutions, String kind) {
    List<ChartValue> values =
        ChartValue.fieldValues().stream()
            .filter(value -> kind.equals(value.field().orElseThrow().holder().objectKind()))
            .sorted(Comparator.comparing(value -> !value.path().startsWith(PLACEMENT)))
            .toList();
    for (ChartValue value : values) {
      ValueField field = value.field().orElseThrow();
      String holder = holderPath(field.holder());
      String key = field.key();
      Object builders = DataplaneDefaults.of(value);
      String expression = value.expression();
      switch (field.kind()) {
        case APPENDS, MERGES ->
            substitutions.add(
                builders == null ? holder : holder + "." + key,
                builders == null
                    ? Fragment.optionalEntry(key, expression)
                    : Fragment.optionalEntries(winning(field, expression)));
        case PREPENDS ->
            substitutions.prepend(holder + "." + key, Fragment.optionalEntries(expression));
        case REPLACES -> replaces(substitutions, value, holder, key, builders);
        case COMBINES -> {}
      }
    }
  }

  /** The value's entries, without those of the chart's own keys, where the chart's win. */
  private static String winning(ValueField field, String expression) {
    if (field.ownKeys().isEmpty() || field.ownKeysRefused()) {
      return expression;
    }
    StringBuilder omitted = new StringBuilder();
    for (String key : field.ownKeys()) {
      omitted.append(' ').append(DataplaneTemplates.quoted(key));
    }
    return "omit (" + expression + " | default dict)" + omitted;
  }

  private static void replaces(
      Substitutions substitutions, ChartValue value, String holder, String key, Object builders) {
    ValueDoc doc = value.doc();
    String expression = value.expression();
    if (builders == null) {
      substitutions.add(holder, given(doc, key, expression));
    } else if (doc.initial() == ValueDoc.Initial.NULL) {
      substitutions.defaultUnlessNull(key, builders, expression);
    } else if (THROUGH_DEFINES.containsKey(value)) {
      substitutions.defaultUnless(
          key, builders, THROUGH_DEFINES.get(value), Fragment.entryOfYaml(key, "."));
    } else {
      substitutions.defaultUnless(
          key,
          builders,
          expression,
          builders instanceof Map<?, ?> || builders instanceof List<?>
              ? Fragment.entryOfYaml(key, "toYaml .")
              : Fragment.scalarEntry(key, "."));
    }
  }

  /** The entry of a value the builder leaves out, when given. */
  private static Fragment given(ValueDoc doc, String key, String expression) {
    return switch (doc.initial()) {
      case EMPTY_LIST, EMPTY_MAP -> Fragment.optionalEntry(key, expression);
      case NULL, EMPTY_TEXT, BUILDERS ->
          isCount(doc)
              ? Fragment.optionalNumber(key, expression)
              : Fragment.optionalText(key, expression);
      case TRUE, FALSE, GROUP ->
          throw new IllegalStateException("no template writes a field value of " + doc.initial());
    };
  }

  private static boolean isCount(ValueDoc doc) {
    Object type = doc.schema().get("type");
    return "integer".equals(type) || type instanceof List<?> types && types.contains("integer");
  }

  /** Where the holder sits, in the substitutions' notation ({@code containers[dataplane]}). */
  private static String holderPath(ValueField.Holder holder) {
    return holder.itemName() == null
        ? holder.keys()
        : holder.keys() + "[" + holder.itemName() + "]";
  }
}
