package io.unboundedcloud.racer.krm.diff;

import io.unboundedcloud.racer.workload.settings.QuotedText;
import java.util.Comparator;
import java.util.Map;

/**
 * How diff matches an object on one side with the other: apiVersion, kind, namespace ({@code null}
 * when the object has none: cluster-scoped, or left to the namespace {@code kubectl apply} picks)
 * and name.
 */
public record ObjectKey(String apiVersion, String kind, String namespace, String name)
    implements Comparable<ObjectKey> {
  private static final Comparator<String> TEXT = Comparator.nullsFirst(Comparator.naturalOrder());
  private static final Comparator<ObjectKey> ORDER =
      Comparator.comparing(ObjectKey::kind, TEXT)
          .thenComparing(ObjectKey::namespace, TEXT)
          .thenComparing(ObjectKey::name, TEXT)
          .thenComparing(ObjectKey::apiVersion, TEXT);

  /** The key of a plain object. */
  static ObjectKey of(Map<String, Object> object) {
    Map<?, ?> metadata = object.get("metadata") instanceof Map<?, ?> map ? map : Map.of();
    return new ObjectKey(
        text(object.get("apiVersion")),
        text(object.get("kind")),
        text(metadata.get("namespace")),
        text(metadata.get("name")));
  }

  private static String text(Object value) {
    return value == null ? null : String.valueOf(value);
  }

  /** {@code DaemonSet racer-system/racer}, {@code ClusterRole racer}. */
  public String describe() {
    // each part comes from the input: cut, so that a message naming the object stays short
    return QuotedText.cut(String.valueOf(kind))
        + " "
        + (namespace == null ? "" : QuotedText.cut(namespace) + "/")
        + QuotedText.cut(String.valueOf(name));
  }

  /** By kind, namespace, name, then apiVersion: the order of diff's reports. */
  @Override
  public int compareTo(ObjectKey other) {
    return ORDER.compare(this, other);
  }
}
