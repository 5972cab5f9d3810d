package io.unboundedcloud.racer.krm.properties;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A change a user makes to a wiring field of the rendered racer DaemonSet (docs/dataplane.md, "Who
 * owns which field of an existing DaemonSet": always rendered), which the next run must undo.
 */
record WiringChange(String description, java.util.function.Consumer<Map<String, Object>> edit) {
  static final List<String> OWNED_VOLUMES =
      List.of(
          "devices",
          "control-token",
          "api-credentials",
          "identity",
          "slabs",
          "sockets",
          "infiniband");
  private static final int KINDS = 19;

  void apply(Map<String, Object> daemonSet) {
    edit.accept(daemonSet);
  }

  @Override
  public String toString() {
    return description;
  }

  /** {@code count} random wiring changes. */
  static List<WiringChange> several(Random random, int count) {
    List<WiringChange> changes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      changes.add(any(random));
    }
    return changes;
  }

  @SuppressWarnings("unchecked")
  private static WiringChange any(Random random) {
    String volume = OWNED_VOLUMES.get(random.nextInt(OWNED_VOLUMES.size()));
    return switch (random.nextInt(KINDS)) {
      case 0 ->
          new WiringChange(
              "dataplane image replaced",
              ds -> dataplane(ds).put("image", "example.com/fork/racer-dataplane:dev"));
      case 1 ->
          new WiringChange(
              "an owned env var removed",
              ds -> {
                List<Object> env = Plain.list(dataplane(ds), "env");
                env.remove(random.nextInt(env.size()));
              });
      case 2 ->
          new WiringChange(
              "an owned env var's value changed",
              ds -> {
                List<Object> env = Plain.list(dataplane(ds), "env");
                Map<String, Object> variable =
                    (Map<String, Object>) env.get(1 + random.nextInt(env.size() - 1));
                variable.put("value", "0.0.0.0:1");
              });
      case 3 -> new WiringChange("envFrom removed", ds -> dataplane(ds).remove("envFrom"));
      case 4 ->
          new WiringChange(
              "serviceAccountName changed",
              ds -> Plain.podSpec(ds).put("serviceAccountName", "default"));
      case 5 ->
          new WiringChange(
              "token automount switched on",
              ds -> Plain.podSpec(ds).put("automountServiceAccountToken", true));
      case 6 ->
          new WiringChange(
              "hostNetwork flipped, dnsPolicy Default",
              ds -> {
                Map<String, Object> pod = Plain.podSpec(ds);
                if (Boolean.TRUE.equals(pod.get("hostNetwork"))) {
                  pod.remove("hostNetwork");
                } else {
                  pod.put("hostNetwork", true);
                }
                pod.put("dnsPolicy", "Default");
              });
      case 7 ->
          new WiringChange(
              "volume " + volume + " removed",
              ds ->
                  Plain.list(Plain.podSpec(ds), "volumes")
                      .removeIf(v -> volume.equals(((Map<?, ?>) v).get("name"))));
      case 8 ->
          new WiringChange(
              "volume " + volume + " replaced by an emptyDir",
              ds -> {
                for (Object v : Plain.list(Plain.podSpec(ds), "volumes")) {
                  Map<String, Object> entry = (Map<String, Object>) v;
                  if (volume.equals(entry.get("name"))) {
                    entry.clear();
                    entry.put("emptyDir", new LinkedHashMap<>());
                    entry.put("name", volume);
                  }
                }
              });
      case 9 ->
          new WiringChange(
              "mount " + volume + " moved and made writable",
              ds -> {
                for (Object m : Plain.list(dataplane(ds), "volumeMounts")) {
                  Map<String, Object> mount = (Map<String, Object>) m;
                  if (volume.equals(mount.get("name"))) {
                    mount.put("mountPath", "/elsewhere");
                    mount.put("readOnly", false);
                    mount.put("subPath", "x");
                  }
                }
              });
      case 10 ->
          new WiringChange(
              "port numbers changed",
              ds -> {
                for (Object p : Plain.list(dataplane(ds), "ports")) {
                  Map<String, Object> port = (Map<String, Object>) p;
                  port.put("containerPort", ((Number) port.get("containerPort")).longValue() + 1);
                  port.put("hostPort", 1);
                }
              });
      case 11 ->
          new WiringChange(
              "container security context loosened",
              ds -> {
                Map<String, Object> security = Plain.map(dataplane(ds), "securityContext");
                security.put("privileged", false);
                security.put("allowPrivilegeEscalation", false);
                security.put("readOnlyRootFilesystem", false);
              });
      case 12 ->
          new WiringChange(
              "pod runAsUser 1000",
              ds -> Plain.map(Plain.podSpec(ds), "securityContext").put("runAsUser", 1000));
      case 13 ->
          new WiringChange(
              "selector and our labels changed",
              ds -> {
                Plain.map(Plain.map(Plain.map(ds, "spec"), "selector"), "matchLabels")
                    .put("app.kubernetes.io/component", "x");
                Plain.map(Plain.map(ds, "metadata"), "labels").remove("app.kubernetes.io/name");
                Plain.map(
                        Plain.map(Plain.map(Plain.map(ds, "spec"), "template"), "metadata"),
                        "labels")
                    .clear();
              });
      case 14 ->
          new WiringChange(
              "settings-hash removed and CDI annotation flipped",
              ds -> {
                Map<String, Object> annotations =
                    Plain.map(
                        Plain.map(Plain.map(Plain.map(ds, "spec"), "template"), "metadata"),
                        "annotations");
                annotations.remove("racer.unbounded-cloud.io/settings-hash");
                if (annotations.remove("cdi.k8s.io/racer") == null) {
                  annotations.put("cdi.k8s.io/racer", "nvidia.com/gpu=all");
                }
              });
      case 15 ->
          new WiringChange(
              "the dataplane's expressions removed from the required term",
              ds -> {
                for (Object term : Plain.requiredTerms(ds)) {
                  Map<String, Object> t = (Map<String, Object>) term;
                  t.put(
                      "matchExpressions",
                      new ArrayList<>(
                          List.of(
                              Map.of(
                                  "key",
                                  "example.com/pool",
                                  "operator",
                                  "In",
                                  "values",
                                  List.of("a")))));
                }
              });
      case 16 ->
          new WiringChange(
              "name and namespace of the envFrom ConfigMap changed",
              ds -> {
                List<Object> envFrom = Plain.list(dataplane(ds), "envFrom");
                envFrom.clear();
                envFrom.add(Map.of("configMapRef", Map.of("name", "other-settings")));
              });
      case 17 ->
          new WiringChange(
              "NVIDIA env of another mode added",
              ds -> {
                List<Object> env = Plain.list(dataplane(ds), "env");
                env.removeIf(
                    e -> String.valueOf(((Map<?, ?>) e).get("name")).startsWith("NVIDIA_"));
                env.add(Map.of("name", "NVIDIA_VISIBLE_DEVICES", "value", "all"));
              });
      default ->
          new WiringChange(
              "dataplane env order reversed",
              ds -> java.util.Collections.reverse(Plain.list(dataplane(ds), "env")));
    };
  }

  private static Map<String, Object> dataplane(Map<String, Object> ds) {
    return Plain.container(ds, UserChange.DATAPLANE);
  }
}
