package io.unboundedcloud.racer.krm.properties;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.ResourceLists;
import io.unboundedcloud.racer.krm.properties.ResourceListGenerator.Key;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import io.unboundedcloud.racer.workload.DataplaneEnv;
import io.unboundedcloud.racer.workload.DataplaneVolumes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * The other half of "who owns which field": whatever a user does to the wiring of the racer
 * DaemonSet, the next run renders it again, so its wiring equals a fresh render's (seeded random
 * breakages, {@link WiringChange}).
 */
@Tag("slow")
@DisplayName("Wiring of an existing DaemonSet is always rendered")
class WiringRestoredTest {
  static final long FIRST_SEED = Long.getLong("properties.seed", 20_261_129_000L);
  static final int CASES = Integer.getInteger("properties.cases", 100);
  private static final List<String> NAMESPACES = List.of("racer", "racing", "");
  private static final List<String> PORT_NAMES =
      List.of("peer", "diagnostics", "control", "webhook");

  @Test
  @DisplayName("after any wiring change, the DaemonSet's wiring equals a fresh render's")
  void wiringRestored() {
    List<String> failures = new ArrayList<>();
    for (int i = 0; i < CASES; i++) {
      long seed = FIRST_SEED + i;
      Random random = new Random(seed * 0x9E3779B97F4A7C15L);
      String namespace = NAMESPACES.get(random.nextInt(NAMESPACES.size()));
      String settings = settingsItem(namespace, SettingsGenerator.valid(random));
      Map<String, Object> fresh = daemonSet(run(seed, settings, ""), namespace);
      Map<String, Object> broken = Plain.normalizedMap(fresh);
      List<WiringChange> changes = WiringChange.several(random, 1 + random.nextInt(4));
      try {
        changes.forEach(change -> change.apply(broken));
        Map<String, Object> restored =
            daemonSet(run(seed, settings, sequenceEntry(broken)), namespace);
        assertThat(wiring(restored)).as("wiring after %s", changes).isEqualTo(wiring(fresh));
      } catch (AssertionError | RuntimeException failure) {
        failures.add(
            "seed "
                + seed
                + " (rerun: -Dproperties.seed="
                + seed
                + " -Dproperties.cases=1): "
                + failure.getMessage());
      }
    }
    assertThat(failures).as("%d of %d generated inputs", failures.size(), CASES).isEmpty();
  }

  @Test
  @DisplayName("a user's non-root security context does not survive: the dataplane runs as root")
  void nonRootSecurityContextOverridden() {
    String settings = settingsItem("racer", Map.of());
    Map<String, Object> ds = Plain.normalizedMap(daemonSet(run(1, settings, ""), "racer"));
    Map<String, Object> container =
        Plain.map(Plain.container(ds, UserChange.DATAPLANE), "securityContext");
    container.put("runAsUser", 1000);
    container.put("runAsNonRoot", true);
    Plain.map(Plain.podSpec(ds), "securityContext").put("runAsNonRoot", true);

    Map<String, Object> restored = daemonSet(run(1, settings, sequenceEntry(ds)), "racer");

    assertThat(Plain.mapOrEmpty(Plain.container(restored, UserChange.DATAPLANE), "securityContext"))
        .as("the dataplane container's security context")
        .doesNotContainKeys("runAsUser", "runAsNonRoot");
    assertThat(Plain.mapOrEmpty(Plain.podSpec(restored), "securityContext"))
        .as("the pod's security context")
        .containsEntry("runAsUser", 0L)
        .doesNotContainKey("runAsNonRoot");
  }

  private static String run(long seed, String settings, String daemonSet) {
    String input =
        ResourceLists.of()
            .rawEntries(settings + daemonSet)
            .functionConfig(Map.of("imageRegistry", ResourceLists.REGISTRY))
            .text();
    KrmRun run = KrmRun.function(input);
    if (run.exitCode() != 0) {
      throw new AssertionError("seed " + seed + ": exit " + run.exitCode() + ": " + run.stderr());
    }
    return run.stdout();
  }

  private static Map<String, Object> daemonSet(String output, String namespace) {
    for (MappingNode item : ResourceListGenerator.read(output).items()) {
      if (Key.of(item).equals(new Key("DaemonSet", namespace, "racer"))) {
        return Plain.normalizedMap(Nodes.toPlainMap(item));
      }
    }
    throw new AssertionError("no racer DaemonSet in the output");
  }

  /** racer-settings in {@code namespace} ({@code ""}: none), its data double-quoted. */
  private static String settingsItem(String namespace, Map<String, String> data) {
    return ResourceLists.settingsEntry(namespace.isEmpty() ? null : namespace, data);
  }

  private static String sequenceEntry(Map<String, Object> object) {
    return YamlLines.asSequenceEntry(
        YamlWriter.manifests(List.of(Nodes.fromPlainMap(object))).lines().toList());
  }

  /** Every wiring field of a DaemonSet (docs/dataplane.md), with absent and default read alike. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> wiring(Map<String, Object> ds) {
    Map<String, Object> wiring = new LinkedHashMap<>();
    Map<String, Object> metadata = Plain.mapOrEmpty(ds, "metadata");
    wiring.put("kind", ds.get("apiVersion") + " " + ds.get("kind"));
    wiring.put("name", metadata.get("name"));
    wiring.put("namespace", metadata.get("namespace"));
    wiring.put("labels", ours(Plain.mapOrEmpty(metadata, "labels")));
    Map<String, Object> spec = Plain.mapOrEmpty(ds, "spec");
    wiring.put("selector", spec.get("selector"));
    Map<String, Object> template = Plain.mapOrEmpty(Plain.mapOrEmpty(spec, "template"), "metadata");
    wiring.put("templateLabels", ours(Plain.mapOrEmpty(template, "labels")));
    Map<String, Object> annotations = Plain.mapOrEmpty(template, "annotations");
    wiring.put("settingsHash", annotations.get("racer.unbounded-cloud.io/settings-hash"));
    wiring.put("cdi", annotations.get("cdi.k8s.io/racer"));
    Map<String, Object> pod = Plain.podSpec(ds);
    for (String field :
        List.of("serviceAccountName", "automountServiceAccountToken", "dnsPolicy")) {
      wiring.put(field, pod.get(field));
    }
    wiring.put("hostNetwork", Boolean.TRUE.equals(pod.get("hostNetwork")));
    wiring.put("runAsUser", Plain.mapOrEmpty(pod, "securityContext").get("runAsUser"));
    Map<String, Object> container = Plain.container(ds, UserChange.DATAPLANE);
    wiring.put("image", container.get("image"));
    List<Object> envFrom = Plain.listOrEmpty(container, "envFrom");
    // the last source wins in Kubernetes: racer-settings must be it
    wiring.put("envFrom", envFrom.isEmpty() ? null : envFrom.get(envFrom.size() - 1));
    wiring.put("env", named(Plain.listOrEmpty(container, "env"), DataplaneEnv.ownedNames()));
    wiring.put("ports", named(Plain.listOrEmpty(container, "ports"), PORT_NAMES));
    Map<String, Object> security = Plain.mapOrEmpty(container, "securityContext");
    for (String field :
        List.of("privileged", "allowPrivilegeEscalation", "readOnlyRootFilesystem")) {
      wiring.put("container." + field, security.get(field));
    }
    wiring.put(
        "mounts",
        named(Plain.listOrEmpty(container, "volumeMounts"), DataplaneVolumes.ownedNames()));
    wiring.put("volumes", named(Plain.listOrEmpty(pod, "volumes"), DataplaneVolumes.ownedNames()));
    List<Object> heads = new ArrayList<>();
    for (Object term : Plain.requiredTerms(ds)) {
      List<Object> expressions = Plain.listOrEmpty((Map<String, Object>) term, "matchExpressions");
      heads.add(expressions.subList(0, Math.min(2, expressions.size())));
    }
    wiring.put("requiredTermHeads", heads);
    return wiring;
  }

  private static Map<String, Object> ours(Map<String, Object> labels) {
    Map<String, Object> ours = new LinkedHashMap<>();
    for (String key : List.of("app.kubernetes.io/name", "app.kubernetes.io/component")) {
      ours.put(key, labels.get(key));
    }
    return ours;
  }

  /** The entries whose name is one of {@code names}, in their order. */
  private static List<Object> named(List<Object> entries, List<String> names) {
    return entries.stream()
        .filter(e -> e instanceof Map<?, ?> m && names.contains(String.valueOf(m.get("name"))))
        .toList();
  }
}
