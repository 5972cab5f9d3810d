package io.unboundedcloud.racer.krm.harness;

import java.util.ArrayList;
import java.util.List;

/** Every order of a few elements, for tests that plant problems in each order they can come. */
public final class Permutations {
  private Permutations() {}

  /** Every permutation of {@code elements} (n! of them: keep n small), the given order first. */
  public static <T> List<List<T>> of(List<T> elements) {
    if (elements.size() <= 1) {
      return List.of(List.copyOf(elements));
    }
    List<List<T>> all = new ArrayList<>();
    for (int i = 0; i < elements.size(); i++) {
      List<T> rest = new ArrayList<>(elements);
      T head = rest.remove(i);
      for (List<T> tail : of(rest)) {
        List<T> one = new ArrayList<>();
        one.add(head);
        one.addAll(tail);
        all.add(List.copyOf(one));
      }
    }
    return all;
  }
}
