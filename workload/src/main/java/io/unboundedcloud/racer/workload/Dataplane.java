package io.unboundedcloud.racer.workload;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The dataplane DaemonSet {@code racer} and its ServiceAccount: names, labels and builders. */
public final class Dataplane {
  /** Names the dataplane DaemonSet and its ServiceAccount. */
  public static final String DATAPLANE_DAEMON_SET_NAME = "racer";

  /** Names the dataplane container. */
  public static final String CONTAINER_NAME = "dataplane";

  /** Removes a node from dataplane placement and membership (by presence). */
  public static final String EXCLUSION_LABEL = "racer.unbounded-cloud.io/exclude";

  /** The audience of the token a pod presents to control seats. */
  public static final String CONTROL_TOKEN_AUDIENCE = "racer-control";

  /** Serves the control API on seat holders. */
  public static final int CONTROL_PORT = 8443;

  /** Serves the object sidecar admission webhook on seat holders. */
  public static final int WEBHOOK_PORT = 9443;

  /** The seat policy key of racer-settings; never explicit env, so the ConfigMap wins. */
  public static final String CONTROL_SEATS_KEY = "RACER_CONTROL_SEATS";

  /** Bounds a fixed seat count. */
  public static final int MAX_CONTROL_SEATS = 16;

  /** Where the default-audience API credentials are projected. */
  public static final String API_TOKEN_PATH = "/var/run/secrets/kubernetes.io/serviceaccount";

  /** The logging directory of the image's cufile.json. */
  public static final String CUFILE_LOG_DIRECTORY = "/var/log/cufile";

  /** Bounds the cuFile log emptyDir. */
  public static final String CUFILE_LOG_SIZE_LIMIT = "64Mi";

  /** The memory request of the dataplane container. */
  public static final String DATAPLANE_MEMORY_REQUEST = "1Gi";

  /** The ConfigMap the dataplane reads its settings from (envFrom). */
  public static final String SETTINGS_CONFIG_MAP = "racer-settings";

  /** Pod template annotation: sha256 of the settings data, so a settings change rolls the pods. */
  public static final String SETTINGS_HASH_ANNOTATION = "racer.unbounded-cloud.io/settings-hash";

  /**
   * DaemonSet annotation (ours): the dataplane image the function was told to render, so that
   * {@code racer-krm verify} compares the container with what the function chose instead of
   * guessing it from the stream. On the DaemonSet's metadata, not the pod template: it changes with
   * the image, which rolls the pods by itself.
   */
  public static final String DATAPLANE_IMAGE_ANNOTATION =
      "racer.unbounded-cloud.io/dataplane-image";

  /** DaemonSet annotation (ours): the racer-object image the function was told to render. */
  public static final String OBJECT_IMAGE_ANNOTATION = "racer.unbounded-cloud.io/object-image";

  /**
   * DaemonSet annotation (ours): the racer-settings data the function rendered with ({@link
   * io.unboundedcloud.racer.workload.settings.SettingsRecord}), so that {@code racer-krm verify}
   * names each key changed after it ran. On the DaemonSet's metadata: the settings-hash of the pod
   * template already rolls the pods when the data changes.
   */
  public static final String SETTINGS_ANNOTATION = "racer.unbounded-cloud.io/settings";

  /**
   * DaemonSet annotation (ours), only where the user lists any: the racer-settings keys the catalog
   * does not know that the user declared as meant (the function config's or the chart's {@code
   * uncheckedSettings}), sorted and comma-separated, so that {@code racer-krm verify} renders again
   * with the same declaration and takes none of them for a typo.
   */
  public static final String UNCHECKED_SETTINGS_ANNOTATION =
      "racer.unbounded-cloud.io/unchecked-settings";

  /** The DaemonSet annotations that record what the function was told, in the order rendered. */
  public static final List<String> RECORD_ANNOTATIONS =
      List.of(
          DATAPLANE_IMAGE_ANNOTATION,
          OBJECT_IMAGE_ANNOTATION,
          SETTINGS_ANNOTATION,
          UNCHECKED_SETTINGS_ANNOTATION);

  /** Selector label {@code app.kubernetes.io/name}. */
  public static final String NAME_LABEL = "app.kubernetes.io/name";

  /** Selector label {@code app.kubernetes.io/component}. */
  public static final String COMPONENT_LABEL = "app.kubernetes.io/component";

  /** Node label every dataplane node carries. */
  public static final String OS_LABEL = "kubernetes.io/os";

  private Dataplane() {}

  /**
   * The immutable selector labels of dataplane pods. They never say how Racer was delivered, so a
   * cluster can move between the KRM function and the Helm chart without deleting the DaemonSet.
   */
  public static Map<String, String> labels() {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(NAME_LABEL, DATAPLANE_DAEMON_SET_NAME);
    labels.put(COMPONENT_LABEL, CONTAINER_NAME);
    return labels;
  }

  /** The two expressions every required node-selector term of the dataplane carries, in order. */
  public static List<NodeSelectorRequirement> requiredExpressions() {
    return List.of(
        new NodeSelectorRequirementBuilder()
            .withKey(EXCLUSION_LABEL)
            .withOperator("DoesNotExist")
            .build(),
        new NodeSelectorRequirementBuilder()
            .withKey(OS_LABEL)
            .withOperator("In")
            .withValues("linux")
            .build());
  }

  /**
   * The default node affinity of dataplane pods; workloads that must share their nodes reuse it.
   */
  public static Affinity dataplaneAffinity() {
    return new AffinityBuilder()
        .withNewNodeAffinity()
        .withNewRequiredDuringSchedulingIgnoredDuringExecution()
        .addNewNodeSelectorTerm()
        .withMatchExpressions(requiredExpressions())
        .endNodeSelectorTerm()
        .endRequiredDuringSchedulingIgnoredDuringExecution()
        .endNodeAffinity()
        .build();
  }

  /**
   * Builds the dataplane DaemonSet: the {@code DaemonSet(c Config)} of the Racer operator's Go
   * package {@code workload}, v0.19.0.
   *
   * @throws InvalidConfigurationException when {@code config} is invalid
   */
  public static DaemonSet daemonSet(Config config) {
    return daemonSet(config, null, null);
  }

  /**
   * Builds the dataplane DaemonSet with the settings-hash pod annotation and the record of the
   * images, but no record of the settings.
   *
   * @param settingsHash the hash of the racer-settings data, or {@code null} for no annotation
   * @throws InvalidConfigurationException when {@code config} is invalid
   */
  public static DaemonSet daemonSet(Config config, String settingsHash) {
    return daemonSet(config, settingsHash, null);
  }

  /**
   * Builds the dataplane DaemonSet with what racer-krm adds to the Go package's: the settings-hash
   * pod annotation and, on the DaemonSet, the record of the two images it renders and of the
   * settings ({@link #RECORD_ANNOTATIONS}).
   *
   * @param settingsHash the hash of the racer-settings data, or {@code null} for no annotation and
   *     no record
   * @param settingsRecord the record of the racer-settings data, or {@code null} for none (too long
   *     to record)
   * @throws InvalidConfigurationException when {@code config} is invalid
   */
  public static DaemonSet daemonSet(Config config, String settingsHash, String settingsRecord) {
    config.validate();
    return DataplaneDaemonSet.build(config, settingsHash, settingsRecord);
  }

  /** The ServiceAccount {@code racer}: no annotations of ours, no token automount. */
  public static ServiceAccount serviceAccount(Config config) {
    return new ServiceAccountBuilder()
        .withNewMetadata()
        .withName(DATAPLANE_DAEMON_SET_NAME)
        .withNamespace(config.hasNamespace() ? config.namespace() : null)
        .withLabels(labels())
        .endMetadata()
        .withAutomountServiceAccountToken(false)
        .build();
  }
}
