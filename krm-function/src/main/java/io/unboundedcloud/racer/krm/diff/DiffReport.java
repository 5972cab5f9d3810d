package io.unboundedcloud.racer.krm.diff;

import java.util.List;

/**
 * What replacing the old side by the new does: the objects added, removed and changed, in the order
 * of their keys, and how many stayed as they were.
 */
public record DiffReport(List<ObjectChange> objects, int unchanged) {
  public DiffReport {
    objects = List.copyOf(objects);
  }

  /** Whether any workload's pods restart. */
  public boolean rollout() {
    return objects.stream().anyMatch(ObjectChange::rolls);
  }

  /** The workloads whose pods restart. */
  public List<ObjectChange> rolling() {
    return objects.stream().filter(ObjectChange::rolls).toList();
  }

  /** How many objects are of this kind of change. */
  public long count(ObjectChange.Change change) {
    return objects.stream().filter(object -> object.change() == change).count();
  }
}
