package io.unboundedcloud.racer.krm.rollout;

import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fields the Kubernetes API server fills in a workload and its pod template when a manifest
 * leaves them out: the one list adopt and diff use to tell what the server defaulted from what
 * someone chose. Each entry names where kubernetes/kubernetes sets it: {@code SetDefaults_*} of
 * {@code pkg/apis/apps/v1/defaults.go} (the DaemonSet) and {@code pkg/apis/core/v1/defaults.go}
 * (the pod template), run on every write and read.
 *
 * <p>Not here, on purpose, since the server sets them on Pods but never in a pod template, so a
 * template without them stays without them: {@code enableServiceLinks} and requests copied from
 * limits ({@code SetDefaults_Pod}), {@code preemptionPolicy} and {@code priority} (the Priority
 * admission plugin). Also here: the zero value ({@code false}, {@code 0}, {@code ""}) of a field Go
 * keeps as a plain value, not a pointer, with {@code omitempty}: stored, it cannot be told from an
 * absent field, and the server never returns it ({@code readOnly: false} on a mount comes back as
 * nothing). Each such entry says "zero". Quantities are stored in canonical form ({@code
 * SetDefaults_ResourceList} rounds them; {@code 1024Mi} reads back {@code 1Gi}): adopt takes them
 * from the live objects, already canonical.
 *
 * <p>Two uses: {@link #filled} completes a tree as the server would store it, so that two trees
 * compare equal exactly when the server would store the same template ({@link TemplateComparison},
 * for adopt's verdict, diff and the chart's tests); {@link #strip} removes from a live tree the
 * values the server puts back by itself, so that the manifests adopt keeps in Git hold what someone
 * chose.
 */
public final class ApiServerDefaults {
  /** {@code v1.TerminationMessagePathDefault}. */
  static final String TERMINATION_MESSAGE_PATH = "/dev/termination-log";

  /**
   * {@code v1.SecretVolumeSourceDefaultMode} and its ConfigMap, downward API and projected twins:
   * 0644.
   */
  static final int VOLUME_DEFAULT_MODE = 0644;

  private ApiServerDefaults() {}

  /**
   * A default value removed from a tree.
   *
   * @param at where it was
   * @param value the value it had
   */
  public record Stripped(FieldPath at, Object value) {}

  /** A copy of a workload (any kind with a pod template) with every default the server fills. */
  public static Map<String, Object> filled(Map<String, Object> workload) {
    Map<String, Object> copy = PlainTrees.copyMap(workload);
    walk(copy, new Fill());
    return copy;
  }

  /**
   * Removes from a workload, in place, every value equal to the default the server would fill in
   * its absence (an object left empty by that goes too, where the server creates it empty).
   *
   * @return what was removed, deepest first
   */
  public static List<Stripped> strip(Map<String, Object> workload) {
    Strip strip = new Strip();
    walk(workload, strip);
    return strip.removed;
  }

  /**
   * The pull policy {@code SetDefaults_Container} gives an image: Always for :latest or no tag nor
   * digest.
   */
  public static String pullPolicyFor(String image) {
    boolean digest = image.contains("@");
    String name = digest ? image.substring(0, image.indexOf('@')) : image;
    int colon = name.lastIndexOf(':');
    String tag = colon > name.lastIndexOf('/') ? name.substring(colon + 1) : "";
    return tag.equals("latest") || tag.isEmpty() && !digest ? "Always" : "IfNotPresent";
  }

  private static void walk(Map<String, Object> workload, Pass pass) {
    Map<String, Object> spec = PlainTrees.asMap(workload.get("spec"));
    if (spec == null) {
      return;
    }
    FieldPath at = FieldPath.root().key("spec");
    switch (String.valueOf(workload.get("kind"))) {
      case "DaemonSet" -> {
        daemonSetSpec(spec, at, pass);
        template(spec, at, pass);
      }
      // a Pod's own defaults (SetDefaults_Pod) are not here: only its template part
      case "Pod" -> podSpec(spec, at, pass);
      case "CronJob" ->
          within(
              spec,
              "jobTemplate",
              at,
              (job, jobAt) ->
                  within(
                      job,
                      "spec",
                      jobAt,
                      (jobSpec, jobSpecAt) -> template(jobSpec, jobSpecAt, pass)));
      default -> template(spec, at, pass);
    }
  }

  /** apps/v1 {@code SetDefaults_DaemonSet}. */
  private static void daemonSetSpec(Map<String, Object> spec, FieldPath at, Pass pass) {
    pass.value(spec, "revisionHistoryLimit", 10, at);
    pass.value(spec, "minReadySeconds", 0, at); // zero
    pass.object(
        spec,
        "updateStrategy",
        at,
        (strategy, strategyAt) -> {
          boolean rolling =
              strategy.get("type") == null || "RollingUpdate".equals(strategy.get("type"));
          pass.value(strategy, "type", "RollingUpdate", strategyAt);
          if (rolling) {
            pass.object(
                strategy,
                "rollingUpdate",
                strategyAt,
                (update, updateAt) -> {
                  pass.value(update, "maxUnavailable", 1, updateAt);
                  pass.value(update, "maxSurge", 0, updateAt);
                });
          }
        });
  }

  private static void template(Map<String, Object> workloadSpec, FieldPath at, Pass pass) {
    within(
        workloadSpec,
        "template",
        at,
        (template, templateAt) ->
            within(template, "spec", templateAt, (pod, podAt) -> podSpec(pod, podAt, pass)));
  }

  /** core/v1 {@code SetDefaults_PodSpec}, and the generated defaulting of what a pod spec holds. */
  private static void podSpec(Map<String, Object> pod, FieldPath at, Pass pass) {
    boolean hostNetwork = Boolean.TRUE.equals(pod.get("hostNetwork"));
    pass.value(pod, "dnsPolicy", "ClusterFirst", at);
    pass.value(pod, "restartPolicy", "Always", at);
    pass.object(pod, "securityContext", at, (context, contextAt) -> {});
    pass.value(pod, "terminationGracePeriodSeconds", 30, at);
    pass.value(pod, "schedulerName", "default-scheduler", at);
    for (String hostNamespace : List.of("hostNetwork", "hostPID", "hostIPC")) {
      pass.value(pod, hostNamespace, false, at); // zero
    }
    if (pod.get("serviceAccount") instanceof String deprecated && !deprecated.isEmpty()) {
      // not a default but the v1 conversion (Convert_v1_PodSpec_To_core_PodSpec): the deprecated
      // field names the account when serviceAccountName is empty; kept in manifests as written
      pass.fillOnly(pod, "serviceAccountName", deprecated, at);
    }
    if (pod.get("serviceAccountName") instanceof String account && !account.isEmpty()) {
      // not a default but the v1 conversion (Convert_core_PodSpec_To_v1_PodSpec): the deprecated
      // field always mirrors serviceAccountName in what the server returns
      pass.value(pod, "serviceAccount", account, at);
    }
    each(
        pod,
        "initContainers",
        at,
        (container, containerAt) -> container(container, containerAt, hostNetwork, pass));
    each(
        pod,
        "containers",
        at,
        (container, containerAt) -> container(container, containerAt, hostNetwork, pass));
    each(pod, "volumes", at, (volume, volumeAt) -> volume(volume, volumeAt, pass));
  }

  /**
   * core/v1 {@code SetDefaults_Container}, {@code SetDefaults_ContainerPort} and what a container
   * holds.
   */
  private static void container(
      Map<String, Object> container, FieldPath at, boolean hostNetwork, Pass pass) {
    if (container.get("image") instanceof String image) {
      pass.value(container, "imagePullPolicy", pullPolicyFor(image), at);
    }
    pass.value(container, "terminationMessagePath", TERMINATION_MESSAGE_PATH, at);
    pass.value(container, "terminationMessagePolicy", "File", at);
    for (String terminal : List.of("stdin", "stdinOnce", "tty")) {
      pass.value(container, terminal, false, at); // zero
    }
    // not a default: ResourceRequirements is a struct, which Go always writes, as {} when empty
    pass.object(container, "resources", at, (resources, resourcesAt) -> {});
    each(container, "ports", at, (port, portAt) -> port(port, portAt, hostNetwork, pass));
    each(container, "env", at, (env, envAt) -> env(env, envAt, pass));
    each(
        container,
        "volumeMounts",
        at,
        (mount, mountAt) -> pass.value(mount, "readOnly", false, mountAt)); // zero
    for (String probe : List.of("livenessProbe", "readinessProbe", "startupProbe")) {
      within(container, probe, at, (found, probeAt) -> probe(found, probeAt, pass));
    }
    within(
        container,
        "lifecycle",
        at,
        (lifecycle, lifecycleAt) -> lifecycle(lifecycle, lifecycleAt, pass));
  }

  /** core/v1 {@code SetDefaults_ContainerPort}, and the host port a host-network pod is given. */
  private static void port(Map<String, Object> port, FieldPath at, boolean hostNetwork, Pass pass) {
    pass.value(port, "protocol", "TCP", at);
    if (hostNetwork && port.get("containerPort") != null) {
      // defaultHostNetworkPorts: filled in pod templates up to Kubernetes 1.27 (from 1.28 only in
      // Pods, gate DefaultHostNetworkHostPortsInPodTemplates); a template stored before still
      // carries it
      pass.fillOnly(port, "hostPort", port.get("containerPort"), at);
    }
    pass.value(port, "hostPort", 0, at); // zero
  }

  /** An environment variable: the zero value, and the defaults of where it reads from. */
  private static void env(Map<String, Object> env, FieldPath at, Pass pass) {
    pass.value(env, "value", "", at); // zero
    within(
        env,
        "valueFrom",
        at,
        (from, fromAt) -> {
          within(from, "fieldRef", fromAt, (ref, refAt) -> fieldRef(ref, refAt, pass));
          within(
              from, "resourceFieldRef", fromAt, (ref, refAt) -> resourceFieldRef(ref, refAt, pass));
        });
  }

  /** The hooks' HTTP handlers ({@code SetDefaults_HTTPGetAction}). */
  private static void lifecycle(Map<String, Object> lifecycle, FieldPath at, Pass pass) {
    for (String hook : List.of("postStart", "preStop")) {
      within(
          lifecycle,
          hook,
          at,
          (handler, handlerAt) ->
              within(handler, "httpGet", handlerAt, (get, getAt) -> httpGet(get, getAt, pass)));
    }
  }

  /** core/v1 {@code SetDefaults_Probe}. */
  private static void probe(Map<String, Object> probe, FieldPath at, Pass pass) {
    pass.value(probe, "timeoutSeconds", 1, at);
    pass.value(probe, "periodSeconds", 10, at);
    pass.value(probe, "successThreshold", 1, at);
    pass.value(probe, "failureThreshold", 3, at);
    pass.value(probe, "initialDelaySeconds", 0, at); // zero
    within(probe, "httpGet", at, (get, getAt) -> httpGet(get, getAt, pass));
    // the +default="" marker of GRPCAction.Service in k8s.io/api/core/v1/types.go
    within(probe, "grpc", at, (grpc, grpcAt) -> pass.value(grpc, "service", "", grpcAt));
  }

  /** core/v1 {@code SetDefaults_HTTPGetAction}. */
  private static void httpGet(Map<String, Object> get, FieldPath at, Pass pass) {
    pass.value(get, "path", "/", at);
    pass.value(get, "scheme", "HTTP", at);
  }

  /** core/v1 {@code SetDefaults_ObjectFieldSelector}. */
  private static void fieldRef(Map<String, Object> ref, FieldPath at, Pass pass) {
    pass.value(ref, "apiVersion", "v1", at);
  }

  /**
   * Not a default but the zero of a struct: {@code divisor} is a {@code resource.Quantity}, not a
   * pointer, so the server always writes it, as {@code "0"} when absent (read as 1).
   */
  private static void resourceFieldRef(Map<String, Object> ref, FieldPath at, Pass pass) {
    pass.value(ref, "divisor", "0", at); // zero
  }

  /** core/v1 {@code SetDefaults_Volume} and the {@code SetDefaults_*VolumeSource} functions. */
  private static void volume(Map<String, Object> volume, FieldPath at, Pass pass) {
    if (volume.keySet().stream().allMatch("name"::equals)) {
      // a volume without a source becomes an emptyDir; kept in manifests, where it says what the
      // volume is
      pass.fillOnly(volume, "emptyDir", new LinkedHashMap<String, Object>(), at);
    }
    within(
        volume,
        "hostPath",
        at,
        (hostPath, hostPathAt) -> pass.value(hostPath, "type", "", hostPathAt));
    for (String source : List.of("secret", "configMap")) {
      within(
          volume,
          source,
          at,
          (found, sourceAt) -> pass.value(found, "defaultMode", VOLUME_DEFAULT_MODE, sourceAt));
    }
    within(
        volume,
        "downwardAPI",
        at,
        (downward, downwardAt) -> {
          pass.value(downward, "defaultMode", VOLUME_DEFAULT_MODE, downwardAt);
          downwardItems(downward, downwardAt, pass);
        });
    within(
        volume,
        "projected",
        at,
        (projected, projectedAt) -> projected(projected, projectedAt, pass));
    within(
        volume,
        "ephemeral",
        at,
        (ephemeral, ephemeralAt) -> ephemeral(ephemeral, ephemeralAt, pass));
    networkVolumes(volume, at, pass);
  }

  /** The projected volume's mode, and the defaults of its sources. */
  private static void projected(Map<String, Object> projected, FieldPath at, Pass pass) {
    pass.value(projected, "defaultMode", VOLUME_DEFAULT_MODE, at);
    each(
        projected,
        "sources",
        at,
        (source, sourceAt) -> {
          within(
              source,
              "downwardAPI",
              sourceAt,
              (downward, downwardAt) -> downwardItems(downward, downwardAt, pass));
          // SetDefaults_ServiceAccountTokenProjection: one hour
          within(
              source,
              "serviceAccountToken",
              sourceAt,
              (token, tokenAt) -> pass.value(token, "expirationSeconds", 3600, tokenAt));
        });
  }

  /** SetDefaults_PersistentVolumeClaimSpec, for generic ephemeral volumes. */
  private static void ephemeral(Map<String, Object> ephemeral, FieldPath at, Pass pass) {
    within(
        ephemeral,
        "volumeClaimTemplate",
        at,
        (claim, claimAt) ->
            within(
                claim,
                "spec",
                claimAt,
                (spec, specAt) -> pass.value(spec, "volumeMode", "Filesystem", specAt)));
  }

  /** The defaults of the network and cloud volume sources: iSCSI, RBD, Azure Disk, ScaleIO. */
  private static void networkVolumes(Map<String, Object> volume, FieldPath at, Pass pass) {
    within(
        volume,
        "iscsi",
        at,
        (iscsi, iscsiAt) -> pass.value(iscsi, "iscsiInterface", "default", iscsiAt));
    within(
        volume,
        "rbd",
        at,
        (rbd, rbdAt) -> {
          pass.value(rbd, "pool", "rbd", rbdAt);
          pass.value(rbd, "user", "admin", rbdAt);
          pass.value(rbd, "keyring", "/etc/ceph/keyring", rbdAt);
        });
    within(
        volume,
        "azureDisk",
        at,
        (disk, diskAt) -> {
          pass.value(disk, "cachingMode", "ReadWrite", diskAt);
          pass.value(disk, "kind", "Shared", diskAt);
          pass.value(disk, "fsType", "ext4", diskAt);
          pass.value(disk, "readOnly", false, diskAt);
        });
    within(
        volume,
        "scaleIO",
        at,
        (scaleIo, scaleIoAt) -> {
          pass.value(scaleIo, "storageMode", "ThinProvisioned", scaleIoAt);
          pass.value(scaleIo, "fsType", "xfs", scaleIoAt);
        });
  }

  private static void downwardItems(Map<String, Object> downward, FieldPath at, Pass pass) {
    each(
        downward,
        "items",
        at,
        (item, itemAt) -> {
          within(item, "fieldRef", itemAt, (ref, refAt) -> fieldRef(ref, refAt, pass));
          within(
              item, "resourceFieldRef", itemAt, (ref, refAt) -> resourceFieldRef(ref, refAt, pass));
        });
  }

  /** Walks into an object field when it is there. */
  private static void within(Map<String, Object> map, String field, FieldPath at, Inside inside) {
    Map<String, Object> child = PlainTrees.asMap(map.get(field));
    if (child != null) {
      inside.walk(child, at.key(field));
    }
  }

  /** Walks into every object of a list field. */
  private static void each(Map<String, Object> map, String field, FieldPath at, Inside inside) {
    if (map.get(field) instanceof List<?> list) {
      for (int i = 0; i < list.size(); i++) {
        Map<String, Object> item = PlainTrees.asMap(list.get(i));
        if (item != null) {
          inside.walk(item, at.key(field).item(item, i));
        }
      }
    }
  }

  private interface Inside {
    void walk(Map<String, Object> object, FieldPath at);
  }

  /** What a walk does at each default. */
  private interface Pass {
    /** A field the server sets to {@code value} when absent. */
    void value(Map<String, Object> map, String field, Object value, FieldPath at);

    /** A field the server sets to an empty object when absent, then completes ({@code inside}). */
    void object(Map<String, Object> map, String field, FieldPath at, Inside inside);

    /** A default that only completes a tree: stripping it would change what the manifest says. */
    void fillOnly(Map<String, Object> map, String field, Object value, FieldPath at);
  }

  private static final class Fill implements Pass {
    @Override
    public void value(Map<String, Object> map, String field, Object value, FieldPath at) {
      if (map.get(field) == null) {
        map.put(field, value);
      }
    }

    @Override
    public void object(Map<String, Object> map, String field, FieldPath at, Inside inside) {
      Map<String, Object> child = PlainTrees.asMap(map.get(field));
      if (child == null) {
        child = new LinkedHashMap<>();
        map.put(field, child);
      }
      inside.walk(child, at.key(field));
    }

    @Override
    public void fillOnly(Map<String, Object> map, String field, Object value, FieldPath at) {
      value(map, field, value, at);
    }
  }

  private static final class Strip implements Pass {
    private final List<Stripped> removed = new ArrayList<>();

    @Override
    public void value(Map<String, Object> map, String field, Object value, FieldPath at) {
      if (map.containsKey(field) && PlainTrees.same(map.get(field), value)) {
        map.remove(field);
        removed.add(new Stripped(at.key(field), value));
      }
    }

    @Override
    public void object(Map<String, Object> map, String field, FieldPath at, Inside inside) {
      Map<String, Object> child = PlainTrees.asMap(map.get(field));
      if (child == null) {
        return;
      }
      Map<String, Object> before = PlainTrees.copyMap(child);
      inside.walk(child, at.key(field));
      if (child.isEmpty()) {
        map.remove(field);
        // the whole object, as it was: restoring it puts back what the walk inside removed
        removed.removeIf(stripped -> stripped.at().startsWith(at.key(field)));
        removed.add(new Stripped(at.key(field), before));
      }
    }

    @Override
    public void fillOnly(Map<String, Object> map, String field, Object value, FieldPath at) {}
  }
}
