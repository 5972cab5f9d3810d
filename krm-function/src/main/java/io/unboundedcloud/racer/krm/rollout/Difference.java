package io.unboundedcloud.racer.krm.rollout;

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
 * @param before the value in the first tree (adopt: the live object; diff: the old side), {@code
 *     null} when absent
 * @param after the value in the second tree (adopt: its output; diff: the new side), {@code null}
 *     when absent
 * @param reordered whether only the order of named items differs here (then both are the name
 *     lists)
 */
public record Difference(FieldPath at, Object before, Object after, boolean reordered) {

  /**
   * Every difference between two trees, in the first tree's order, then what only the second one
   * has.
   */
  public static List<Difference> between(Object before, Object after, FieldPath at) {
    List<Difference> differences = new ArrayList<>();
    compare(before, after, at, differences);
    return differences;
  }

  private static void compare(Object before, Object after, FieldPath at, List<Difference> out) {
    if (PlainTrees.same(before, after)) {
      return;
    }
    if (before instanceof Map<?, ?> left && after instanceof Map<?, ?> right) {
      Set<Object> keys = new LinkedHashSet<>(left.keySet());
      keys.addAll(right.keySet());
      for (Object key : keys) {
        compare(left.get(key), right.get(key), at.key(String.valueOf(key)), out);
      }
    } else if (before instanceof List<?> left && after instanceof List<?> right) {
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
        out.add(new Difference(at, before, after, false));
      }
    } else {
      out.add(new Difference(at, before, after, false));
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
