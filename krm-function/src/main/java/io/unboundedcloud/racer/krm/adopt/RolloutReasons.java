package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.inputs.DataplaneWiring;
import io.unboundedcloud.racer.krm.rollout.Difference;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Why the function renders a field of the dataplane's pod template otherwise than the live
 * DaemonSet has it: the field ownership of the renderer, said once per field for a verdict. The
 * first prefix that the field's path starts with gives the reason. The fields the shape keys shape
 * come first, each with the reason the shape-key table gives it ({@link ShapeKeys#shapedFields});
 * then the renderer's own wiring and defaults, which name no shape key.
 */
final class RolloutReasons {
  private static final String TEMPLATE = DataplaneWiring.TEMPLATE + ".";
  private static final String POD = DataplaneWiring.POD + ".";
  private static final String DATAPLANE = DataplaneWiring.CONTAINER + ".";
  private static final String FILLED =
      "a default the function fills where the live DaemonSet has none";
  private static final String SECURITY =
      "security contexts are wiring: the dataplane runs privileged, as root";
  private static final String ACCOUNT =
      "the pods run as the ServiceAccount racer without its token automounted (the dataplane mounts its own)";

  /**
   * The renderer's own fields, tried after the shaped fields: a prefix here may hold a shaped field
   * ({@code env} holds the NVIDIA env, {@code containers} the ports), which must win, and no shaped
   * field holds one of these (RolloutReasonsTest holds both).
   */
  private static final List<Map.Entry<String, String>> WIRING =
      List.of(
          Map.entry(
              TEMPLATE + "metadata.labels",
              "the pod labels "
                  + Dataplane.NAME_LABEL
                  + " and "
                  + Dataplane.COMPONENT_LABEL
                  + " are the selector's"),
          // before image, which is a prefix of its path
          Map.entry(DATAPLANE + "imagePullPolicy", FILLED),
          Map.entry(DATAPLANE + "image", "the dataplane image comes from the function config"),
          Map.entry(
              DATAPLANE + "env[name=" + DataplaneWiring.OBJECT_IMAGE_ENV + "]",
              "the racer-object image comes from the function config"),
          // before env, which is a prefix of its path
          Map.entry(
              DataplaneWiring.ENV_FROM.toString(),
              DataplaneWiring.ENV_SOURCES
                  + " is wiring: racer-settings comes last, so that its keys win over the user's"
                  + " sources"),
          Map.entry(
              DATAPLANE + "env",
              "the dataplane's explicit env is wiring: rendered in a fixed order from racer-settings (listener ports)"
                  + " and the images; the user's own variables follow it"),
          Map.entry(
              DATAPLANE + "volumeMounts",
              "the dataplane's own mounts are wiring, rendered for the NVIDIA mode, before the user's"),
          Map.entry(
              POD + "volumes",
              "the dataplane's own volumes are wiring, rendered for the NVIDIA mode, before the user's"),
          Map.entry(DATAPLANE + "securityContext", SECURITY),
          Map.entry(POD + "securityContext", SECURITY),
          Map.entry(
              POD + "affinity",
              "every required node-selector term carries the dataplane's two expressions first ("
                  + Dataplane.EXCLUSION_LABEL
                  + " DoesNotExist, "
                  + Dataplane.OS_LABEL
                  + " In [linux])"),
          Map.entry(POD + "serviceAccountName", ACCOUNT),
          Map.entry(POD + "serviceAccount", ACCOUNT),
          Map.entry(POD + "automountServiceAccountToken", ACCOUNT),
          Map.entry(DATAPLANE + "resources", FILLED),
          Map.entry(DATAPLANE + "readinessProbe", FILLED),
          Map.entry(DATAPLANE + "terminationMessage", FILLED),
          Map.entry(POD + "restartPolicy", FILLED),
          Map.entry(POD + "schedulerName", FILLED),
          Map.entry(POD + "enableServiceLinks", FILLED),
          Map.entry(POD + "preemptionPolicy", FILLED),
          Map.entry(POD + "terminationGracePeriodSeconds", FILLED),
          Map.entry(
              DataplaneWiring.CONTAINERS.toString(), "the function adds the dataplane container"),
          Map.entry("spec.updateStrategy", FILLED),
          Map.entry("spec.minReadySeconds", FILLED),
          Map.entry("spec.selector", "the selector is the dataplane's labels"));

  /** The shaped fields, then the wiring: the prefixes in the order they are tried. */
  static final List<Map.Entry<String, String>> REASONS = reasons();

  private static List<Map.Entry<String, String>> reasons() {
    List<Map.Entry<String, String>> reasons = new ArrayList<>();
    ShapeKeys.shapedFields()
        .forEach(
            (field, keys) ->
                reasons.add(
                    Map.entry(
                        DataplaneWiring.at(field).toString(),
                        field.because(ShapeKeys.inWords(keys)))));
    reasons.addAll(WIRING);
    return List.copyOf(reasons);
  }

  private RolloutReasons() {}

  /**
   * The reason the function renders the dataplane DaemonSet's field at {@code difference} as it
   * does.
   */
  static String of(Difference difference) {
    String path = difference.at().toString();
    if (path.equals(
        TEMPLATE + "metadata.annotations[\"" + Dataplane.SETTINGS_HASH_ANNOTATION + "\"]")) {
      return settingsHash(difference);
    }
    for (Map.Entry<String, String> reason : REASONS) {
      if (path.startsWith(reason.getKey())) {
        return reason.getValue();
      }
    }
    return "the function renders it so";
  }

  private static String settingsHash(Difference difference) {
    if (difference.before() == null) {
      return "the live pods carry no settings-hash; the function adds the hash of racer-settings' data, so that a"
          + " settings change rolls the pods";
    }
    return "the settings-hash follows racer-settings, whose data hash to the new value: racer-settings changed"
        + " since the live pods last rolled, so they may run with older settings; applying rolls them onto the"
        + " current ones";
  }
}
