package io.unboundedcloud.racer.krm.diff;

import java.util.List;

/**
 * What happens to one object when the new side replaces the old.
 *
 * @param key the object
 * @param change added, removed or changed (unchanged objects are only counted)
 * @param rollout for a changed workload with a pod template: whether its pods restart; {@code null}
 *     for other objects, and for a workload added or removed (created or deleted, not rolled)
 * @param pace for a changed workload: how a rollout proceeds under the new update strategy; else
 *     {@code null}
 * @param reasons why the pods restart, in words, when they do; for a deleted cache workload, what
 *     its deletion stops
 * @param fields every field that differs, API-server defaults counted as written
 * @param stops the object is the dataplane or a cache origin, removed: the cache stops on every
 *     node ({@link CacheWorkloads})
 */
public record ObjectChange(
    ObjectKey key,
    Change change,
    Boolean rollout,
    String pace,
    List<String> reasons,
    List<FieldChange> fields,
    boolean stops) {
  /** The three kinds of change, as the JSON report spells them. */
  public enum Change {
    ADDED,
    REMOVED,
    CHANGED;

    /** {@code added}, {@code removed}, {@code changed}. */
    public String word() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  public ObjectChange {
    reasons = List.copyOf(reasons);
    fields = List.copyOf(fields);
  }

  /** A change that stops nothing. */
  public ObjectChange(
      ObjectKey key,
      Change change,
      Boolean rollout,
      String pace,
      List<String> reasons,
      List<FieldChange> fields) {
    this(key, change, rollout, pace, reasons, fields, false);
  }

  /** Whether applying the new side restarts this object's pods. */
  public boolean rolls() {
    return Boolean.TRUE.equals(rollout);
  }
}
