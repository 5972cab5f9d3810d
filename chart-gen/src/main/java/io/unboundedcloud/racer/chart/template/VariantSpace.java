package io.unboundedcloud.racer.chart.template;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Every combination of the switches, and the narrowest Helm condition that selects a set of them.
 *
 * <p>A condition is always judged within the variants still possible where it is written (inside an
 * enclosing {@code if}, or after earlier {@code else if} branches), so it names only the switches
 * that actually differ there: {@code ne (include "racer.nvidia" $) "off"} rather than a list of six
 * cases.
 */
public final class VariantSpace {
  private final List<Switch> switches;
  private final List<Variant> variants;

  public VariantSpace(List<Switch> switches) {
    this.switches = List.copyOf(switches);
    List<List<String>> combinations = new ArrayList<>();
    combinations.add(List.of());
    for (Switch s : this.switches) {
      List<List<String>> next = new ArrayList<>();
      for (List<String> prefix : combinations) {
        for (String value : s.values()) {
          List<String> combination = new ArrayList<>(prefix);
          combination.add(value);
          next.add(combination);
        }
      }
      combinations = next;
    }
    List<Variant> all = new ArrayList<>();
    for (List<String> combination : combinations) {
      all.add(new Variant(all.size(), combination));
    }
    this.variants = List.copyOf(all);
  }

  /** A space with no switches: one variant, no conditions (an object that never changes shape). */
  public static VariantSpace single() {
    return new VariantSpace(List.of());
  }

  public List<Switch> switches() {
    return switches;
  }

  public List<Variant> variants() {
    return variants;
  }

  /** The indices of every variant. */
  public SortedSet<Integer> all() {
    SortedSet<Integer> all = new TreeSet<>();
    variants.forEach(v -> all.add(v.index()));
    return all;
  }

  /**
   * The Helm condition that is true for {@code selected} and false for the rest of {@code within},
   * or {@code null} when {@code selected} is all of {@code within}.
   */
  public String condition(Set<Integer> selected, Set<Integer> within) {
    if (!within.containsAll(selected) || selected.isEmpty()) {
      throw new IllegalArgumentException(
          "selected " + selected + " is not a non-empty part of " + within);
    }
    if (selected.equals(within)) {
      return null;
    }
    for (int position = 0; position < switches.size(); position++) {
      Set<String> chosen = values(selected, position);
      if (selected.equals(restrict(within, position, chosen))) {
        return switchCondition(position, chosen, values(within, position));
      }
    }
    List<String> parts = new ArrayList<>();
    Set<Integer> product = new TreeSet<>(within);
    for (int position = 0; position < switches.size(); position++) {
      Set<String> chosen = values(selected, position);
      product = restrict(product, position, chosen);
      if (!chosen.equals(values(within, position))) {
        parts.add("(" + switchCondition(position, chosen, values(within, position)) + ")");
      }
    }
    if (product.equals(selected)) {
      return "and " + String.join(" ", parts);
    }
    // Not a product of per-switch choices: one exact case per variant.
    List<String> cases = new ArrayList<>();
    for (int index : selected) {
      List<String> exact = new ArrayList<>();
      for (int position = 0; position < switches.size(); position++) {
        exact.add(
            "("
                + switchCondition(position, Set.of(variants.get(index).value(position)), Set.of())
                + ")");
      }
      cases.add("(and " + String.join(" ", exact) + ")");
    }
    return "or " + String.join(" ", cases);
  }

  private Set<String> values(Set<Integer> indices, int position) {
    Set<String> values = new LinkedHashSet<>();
    for (String value : switches.get(position).values()) {
      for (int index : indices) {
        if (variants.get(index).value(position).equals(value)) {
          values.add(value);
        }
      }
    }
    return values;
  }

  private Set<Integer> restrict(Set<Integer> indices, int position, Set<String> chosen) {
    return indices.stream()
        .filter(i -> chosen.contains(variants.get(i).value(position)))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /**
   * One switch's test: {@code eq} for one value, {@code ne} when one possible value is left out,
   * else {@code has}.
   */
  private String switchCondition(int position, Set<String> chosen, Set<String> possible) {
    String expression = "(" + switches.get(position).expression() + ")";
    if (chosen.size() == 1) {
      return "eq " + expression + " " + quote(chosen.iterator().next());
    }
    Set<String> left = new LinkedHashSet<>(possible);
    left.removeAll(chosen);
    if (left.size() == 1) {
      return "ne " + expression + " " + quote(left.iterator().next());
    }
    String list = chosen.stream().map(VariantSpace::quote).collect(Collectors.joining(" "));
    return "has " + expression + " (list " + list + ")";
  }

  private static String quote(String value) {
    return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
