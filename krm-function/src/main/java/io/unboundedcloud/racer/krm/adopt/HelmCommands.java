package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.workload.Dataplane;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The commands that let Helm adopt the live objects instead of creating them: per namespace, the
 * kubectl label and annotate that mark them as the release's, then helm install.
 */
final class HelmCommands {
  /**
   * The release name the Helm commands use (the chart's delivery labels only; never in a selector).
   */
  static final String RELEASE = "racer";

  /** Where the chart is, relative to a checkout of this repository. */
  static final String CHART = "charts/racer";

  private HelmCommands() {}

  /**
   * @param originObjects the origins the values hold, each as {@code NAMESPACE daemonset/NAME}
   * @param valuesFile the values file, as helm install names it
   */
  static List<String> of(LiveInstallation live, List<String> originObjects, String valuesFile) {
    String namespace = live.daemonSet().namespace();
    Map<String, List<String>> byNamespace = new LinkedHashMap<>();
    List<String> installation =
        new ArrayList<>(List.of("daemonset/" + Dataplane.DATAPLANE_DAEMON_SET_NAME));
    if (live.serviceAccount() != null) {
      installation.add("serviceaccount/" + Dataplane.DATAPLANE_DAEMON_SET_NAME);
    }
    installation.add("configmap/" + Dataplane.SETTINGS_CONFIG_MAP);
    byNamespace.put(namespace, installation);
    for (String origin : originObjects) {
      String[] parts = origin.split(" ", 2);
      byNamespace.computeIfAbsent(parts[0], key -> new ArrayList<>()).add(parts[1]);
    }
    List<String> commands = new ArrayList<>();
    byNamespace.forEach(
        (objectsNamespace, objects) -> {
          String targets = "--namespace " + objectsNamespace + " " + String.join(" ", objects);
          commands.add(
              "kubectl label --overwrite " + targets + " app.kubernetes.io/managed-by=Helm");
          commands.add(
              "kubectl annotate --overwrite "
                  + targets
                  + " meta.helm.sh/release-name="
                  + RELEASE
                  + " meta.helm.sh/release-namespace="
                  + namespace);
        });
    commands.add(
        "helm install "
            + RELEASE
            + " "
            + CHART
            + " --namespace "
            + namespace
            + " --values "
            + valuesFile);
    return commands;
  }
}
