package io.unboundedcloud.racer.workload.chart;

import io.unboundedcloud.racer.workload.CacheOrigin;
import io.unboundedcloud.racer.workload.Dataplane;
import java.util.ArrayList;
import java.util.List;

/**
 * The label keys of {@code charts/racer}'s selectors: the dataplane's, and a cache origin's (its
 * name and the cache origin label). The labels a value adds never hold one: a selector is
 * immutable.
 */
public final class SelectorLabels {
  /** Their keys, the dataplane's first. */
  public static final List<String> KEYS = keys();

  private SelectorLabels() {}

  private static List<String> keys() {
    List<String> keys = new ArrayList<>(Dataplane.labels().keySet());
    if (!keys.contains(CacheOrigin.LABEL)) {
      keys.add(CacheOrigin.LABEL);
    }
    return List.copyOf(keys);
  }
}
