package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One place where two trees differ: a value changed, added or removed, or the order of a list whose
 * items have names (containers, env, volumes: the order is part of what the API server stores).
 *
 * @param at where
 * @param live the live value, {@code null} when absent
 * @param adopted the value adopt's output gives, {@code null} when absent
 * @param reordered whether only the order of named items differs here (then both are the name
 *     lists)
 */
record Difference(FieldPath at, Object live, Object adopted, boolean reordered) {

  /**
   * Every difference between two trees, in the live tree's order, then what only the adopted tree
   * has.
   */
  static List<Difference> between(Object live, Object adopted, FieldPath at) {
    List<Difference> differences = new ArrayList<>();
    compare(live, adopted, at, differences);
    return differences;
  }

  private static void compare(Object live, Object adopted, FieldPath at, List<Difference> out) {
    if (PlainTrees.same(live, adopted)) {
      return;
    }
    if (live instanceof Map<?, ?> left && adopted instanceof Map<?, ?> right) {
      Set<Object> keys = new LinkedHashSet<>(left.keySet());
      keys.addAll(right.keySet());
      for (Object key : keys) {
        compare(left.get(key), right.get(key), at.key(String.valueOf(key)), out);
      }
    } else if (live instanceof List<?> left && adopted instanceof List<?> right) {
      List<String> leftNames = names(left);
      List<String> rightNames = names(right);
      if (leftNames != null && rightNames != null) {
        if (!leftNames.equals(rightNames)
            && new LinkedHashSet<>(leftNames).equals(new LinkedHashSet<>(rightNames))) {
          out.add(new Difference(at, leftNames, rightNames, true));
        }
        Set<String> all = new LinkedHashSet<>(leftNames);
        all.addAll(rightNames);
        for (String name : all) {
          FieldPath item = FieldPath.root().named(name);
          compare(item.valueIn(left), item.valueIn(right), at.named(name), out);
        }
      } else if (left.size() == right.size()) {
        for (int i = 0; i < left.size(); i++) {
          compare(left.get(i), right.get(i), at.index(i), out);
        }
      } else {
        out.add(new Difference(at, live, adopted, false));
      }
    } else {
      out.add(new Difference(at, live, adopted, false));
    }
  }

  /**
   * The names of a list's items when every item is an object with a distinct name; else {@code
   * null}.
   */
  private static List<String> names(List<?> list) {
    List<String> names = new ArrayList<>();
    for (Object item : list) {
      if (!(item instanceof Map<?, ?> map)
          || !(map.get("name") instanceof String name)
          || names.contains(name)) {
        return null;
      }
      names.add(name);
    }
    return names;
  }
}
