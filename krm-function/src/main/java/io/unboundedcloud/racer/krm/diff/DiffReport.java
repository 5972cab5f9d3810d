package io.unboundedcloud.racer.krm.diff;

import java.util.List;

/**
 * What replacing the old side by the new does: the objects added, removed and changed, in the order
 * of their keys, and how many stayed as they were; and what reading and rendering each side warned
 * about, each warning of its side.
 *
 * @param objects the objects added, removed or changed
 * @param unchanged how many objects are the same on both sides
 * @param findings the warnings of the OLD side, then those of the NEW side, each in the order found
 */
public record DiffReport(List<ObjectChange> objects, int unchanged, List<SideFinding> findings) {
  public DiffReport {
    objects = List.copyOf(objects);
    findings = List.copyOf(findings);
  }

  /** A report with no finding. */
  public DiffReport(List<ObjectChange> objects, int unchanged) {
    this(objects, unchanged, List.of());
  }

  /** The same report with these findings. */
  public DiffReport withFindings(List<SideFinding> more) {
    return new DiffReport(objects, unchanged, more);
  }

  /** Whether any workload's pods restart. */
  public boolean rollout() {
    return objects.stream().anyMatch(ObjectChange::rolls);
  }

  /** The workloads whose pods restart. */
  public List<ObjectChange> rolling() {
    return objects.stream().filter(ObjectChange::rolls).toList();
  }

  /** Whether the dataplane or a cache origin is deleted: the cache stops on every node. */
  public boolean stops() {
    return objects.stream().anyMatch(ObjectChange::stops);
  }

  /** The dataplane and cache origins deleted. */
  public List<ObjectChange> stopping() {
    return objects.stream().filter(ObjectChange::stops).toList();
  }

  /** Whether applying the new side disrupts the cache: a workload rolls, or one is deleted. */
  public boolean disrupts() {
    return rollout() || stops();
  }

  /** How many objects are of this kind of change. */
  public long count(ObjectChange.Change change) {
    return objects.stream().filter(object -> object.change() == change).count();
  }
}
