package io.unboundedcloud.racer.krm.render;

import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.workload.settings.QuotedText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Names what of a cache origin's own placement the dataplane's replaced: its node selector entries,
 * tolerations and node-affinity terms that the copy does not hold. A warning where something is
 * lost, an info where the origin's placement was replaced but every entry of it is still there,
 * nothing where the origin had none of its own or the placement did not change (a second run).
 */
final class DroppedPlacement {
  /** The most lost entries a warning lists. */
  private static final int LISTED = 5;

  private DroppedPlacement() {}

  /**
   * @param before the origin's pod spec before the copy, as a plain tree (both written by the
   *     codec, so equal data are equal trees)
   * @param after the same pod spec with the dataplane's placement, as a plain tree
   * @param prefix the pod spec's path in the origin
   */
  static void add(
      Item origin,
      Map<String, Object> before,
      Map<String, Object> after,
      String prefix,
      Results results) {
    List<String> lost = new ArrayList<>();
    boolean changed = false;
    for (String field : List.of("nodeSelector", "tolerations")) {
      changed |= !Objects.equals(before.get(field), after.get(field));
      lost.addAll(missing(field, before.get(field), after.get(field)));
    }
    Object ownAffinity = nodeAffinity(before);
    Object newAffinity = nodeAffinity(after);
    changed |= !Objects.equals(ownAffinity, newAffinity);
    if (ownAffinity instanceof Map<?, ?> own) {
      Map<?, ?> copied = newAffinity instanceof Map<?, ?> map ? map : Map.of();
      lost.addAll(
          missing(
              "affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution",
              own.get("preferredDuringSchedulingIgnoredDuringExecution"),
              copied.get("preferredDuringSchedulingIgnoredDuringExecution")));
      lost.addAll(
          missing(
              "affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution"
                  + ".nodeSelectorTerms",
              terms(own),
              terms(copied)));
    }
    boolean hadOwn =
        present(before.get("nodeSelector"))
            || present(before.get("tolerations"))
            || present(ownAffinity);
    if (!changed || !hadOwn) {
      return;
    }
    String name = origin.name();
    results.add(
        lost.isEmpty()
            ? Result.of(
                Severity.INFO,
                "cache origin "
                    + name
                    + " now has the dataplane's placement; its own placement is held in it, so"
                    + " nothing of it is lost",
                origin.ref(),
                prefix)
            : Result.of(
                Severity.WARNING,
                "cache origin "
                    + name
                    + " gets the dataplane's placement, which replaces its own: dropped "
                    + listed(lost)
                    + ". An origin follows the dataplane onto its nodes: place the dataplane"
                    + " (patch the DaemonSet racer) instead, then run the function",
                origin.ref(),
                prefix));
  }

  /** The entries of {@code own} that {@code copied} does not hold, each named with its field. */
  private static List<String> missing(String field, Object own, Object copied) {
    List<String> lost = new ArrayList<>();
    if (own instanceof Map<?, ?> map) {
      Map<?, ?> kept = copied instanceof Map<?, ?> c ? c : Map.of();
      map.forEach(
          (key, value) -> {
            if (!Objects.equals(value, kept.get(key))) {
              lost.add(
                  field
                      + " "
                      + QuotedText.cut(String.valueOf(key))
                      + "="
                      + QuotedText.cut(String.valueOf(value)));
            }
          });
    } else if (own instanceof List<?> list) {
      List<?> kept = copied instanceof List<?> c ? c : List.of();
      for (Object entry : list) {
        if (kept.stream().noneMatch(k -> Objects.equals(k, entry))) {
          lost.add(field + " " + QuotedText.cut(String.valueOf(entry)));
        }
      }
    }
    return lost;
  }

  /**
   * The first {@link #LISTED} entries, then how many more: a message stays short whatever the
   * origin holds.
   */
  private static String listed(List<String> lost) {
    if (lost.size() <= LISTED) {
      return String.join("; ", lost);
    }
    return String.join("; ", lost.subList(0, LISTED))
        + "; and "
        + (lost.size() - LISTED)
        + " more entries";
  }

  /** A null or empty value is no placement of the origin's own: nothing of it can be lost. */
  private static boolean present(Object value) {
    return value instanceof Map<?, ?> map
        ? !map.isEmpty()
        : value instanceof List<?> list ? !list.isEmpty() : value != null;
  }

  private static Object nodeAffinity(Map<String, Object> pod) {
    return pod.get("affinity") instanceof Map<?, ?> affinity ? affinity.get("nodeAffinity") : null;
  }

  private static Object terms(Map<?, ?> nodeAffinity) {
    return nodeAffinity.get("requiredDuringSchedulingIgnoredDuringExecution") instanceof Map<?, ?> r
        ? r.get("nodeSelectorTerms")
        : null;
  }
}
