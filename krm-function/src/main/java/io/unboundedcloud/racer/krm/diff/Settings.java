package io.unboundedcloud.racer.krm.diff;

import io.unboundedcloud.racer.krm.inputs.DataplaneWiring;
import io.unboundedcloud.racer.krm.rollout.TemplateComparison;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The settings a workload reads, on each side: the data of the ConfigMaps its containers take their
 * environment from ({@link DataplaneWiring#configMapsRead}), racer-settings for the dataplane.
 * Found by the name each side's template gives, so that a ConfigMap renamed by its content's hash
 * (kustomize's generator) is still the same settings.
 */
final class Settings {
  private final Collection<Map<String, Object>> before;
  private final Collection<Map<String, Object>> after;

  Settings(Collection<Map<String, Object>> before, Collection<Map<String, Object>> after) {
    this.before = before;
    this.after = after;
  }

  /** Each settings key whose value differs, in words: {@code RACER_PEER_PORT "9000" -> "9090"}. */
  List<String> changedFor(Map<String, Object> was, Map<String, Object> is) {
    Map<String, Object> old = data(before, was);
    Map<String, Object> current = data(after, is);
    Set<String> keys = new LinkedHashSet<>(old.keySet());
    keys.addAll(current.keySet());
    List<String> changed = new ArrayList<>();
    for (String key : keys) {
      if (!PlainTrees.same(old.get(key), current.get(key))) {
        changed.add(
            key
                + " "
                + PlainTrees.inline(old.get(key))
                + " -> "
                + PlainTrees.inline(current.get(key)));
      }
    }
    return changed;
  }

  /** The data of every ConfigMap a workload's containers read, merged in order. */
  private static Map<String, Object> data(
      Collection<Map<String, Object>> objects, Map<String, Object> workload) {
    Map<String, Object> data = new LinkedHashMap<>();
    Object namespace = metadata(workload).get("namespace");
    for (String name : configMapNames(workload)) {
      for (Map<String, Object> object : objects) {
        if ("ConfigMap".equals(object.get("kind"))
            && name.equals(metadata(object).get("name"))
            && Objects.equals(namespace, metadata(object).get("namespace"))
            && PlainTrees.asMap(object.get("data")) != null) {
          data.putAll(PlainTrees.asMap(object.get("data")));
        }
      }
    }
    return data;
  }

  private static List<String> configMapNames(Map<String, Object> workload) {
    Map<String, Object> template = TemplateComparison.podTemplate(workload);
    Map<String, Object> pod = template == null ? null : PlainTrees.asMap(template.get("spec"));
    return pod == null ? List.of() : DataplaneWiring.configMapsRead(pod);
  }

  private static Map<String, Object> metadata(Map<String, Object> object) {
    Map<String, Object> metadata = PlainTrees.asMap(object.get("metadata"));
    return metadata == null ? Map.of() : metadata;
  }
}
