package io.unboundedcloud.racer.krm.render;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSetSpec;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.DataplaneEnv;
import io.unboundedcloud.racer.workload.DataplaneVolumes;
import io.unboundedcloud.racer.workload.NvidiaInjection;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Merges a freshly rendered dataplane DaemonSet into the one already in the ResourceList, by the
 * ownership rules of docs/dataplane.md: wiring is always rendered, defaults only where absent,
 * everything else is the user's. Merging a DaemonSet into itself changes nothing, which is what
 * makes the function idempotent.
 */
final class DaemonSetOwnership {
  private DaemonSetOwnership() {}

  /**
   * @param rendered what the builders made for the current config
   * @param existing the user's DaemonSet (not modified)
   * @return the merged DaemonSet
   */
  static DaemonSet merge(DaemonSet rendered, DaemonSet existing) {
    DaemonSet merged = new DaemonSetBuilder(existing).build();
    merged.setApiVersion(rendered.getApiVersion());
    merged.setKind(rendered.getKind());
    ObjectMeta meta = merged.getMetadata() == null ? new ObjectMeta() : merged.getMetadata();
    merged.setMetadata(meta);
    meta.setNamespace(rendered.getMetadata().getNamespace());
    meta.setLabels(withOurs(meta.getLabels(), rendered.getMetadata().getLabels()));
    // the record of the images is ours: it says what this run was told
    meta.setAnnotations(
        oursFirst(
            meta.getAnnotations(),
            rendered.getMetadata().getAnnotations(),
            Dataplane.RECORD_ANNOTATIONS));

    DaemonSetSpec spec = merged.getSpec() == null ? new DaemonSetSpec() : merged.getSpec();
    merged.setSpec(spec);
    DaemonSetSpec ours = rendered.getSpec();
    spec.setSelector(stableSelector(spec.getSelector(), ours.getSelector()));
    // an empty strategy is no strategy: Kubernetes would default it, so ours (the chart's default
    // too) goes in
    spec.setUpdateStrategy(orDefault(spec.getUpdateStrategy(), ours.getUpdateStrategy()));
    spec.setMinReadySeconds(orDefault(spec.getMinReadySeconds(), ours.getMinReadySeconds()));
    PodTemplateSpec template =
        spec.getTemplate() == null ? new PodTemplateSpec() : spec.getTemplate();
    spec.setTemplate(template);
    mergeTemplateMetadata(template, ours.getTemplate().getMetadata());
    PodSpec pod = template.getSpec() == null ? new PodSpec() : template.getSpec();
    template.setSpec(pod);
    mergePod(pod, ours.getTemplate().getSpec());
    return merged;
  }

  /**
   * The user's selector with our two labels restored: a selector cannot change once applied, so
   * labels a kustomize {@code includeSelectors} (or {@code commonLabels}) put there are kept, and
   * the same build gives the same selector whether or not the function runs last.
   */
  private static LabelSelector stableSelector(LabelSelector theirs, LabelSelector ours) {
    if (theirs == null) {
      return ours;
    }
    LabelSelector selector = new LabelSelectorBuilder(theirs).build();
    selector.setMatchLabels(withOurs(theirs.getMatchLabels(), ours.getMatchLabels()));
    return selector;
  }

  private static void mergeTemplateMetadata(PodTemplateSpec template, ObjectMeta ours) {
    ObjectMeta meta = template.getMetadata() == null ? new ObjectMeta() : template.getMetadata();
    template.setMetadata(meta);
    meta.setLabels(withOurs(meta.getLabels(), ours.getLabels()));
    // both are ours: the hash follows the settings, the CDI request follows the NVIDIA mode
    meta.setAnnotations(
        oursFirst(
            meta.getAnnotations(),
            ours.getAnnotations(),
            List.of(Dataplane.SETTINGS_HASH_ANNOTATION, NvidiaInjection.CDI_ANNOTATION)));
  }

  /**
   * Annotations with the keys we own rendered (first, as we render them; gone where we render
   * none), the user's others after them.
   */
  private static Map<String, String> oursFirst(
      Map<String, String> theirs, Map<String, String> rendered, List<String> owned) {
    Map<String, String> annotations =
        theirs == null ? new LinkedHashMap<>() : new LinkedHashMap<>(theirs);
    annotations.keySet().removeAll(owned);
    Map<String, String> result =
        new LinkedHashMap<>(rendered == null ? Map.<String, String>of() : rendered);
    result.putAll(annotations);
    return result.isEmpty() ? null : result;
  }

  private static void mergePod(PodSpec pod, PodSpec ours) {
    pod.setServiceAccountName(ours.getServiceAccountName());
    pod.setServiceAccount(null);
    pod.setAutomountServiceAccountToken(ours.getAutomountServiceAccountToken());
    pod.setHostNetwork(ours.getHostNetwork());
    pod.setDnsPolicy(ours.getDnsPolicy());
    pod.setRestartPolicy(orDefault(pod.getRestartPolicy(), ours.getRestartPolicy()));
    pod.setSchedulerName(orDefault(pod.getSchedulerName(), ours.getSchedulerName()));
    pod.setEnableServiceLinks(orDefault(pod.getEnableServiceLinks(), ours.getEnableServiceLinks()));
    pod.setPreemptionPolicy(orDefault(pod.getPreemptionPolicy(), ours.getPreemptionPolicy()));
    pod.setTerminationGracePeriodSeconds(
        orDefault(pod.getTerminationGracePeriodSeconds(), ours.getTerminationGracePeriodSeconds()));
    // security contexts are wiring as a whole: a user's runAsNonRoot or other uid would stop the
    // dataplane
    pod.setSecurityContext(ours.getSecurityContext());
    pod.setAffinity(Scheduling.addDataplaneTerms(pod.getAffinity()));
    pod.setVolumes(
        oursFirst(
            ours.getVolumes(),
            pod.getVolumes(),
            Volume::getName,
            new HashSet<>(DataplaneVolumes.ownedNames())));
    pod.setContainers(mergeContainers(pod.getContainers(), ours.getContainers().get(0)));
  }

  private static List<Container> mergeContainers(List<Container> containers, Container ours) {
    List<Container> result = new ArrayList<>();
    boolean found = false;
    for (Container container : containers == null ? List.<Container>of() : containers) {
      if (Dataplane.CONTAINER_NAME.equals(container.getName())) {
        result.add(mergeDataplane(container, ours));
        found = true;
      } else {
        result.add(container);
      }
    }
    if (!found) {
      result.add(0, new ContainerBuilder(ours).build());
    }
    return result;
  }

  private static Container mergeDataplane(Container container, Container ours) {
    Container merged = new ContainerBuilder(container).build();
    merged.setImage(ours.getImage());
    merged.setImagePullPolicy(orDefault(merged.getImagePullPolicy(), ours.getImagePullPolicy()));
    merged.setTerminationMessagePath(
        orDefault(merged.getTerminationMessagePath(), ours.getTerminationMessagePath()));
    merged.setTerminationMessagePolicy(
        orDefault(merged.getTerminationMessagePolicy(), ours.getTerminationMessagePolicy()));
    merged.setEnvFrom(mergeEnvFrom(merged.getEnvFrom(), ours.getEnvFrom()));
    merged.setEnv(
        oursFirst(
            ours.getEnv(),
            merged.getEnv(),
            EnvVar::getName,
            new HashSet<>(DataplaneEnv.ownedNames())));
    merged.setPorts(mergePorts(merged.getPorts(), ours.getPorts()));
    merged.setResources(orDefault(merged.getResources(), ours.getResources()));
    merged.setReadinessProbe(orDefault(merged.getReadinessProbe(), ours.getReadinessProbe()));
    merged.setSecurityContext(ours.getSecurityContext());
    merged.setVolumeMounts(
        oursFirst(
            ours.getVolumeMounts(),
            merged.getVolumeMounts(),
            VolumeMount::getName,
            new HashSet<>(DataplaneVolumes.ownedNames())));
    return merged;
  }

  /**
   * The user's sources first, then ours: where a key is in several sources, Kubernetes takes the
   * last one, so racer-settings always wins over a user's ConfigMap or Secret that happens to hold
   * a RACER_ key.
   */
  private static List<EnvFromSource> mergeEnvFrom(
      List<EnvFromSource> theirs, List<EnvFromSource> ours) {
    List<EnvFromSource> result = new ArrayList<>();
    for (EnvFromSource source : theirs == null ? List.<EnvFromSource>of() : theirs) {
      if (!ours.contains(source)) {
        result.add(source);
      }
    }
    result.addAll(ours);
    return result;
  }

  private static List<ContainerPort> mergePorts(
      List<ContainerPort> theirs, List<ContainerPort> ours) {
    Set<String> names = new HashSet<>();
    Set<Integer> numbers = new HashSet<>();
    for (ContainerPort port : ours) {
      names.add(port.getName());
      numbers.add(port.getContainerPort());
    }
    List<ContainerPort> result = new ArrayList<>(ours);
    for (ContainerPort port : theirs == null ? List.<ContainerPort>of() : theirs) {
      if (!names.contains(port.getName()) && !numbers.contains(port.getContainerPort())) {
        result.add(port);
      }
    }
    return result;
  }

  /** Our entries in our order, then the user's entries whose names we do not own, in theirs. */
  private static <T> List<T> oursFirst(
      List<T> ours, List<T> theirs, Function<T, String> name, Set<String> owned) {
    List<T> result = new ArrayList<>(ours);
    for (T entry : theirs == null ? List.<T>of() : theirs) {
      if (!owned.contains(name.apply(entry))) {
        result.add(entry);
      }
    }
    return result;
  }

  private static Map<String, String> withOurs(
      Map<String, String> theirs, Map<String, String> ours) {
    Map<String, String> result =
        theirs == null ? new LinkedHashMap<>() : new LinkedHashMap<>(theirs);
    result.putAll(ours);
    return result;
  }

  /**
   * A default field: the user's value, or ours where theirs holds nothing (absent, null, {@code
   * ""}, or an object of nothing but those), which Kubernetes' defaulting would read as unset.
   */
  private static <T> T orDefault(T value, T fallback) {
    return ObjectCodec.holdsNothing(value) ? fallback : value;
  }
}
