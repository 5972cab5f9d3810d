package io.unboundedcloud.racer.chart.template;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Merges one serialized tree per variant into one {@link TemplateNode}: what all variants share is
 * kept once, and only the narrowest part that differs is wrapped in a condition. Map keys and list
 * items keep the variants' order. List items are matched by their {@code name} when every item has
 * a unique one (env, volumes, ports, containers), otherwise by position.
 */
public final class TreeMerge {
  private final VariantSpace space;

  private TreeMerge(VariantSpace space) {
    this.space = space;
  }

  /**
   * @param trees one plain tree per variant of {@code space}, in variant order
   * @throws IllegalStateException naming the path where the trees cannot be merged
   */
  public static TemplateNode merge(VariantSpace space, List<?> trees) {
    if (trees.size() != space.variants().size()) {
      throw new IllegalArgumentException(
          trees.size() + " trees for " + space.variants().size() + " variants");
    }
    Map<Integer, Object> byVariant = new LinkedHashMap<>();
    for (int i = 0; i < trees.size(); i++) {
      byVariant.put(i, trees.get(i));
    }
    return new TreeMerge(space).node(byVariant, "");
  }

  private TemplateNode node(Map<Integer, Object> values, String path) {
    List<Object> distinct = distinct(values.values());
    if (distinct.size() == 1) {
      return new TemplateNode.Fixed(distinct.get(0));
    }
    if (values.values().stream().allMatch(v -> v instanceof Map<?, ?>)) {
      return mapping(values, path);
    }
    if (values.values().stream().allMatch(v -> v instanceof List<?>)) {
      return sequence(values, path);
    }
    return choice(values, path);
  }

  private TemplateNode mapping(Map<Integer, Object> values, String path) {
    List<List<Object>> orders = new ArrayList<>();
    values.values().forEach(v -> orders.add(new ArrayList<>(((Map<?, ?>) v).keySet())));
    List<TemplateNode.Entry> entries = new ArrayList<>();
    for (Object key : unionOrder(orders, path)) {
      Map<Integer, Object> present = new LinkedHashMap<>();
      values.forEach(
          (variant, v) -> {
            Map<?, ?> map = (Map<?, ?>) v;
            if (map.containsKey(key)) {
              present.put(variant, map.get(key));
            }
          });
      String condition = space.condition(present.keySet(), values.keySet());
      entries.add(
          new TemplateNode.Entry(String.valueOf(key), node(present, path + "." + key), condition));
    }
    return new TemplateNode.Mapping(entries);
  }

  private TemplateNode sequence(Map<Integer, Object> values, String path) {
    boolean byName = values.values().stream().allMatch(v -> uniquelyNamed((List<?>) v));
    if (!byName
        && values.values().stream().map(v -> ((List<?>) v).size()).distinct().count() != 1) {
      throw new IllegalStateException(
          "cannot merge the lists at "
              + path
              + ": their items have no unique name and their lengths differ");
    }
    List<List<Object>> orders = new ArrayList<>();
    for (Object v : values.values()) {
      List<Object> identities = new ArrayList<>();
      List<?> list = (List<?>) v;
      for (int i = 0; i < list.size(); i++) {
        identities.add(byName ? ((Map<?, ?>) list.get(i)).get("name") : i);
      }
      orders.add(identities);
    }
    List<TemplateNode.Item> items = new ArrayList<>();
    for (Object identity : unionOrder(orders, path)) {
      Map<Integer, Object> present = new LinkedHashMap<>();
      values.forEach(
          (variant, v) -> {
            List<?> list = (List<?>) v;
            if (byName) {
              list.stream()
                  .filter(item -> identity.equals(((Map<?, ?>) item).get("name")))
                  .forEach(item -> present.put(variant, item));
            } else {
              present.put(variant, list.get((Integer) identity));
            }
          });
      String condition = space.condition(present.keySet(), values.keySet());
      items.add(new TemplateNode.Item(node(present, path + "[" + identity + "]"), condition));
    }
    return new TemplateNode.Sequence(items);
  }

  private TemplateNode choice(Map<Integer, Object> values, String path) {
    Map<Object, SortedSet<Integer>> groups = new LinkedHashMap<>();
    values.forEach(
        (variant, v) ->
            groups.computeIfAbsent(key(groups.keySet(), v), k -> new TreeSet<>()).add(variant));
    List<TemplateNode.Alternative> alternatives = new ArrayList<>();
    Set<Integer> remaining = new TreeSet<>(values.keySet());
    int left = groups.size();
    for (Map.Entry<Object, SortedSet<Integer>> group : groups.entrySet()) {
      left--;
      String condition = left == 0 ? null : space.condition(group.getValue(), remaining);
      if (left > 0 && condition == null) {
        throw new IllegalStateException("cannot tell the variants apart at " + path);
      }
      alternatives.add(
          new TemplateNode.Alternative(condition, new TemplateNode.Fixed(group.getKey())));
      remaining.removeAll(group.getValue());
    }
    return new TemplateNode.Choice(alternatives);
  }

  /**
   * The already-seen value equal to {@code value}, or {@code value}: groups variants by equal
   * values.
   */
  private static Object key(Set<Object> seen, Object value) {
    for (Object known : seen) {
      if (Objects.equals(known, value)) {
        return known;
      }
    }
    return value;
  }

  private static List<Object> distinct(java.util.Collection<Object> values) {
    List<Object> distinct = new ArrayList<>();
    for (Object v : values) {
      if (distinct.stream().noneMatch(d -> Objects.equals(d, v))) {
        distinct.add(v);
      }
    }
    return distinct;
  }

  private static boolean uniquelyNamed(List<?> list) {
    Set<Object> names = new HashSet<>();
    for (Object item : list) {
      if (!(item instanceof Map<?, ?> map)
          || !(map.get("name") instanceof String name)
          || !names.add(name)) {
        return false;
      }
    }
    return true;
  }

  /**
   * One order that contains every order as a subsequence; an element new to the union goes right
   * after the element that preceded it in its own order.
   */
  static List<Object> unionOrder(List<List<Object>> orders, String path) {
    List<Object> union = new ArrayList<>();
    for (List<Object> order : orders) {
      int insertAt = 0;
      for (Object element : order) {
        int at = union.indexOf(element);
        if (at < 0) {
          union.add(insertAt, element);
          insertAt++;
        } else if (at < insertAt) {
          throw new IllegalStateException(
              "the variants order " + path + " differently around " + element);
        } else {
          insertAt = at + 1;
        }
      }
    }
    return union;
  }
}
