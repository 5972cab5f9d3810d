package io.unboundedcloud.racer.workload.chart;

import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.DataplanePaths;
import java.util.List;

/**
 * The field a chart value sets, as a user's kustomize patch of the function's output would: in the
 * dataplane DaemonSet (chart-gen's template writes the value there, {@code adopt} reads it back
 * from there), or in another object the chart renders.
 *
 * @param holder the object that holds the field
 * @param key the field's key in it
 * @param kind whether the value replaces the field, adds items to its list or entries to its map,
 *     or is combined with it by a rule of its own
 * @param ownKeys for a value merged into a map, the keys the chart writes there itself, which the
 *     value never sets (none for other kinds)
 * @param ownKeysRefused whether the chart's checks refuse a value holding one of {@code ownKeys}
 *     (else the chart's entry wins and the value's is dropped)
 */
public record ValueField(
    Holder holder, String key, Kind kind, List<String> ownKeys, boolean ownKeysRefused) {

  /** The objects whose fields values set. */
  public enum Holder {
    /** The DaemonSet's {@code spec}. */
    DAEMON_SET("DaemonSet", "spec", null),
    /** The DaemonSet's {@code metadata}. */
    DAEMON_SET_METADATA("DaemonSet", "metadata", null),
    /** The pod template's {@code spec}. */
    POD("DaemonSet", DataplanePaths.POD_SPEC, null),
    /** The pod template's {@code metadata}. */
    POD_METADATA("DaemonSet", DataplanePaths.POD_METADATA, null),
    /** The dataplane container, the pod's {@code containers} item named {@code dataplane}. */
    DATAPLANE_CONTAINER("DaemonSet", DataplanePaths.CONTAINERS, Dataplane.CONTAINER_NAME),
    /** The dataplane's ServiceAccount's {@code metadata}. */
    SERVICE_ACCOUNT_METADATA("ServiceAccount", "metadata", null),
    /** The settings ConfigMap, {@code racer-settings}, at its root. */
    SETTINGS_CONFIG_MAP("ConfigMap", "", null),
    /** The {@code metadata} of every object the chart renders, cache origins included. */
    EVERY_OBJECT_METADATA(null, "metadata", null);

    private final String objectKind;
    private final String keys;
    private final String itemName;

    Holder(String objectKind, String keys, String itemName) {
      this.objectKind = objectKind;
      this.keys = keys;
      this.itemName = itemName;
    }

    /** The map keys from the object's root, dot-separated ({@code ""}: the root). */
    public String keys() {
      return keys;
    }

    /** The name of the list item the keys lead to, or {@code null} where they lead to a map. */
    public String itemName() {
      return itemName;
    }

    /** The kind of the object holding the field, or {@code null} for every object. */
    public String objectKind() {
      return objectKind;
    }

    /** Whether the field is the dataplane DaemonSet's (alone). */
    public boolean inDaemonSet() {
      return "DaemonSet".equals(objectKind);
    }
  }

  /** How a value meets the field. */
  public enum Kind {
    /** The value is the field, whole, when given; empty leaves the builder's (or nothing). */
    REPLACES,
    /** The value's items follow the list's own. */
    APPENDS,
    /** The value's items come before the list's own (so that the last, the dataplane's, wins). */
    PREPENDS,
    /** The value's entries join the map's own, whose keys ({@link #ownKeys()}) it never sets. */
    MERGES,
    /**
     * The value is combined with the builder's field by a rule of its own, written by hand on both
     * sides (the affinity merge: the dataplane's required expressions first in every term).
     */
    COMBINES
  }

  public ValueField {
    ownKeys = List.copyOf(ownKeys);
  }

  /** A field the value replaces whole. */
  public static ValueField replaces(Holder holder, String key) {
    return new ValueField(holder, key, Kind.REPLACES, List.of(), false);
  }

  /** A list the value's items join after the list's own. */
  public static ValueField appends(Holder holder, String key) {
    return new ValueField(holder, key, Kind.APPENDS, List.of(), false);
  }

  /** A list the value's items join before the list's own. */
  public static ValueField prepends(Holder holder, String key) {
    return new ValueField(holder, key, Kind.PREPENDS, List.of(), false);
  }

  /** A map the value's entries join; where the chart writes {@code own} keys, its entries win. */
  public static ValueField merges(Holder holder, String key, List<String> own) {
    return new ValueField(holder, key, Kind.MERGES, own, false);
  }

  /** A map the value's entries join; the chart refuses a value with one of its {@code own} keys. */
  public static ValueField mergesRefusing(Holder holder, String key, List<String> own) {
    return new ValueField(holder, key, Kind.MERGES, own, true);
  }

  /** A field the value is combined with by a rule of its own. */
  public static ValueField combines(Holder holder, String key) {
    return new ValueField(holder, key, Kind.COMBINES, List.of(), false);
  }
}
