package io.unboundedcloud.racer.krm.adopt;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.inputs.DataplaneWiring;
import io.unboundedcloud.racer.krm.rollout.Difference;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("RolloutReasons: why the function renders a dataplane field otherwise than live")
class RolloutReasonsTest {
  private static String reason(FieldPath at) {
    return RolloutReasons.of(new Difference(at, "live", "rendered", false));
  }

  static List<FieldPath> settingsShaped() {
    return DataplaneWiring.SETTINGS_SHAPED;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource
  @DisplayName("each field racer-settings shapes has a reason that names the settings it follows")
  void settingsShaped(FieldPath field) {
    assertThat(reason(field)).containsAnyOf("racer-settings", "RACER_", "NVIDIA");
  }

  @Test
  @DisplayName("envFrom: racer-settings last, the field named by the wiring")
  void environmentSources() {
    assertThat(reason(DataplaneWiring.ENV_FROM.index(0)))
        .isEqualTo(
            "envFrom is wiring: racer-settings comes last, so that its keys win over the user's"
                + " sources");
  }

  @Test
  @DisplayName("a field no entry names: the fallback, which no settings-shaped field gets")
  void fallback() {
    assertThat(reason(FieldPath.of("spec.template.spec.priorityClassName")))
        .isEqualTo("the function renders it so");
  }

  @Test
  @DisplayName(
      "imagePullPolicy is a default the function fills, not the image the function config"
          + " chooses (image is a prefix of its name)")
  void imagePullPolicy() {
    assertThat(reason(DataplaneWiring.CONTAINER.key("imagePullPolicy")))
        .isEqualTo("a default the function fills where the live DaemonSet has none");
    assertThat(reason(DataplaneWiring.CONTAINER.key("image")))
        .isEqualTo("the dataplane image comes from the function config");
  }

  @Test
  @DisplayName("the ports name both keys that shape them, in table order")
  void portsNameBothKeys() {
    assertThat(reason(DataplaneWiring.CONTAINER.key("ports").index(0).key("containerPort")))
        .isEqualTo(
            "the dataplane's ports are wiring, rendered from RACER_PEER_PORT and"
                + " RACER_DIAGNOSTICS_PORT");
  }

  @Nested
  @DisplayName("the shape keys' reasons, read from the shape-key table")
  class FromTheTable {
    private final int shaped = ShapeKeys.shapedFields().size();

    @Test
    @DisplayName("come first: every field a shape key shapes gets its own reason, naming its keys")
    void shapedFirst() {
      assertThat(RolloutReasons.REASONS.subList(0, shaped))
          .allSatisfy(entry -> assertThat(entry.getValue()).contains("RACER_"));
      assertThat(RolloutReasons.REASONS.subList(shaped, RolloutReasons.REASONS.size()))
          .noneSatisfy(entry -> assertThat(entry.getValue()).contains("RACER_"));
    }

    @Test
    @DisplayName("shadow no entry after them: no later prefix starts with a shaped field's")
    void shadowNothing() {
      List<Map.Entry<String, String>> reasons = RolloutReasons.REASONS;
      for (int field = 0; field < shaped; field++) {
        for (int later = field + 1; later < reasons.size(); later++) {
          assertThat(reasons.get(later).getKey())
              .as("entry %d, after shaped field %d", later, field)
              .doesNotStartWith(reasons.get(field).getKey());
        }
      }
    }
  }

  /**
   * The reasons as RolloutReasons wrote them by hand before the shape-key table said which fields
   * each key shapes, written out from that source (each constant resolved): the first prefix that
   * the path starts with wins, the settings-hash aside.
   */
  @Nested
  @DisplayName("say for every path what the hand-written table said")
  class AsTheHandWrittenTable {
    private static final String DATAPLANE = "spec.template.spec.containers[name=dataplane].";
    private static final String POD = "spec.template.spec.";
    private static final String FILLED =
        "a default the function fills where the live DaemonSet has none";
    private static final String SECURITY =
        "security contexts are wiring: the dataplane runs privileged, as root";
    private static final String ACCOUNT =
        "the pods run as the ServiceAccount racer without its token automounted (the dataplane"
            + " mounts its own)";
    private static final String NETWORK =
        "hostNetwork and dnsPolicy follow RACER_HOST_NETWORK in racer-settings";
    private static final String NVIDIA_ENV = "the NVIDIA env follows RACER_NVIDIA";

    private static final List<Map.Entry<String, String>> HAND_WRITTEN =
        List.of(
            Map.entry(
                "spec.template.metadata.annotations[\"cdi.k8s.io/racer\"]",
                "the CDI request follows RACER_NVIDIA in racer-settings (mode cdi adds it, the"
                    + " other modes remove it)"),
            Map.entry(
                "spec.template.metadata.labels",
                "the pod labels app.kubernetes.io/name and app.kubernetes.io/component are the"
                    + " selector's"),
            // moved ahead of image: the table had given imagePullPolicy the image's reason
            Map.entry(DATAPLANE + "imagePullPolicy", FILLED),
            Map.entry(DATAPLANE + "image", "the dataplane image comes from the function config"),
            Map.entry(
                DATAPLANE + "env[name=RACER_OBJECT_IMAGE]",
                "the racer-object image comes from the function config"),
            Map.entry(
                DATAPLANE + "envFrom",
                "envFrom is wiring: racer-settings comes last, so that its keys win over the"
                    + " user's sources"),
            Map.entry(DATAPLANE + "env[name=NVIDIA_VISIBLE_DEVICES", NVIDIA_ENV),
            Map.entry(DATAPLANE + "env[name=NVIDIA_DRIVER_CAPABILITIES", NVIDIA_ENV),
            Map.entry(
                DATAPLANE + "env",
                "the dataplane's explicit env is wiring: rendered in a fixed order from"
                    + " racer-settings (listener ports) and the images; the user's own variables"
                    + " follow it"),
            Map.entry(
                DATAPLANE + "ports",
                "the dataplane's ports are wiring, rendered from RACER_PEER_PORT and"
                    + " RACER_DIAGNOSTICS_PORT"),
            Map.entry(
                DATAPLANE + "volumeMounts",
                "the dataplane's own mounts are wiring, rendered for the NVIDIA mode, before the"
                    + " user's"),
            Map.entry(
                POD + "volumes",
                "the dataplane's own volumes are wiring, rendered for the NVIDIA mode, before the"
                    + " user's"),
            Map.entry(DATAPLANE + "securityContext", SECURITY),
            Map.entry(POD + "securityContext", SECURITY),
            Map.entry(
                POD + "affinity",
                "every required node-selector term carries the dataplane's two expressions first"
                    + " (racer.unbounded-cloud.io/exclude DoesNotExist, kubernetes.io/os In"
                    + " [linux])"),
            Map.entry(POD + "hostNetwork", NETWORK),
            Map.entry(POD + "dnsPolicy", NETWORK),
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
            Map.entry("spec.template.spec.containers", "the function adds the dataplane container"),
            Map.entry("spec.updateStrategy", FILLED),
            Map.entry("spec.minReadySeconds", FILLED),
            Map.entry("spec.selector", "the selector is the dataplane's labels"));

    private static String handWritten(FieldPath at, Object before) {
      String path = at.toString();
      if (path.equals(
          "spec.template.metadata.annotations[\"racer.unbounded-cloud.io/settings-hash\"]")) {
        return before == null
            ? "the live pods carry no settings-hash; the function adds the hash of"
                + " racer-settings' data, so that a settings change rolls the pods"
            : "the settings-hash follows racer-settings, whose data hash to the new value:"
                + " racer-settings changed since the live pods last rolled, so they may run with"
                + " older settings; applying rolls them onto the current ones";
      }
      for (Map.Entry<String, String> entry : HAND_WRITTEN) {
        if (path.startsWith(entry.getKey())) {
          return entry.getValue();
        }
      }
      return "the function renders it so";
    }

    /** Every field name the hand-written table uses, and a few it does not. */
    private static final List<String> WORDS =
        List.of(
            "metadata",
            "annotations",
            "labels",
            "image",
            "env",
            "envFrom",
            "ports",
            "volumeMounts",
            "volumes",
            "securityContext",
            "affinity",
            "hostNetwork",
            "dnsPolicy",
            "serviceAccountName",
            "serviceAccount",
            "automountServiceAccountToken",
            "resources",
            "readinessProbe",
            "imagePullPolicy",
            "terminationMessagePath",
            "terminationMessagePolicy",
            "restartPolicy",
            "schedulerName",
            "enableServiceLinks",
            "preemptionPolicy",
            "terminationGracePeriodSeconds",
            "containers",
            "initContainers",
            "updateStrategy",
            "minReadySeconds",
            "selector",
            "template",
            "spec",
            "priorityClassName",
            "hostPID",
            "dns",
            "port");

    /** The env names the table names, and their neighbours by one character either way. */
    private static final List<String> ENV_NAMES =
        List.of(
            "NVIDIA_VISIBLE_DEVICES",
            "NVIDIA_VISIBLE_DEVICES_X",
            "NVIDIA_VISIBLE_DEVICE",
            "NVIDIA_DRIVER_CAPABILITIES",
            "NVIDIA_DRIVER_CAPABILITIESX",
            "NVIDIA_DRIVER_CAPABILITIE",
            "RACER_OBJECT_IMAGE",
            "RACER_OBJECT_IMAGEX",
            "RACER_OBJECT_IMAG",
            "RACER_PEER_LISTEN",
            "NVIDIA");

    private static final List<String> ANNOTATIONS =
        List.of(
            "cdi.k8s.io/racer",
            "cdi.k8s.io/racerX",
            "cdi.k8s.io/race",
            "racer.unbounded-cloud.io/settings-hash",
            "racer.unbounded-cloud.io/settings-hashX",
            "racer.unbounded-cloud.io/settings-has",
            "app.kubernetes.io/name",
            "x");

    /**
     * Each field-name word, one character longer and shorter, under every part of the DaemonSet the
     * table reaches (and the dataplane's neighbours), and a step under each; each env name of the
     * table and its neighbours under every container; each annotation and its neighbours.
     */
    static Set<FieldPath> paths() {
      FieldPath pod = FieldPath.of("spec.template.spec");
      List<FieldPath> containers =
          List.of(
              pod.key("containers").named("dataplane"),
              pod.key("containers").named("dataplanes"),
              pod.key("containers").index(0),
              pod.key("initContainers").named("dataplane"));
      List<FieldPath> parts = new ArrayList<>(containers);
      parts.addAll(
          List.of(
              FieldPath.root(),
              FieldPath.of("spec"),
              FieldPath.of("spec.template"),
              FieldPath.of("spec.template.metadata"),
              pod,
              FieldPath.of("metadata")));
      Set<FieldPath> paths = new LinkedHashSet<>();
      for (FieldPath part : parts) {
        paths.add(part);
        for (String word : WORDS) {
          for (String near : List.of(word, word + "X", word.substring(0, word.length() - 1))) {
            FieldPath field = part.key(near);
            paths.addAll(List.of(field, field.key("x"), field.index(0), field.named("dataplane")));
          }
        }
      }
      for (FieldPath container : containers) {
        for (String name : ENV_NAMES) {
          paths.add(container.key("env").named(name));
          paths.add(container.key("env").named(name).key("value"));
        }
      }
      for (FieldPath metadata :
          List.of(FieldPath.of("spec.template.metadata"), FieldPath.of("metadata"))) {
        for (String key : ANNOTATIONS) {
          paths.add(metadata.key("annotations").key(key));
          paths.add(metadata.key("labels").key(key));
        }
      }
      return paths;
    }

    @Test
    @DisplayName("each generated path, live value set or absent, gets the same reason")
    void sameReason() {
      Set<FieldPath> paths = paths();
      List<String> differing = new ArrayList<>();
      Set<String> reached = new LinkedHashSet<>();
      for (FieldPath at : paths) {
        for (Object before : new Object[] {null, "live"}) {
          String expected = handWritten(at, before);
          reached.add(expected);
          String actual = RolloutReasons.of(new Difference(at, before, "rendered", false));
          if (!actual.equals(expected)) {
            differing.add(at + " (live " + before + "): " + actual + " / was " + expected);
          }
        }
      }

      assertThat(differing).isEmpty();
      assertThat(paths).hasSizeGreaterThan(1000);
      // the generated paths reach every reason, so none of them goes unchecked
      Set<String> every = new LinkedHashSet<>();
      HAND_WRITTEN.forEach(entry -> every.add(entry.getValue()));
      assertThat(reached).containsAll(every).contains("the function renders it so");
    }
  }
}
