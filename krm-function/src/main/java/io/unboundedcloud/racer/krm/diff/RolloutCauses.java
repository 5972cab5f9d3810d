package io.unboundedcloud.racer.krm.diff;

import io.unboundedcloud.racer.krm.inputs.DataplaneWiring;
import io.unboundedcloud.racer.krm.rollout.Difference;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import io.unboundedcloud.racer.workload.Dataplane;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Why a workload's pods restart, in words, from the differences of its pod template: the settings
 * keys that changed (the settings-hash alone does not say which), an image, the resources, the
 * placement, or else a field someone wrote. One reason per cause, in that order.
 */
final class RolloutCauses {
  /** Fields of the pod spec that say where the pods run. */
  private static final Set<String> PLACEMENT =
      Set.of("affinity", "nodeSelector", "tolerations", "topologySpreadConstraints", "nodeName");

  /**
   * The fields the function renders from racer-settings ({@link DataplaneWiring#SETTINGS_SHAPED}),
   * inside the pod template: a difference there, while the settings changed, is the settings'
   * doing.
   */
  private static final List<List<Object>> SETTINGS_SHAPED =
      DataplaneWiring.SETTINGS_SHAPED.stream()
          .map(field -> relative(field, DataplaneWiring.TEMPLATE))
          .toList();

  /**
   * The keys of those in the pod's spec: the same field of any container, or of any workload's pod,
   * is the settings' doing too (a workload reads its settings as the dataplane does).
   */
  private static final Set<String> SETTINGS_SHAPED_KEYS =
      SETTINGS_SHAPED.stream()
          .filter(steps -> "spec".equals(steps.get(0)))
          .map(steps -> (String) steps.get(steps.size() - 1))
          .collect(Collectors.toUnmodifiableSet());

  private RolloutCauses() {}

  /**
   * The reasons for a rollout.
   *
   * @param template the differences inside the pod template
   * @param templateAt where the kind keeps its pod template
   * @param settings each settings key that changed, with both values ({@code KEY: "a" -> "b"})
   */
  static List<String> of(List<Difference> template, FieldPath templateAt, List<String> settings) {
    Set<String> fromSettings = new LinkedHashSet<>();
    Set<String> images = new LinkedHashSet<>();
    Set<String> resources = new LinkedHashSet<>();
    Set<String> placement = new LinkedHashSet<>();
    Set<String> fields = new LinkedHashSet<>();
    for (Difference difference : template) {
      List<Object> steps = relative(difference.at(), templateAt);
      if (isSettingsHash(steps)) {
        fromSettings.add(settingsReason(settings));
      } else if (image(steps) != null) {
        images.add(
            "the image of container "
                + image(steps)
                + ": "
                + PlainTrees.inline(difference.before())
                + " -> "
                + PlainTrees.inline(difference.after()));
      } else if (isObjectImage(steps)) {
        images.add(
            "the racer-object image: "
                + PlainTrees.inline(valueOf(difference.before()))
                + " -> "
                + PlainTrees.inline(valueOf(difference.after())));
      } else if (container(steps) != null && "resources".equals(at(steps, 3))) {
        resources.add("the resources of container " + container(steps));
      } else if ("spec".equals(at(steps, 0)) && PLACEMENT.contains(at(steps, 1))) {
        placement.add((String) at(steps, 1));
      } else if (!settings.isEmpty() && settingsShaped(steps)) {
        fromSettings.add(settingsReason(settings));
      } else {
        fields.add("a field of the pod template: " + difference.at());
      }
    }
    List<String> all = new ArrayList<>(fromSettings);
    all.addAll(images);
    all.addAll(resources);
    if (!placement.isEmpty()) {
      all.add("the placement: " + String.join(", ", placement));
    }
    all.addAll(fields);
    return all;
  }

  private static String settingsReason(List<String> settings) {
    return settings.isEmpty()
        ? "racer-settings changed (the settings-hash)"
        : "racer-settings changed: " + String.join("; ", settings);
  }

  /** The steps of a path inside the pod template. */
  private static List<Object> relative(FieldPath path, FieldPath templateAt) {
    List<Object> steps = path.steps();
    return steps.subList(templateAt.steps().size(), steps.size());
  }

  private static Object at(List<Object> steps, int index) {
    return index < steps.size() ? steps.get(index) : null;
  }

  private static boolean isSettingsHash(List<Object> steps) {
    return steps.equals(List.of("metadata", "annotations", Dataplane.SETTINGS_HASH_ANNOTATION));
  }

  private static boolean settingsShaped(List<Object> steps) {
    return SETTINGS_SHAPED.contains(steps)
        || steps.stream()
            .anyMatch(step -> step instanceof String key && SETTINGS_SHAPED_KEYS.contains(key));
  }

  /** The container name of a path in {@code spec.containers} or {@code spec.initContainers}. */
  private static String container(List<Object> steps) {
    if (!"spec".equals(at(steps, 0))
        || !("containers".equals(at(steps, 1)) || "initContainers".equals(at(steps, 1)))) {
      return null;
    }
    return at(steps, 2) instanceof FieldPath.Named named
        ? named.name()
        : String.valueOf(at(steps, 2));
  }

  /** The container whose image this path is, or {@code null}. */
  private static String image(List<Object> steps) {
    return steps.size() == 4 && "image".equals(at(steps, 3)) ? container(steps) : null;
  }

  private static boolean isObjectImage(List<Object> steps) {
    return container(steps) != null
        && "env".equals(at(steps, 3))
        && at(steps, 4) instanceof FieldPath.Named named
        && named.name().equals(DataplaneWiring.OBJECT_IMAGE_ENV);
  }

  /** An env var's value, or the value itself. */
  private static Object valueOf(Object value) {
    return PlainTrees.asMap(value) != null ? PlainTrees.asMap(value).get("value") : value;
  }
}
