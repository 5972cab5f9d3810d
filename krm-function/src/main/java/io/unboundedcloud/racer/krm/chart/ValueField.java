package io.unboundedcloud.racer.krm.chart;

import io.unboundedcloud.racer.workload.Dataplane;

/**
 * The field of the dataplane DaemonSet a chart value sets, as a user's kustomize patch of the
 * function's output would: chart-gen's template writes the value there, {@code adopt} reads it back
 * from there.
 *
 * @param holder the object that holds the field
 * @param key the field's key in it
 * @param kind whether the value replaces the field or adds items to its list
 */
public record ValueField(Holder holder, String key, Kind kind) {

  /** The objects of the DaemonSet whose fields values set. */
  public enum Holder {
    /** The DaemonSet's {@code spec}. */
    DAEMON_SET("spec", null),
    /** The pod template's {@code spec}. */
    POD("spec.template.spec", null),
    /** The dataplane container, the pod's {@code containers} item named {@code dataplane}. */
    DATAPLANE_CONTAINER("spec.template.spec.containers", Dataplane.CONTAINER_NAME);

    private final String keys;
    private final String itemName;

    Holder(String keys, String itemName) {
      this.keys = keys;
      this.itemName = itemName;
    }

    /** The map keys from the DaemonSet's root, dot-separated. */
    public String keys() {
      return keys;
    }

    /** The name of the list item the keys lead to, or {@code null} where they lead to a map. */
    public String itemName() {
      return itemName;
    }
  }

  /** How a value meets the field. */
  public enum Kind {
    /** The value is the field, whole, when given; empty leaves the builder's (or nothing). */
    REPLACES,
    /** The value's items follow the list's own. */
    APPENDS,
    /** The value's items come before the list's own (so that the last, the dataplane's, wins). */
    PREPENDS
  }

  /** A field the value replaces whole. */
  public static ValueField replaces(Holder holder, String key) {
    return new ValueField(holder, key, Kind.REPLACES);
  }

  /** A list the value's items join after the list's own. */
  public static ValueField appends(Holder holder, String key) {
    return new ValueField(holder, key, Kind.APPENDS);
  }

  /** A list the value's items join before the list's own. */
  public static ValueField prepends(Holder holder, String key) {
    return new ValueField(holder, key, Kind.PREPENDS);
  }
}
