package io.unboundedcloud.racer.krm.verify;

import io.unboundedcloud.racer.krm.inputs.Inputs;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.inputs.Read;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.workload.Dataplane;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The installation in a rendered stream: the dataplane DaemonSet (found by its pod labels, since a
 * build keeps no earlier names), the settings ConfigMap its {@code envFrom} names (a generator's
 * hash suffix and a prefix included), the two images it runs, and the images the function recorded
 * it was told to render.
 *
 * @param daemonSet the dataplane DaemonSet
 * @param settings the ConfigMap whose data the dataplane reads
 * @param dataplaneImage the dataplane container's image
 * @param objectImage the racer-object image the container's env hands the webhook
 * @param recorded the images the function recorded on the DaemonSet, or {@code null} when it holds
 *     no record
 */
record RenderedDataplane(
    Item daemonSet,
    Item settings,
    String dataplaneImage,
    String objectImage,
    RecordedImages recorded) {
  /** The env var that hands the webhook the racer-object image. */
  static final String OBJECT_IMAGE_ENV = "RACER_OBJECT_IMAGE";

  /** The dataplane container's address in a DaemonSet. */
  static final String CONTAINER =
      "spec.template.spec.containers[name=" + Dataplane.CONTAINER_NAME + "]";

  /** Finds the one installation, or says why there is none to verify. */
  static Read<RenderedDataplane> find(Inputs inputs) {
    List<Item> found = inputs.renderedDataplanes();
    if (found.isEmpty()) {
      return Read.failed(
          Result.error(
              "no dataplane DaemonSet among the "
                  + inputs.items().size()
                  + " objects (its pod template labelled "
                  + Dataplane.NAME_LABEL
                  + ": "
                  + Dataplane.DATAPLANE_DAEMON_SET_NAME
                  + " and "
                  + Dataplane.COMPONENT_LABEL
                  + ": "
                  + Dataplane.CONTAINER_NAME
                  + "): verify checks what racer-krm or charts/racer rendered"));
    }
    List<Read<RenderedDataplane>> reads = found.stream().map(ds -> of(ds, inputs)).toList();
    List<Read<RenderedDataplane>> installations = reads.stream().filter(Read::ok).toList();
    if (installations.size() > 1) {
      return Read.failed(
          Result.error(
              "found "
                  + installations.size()
                  + " dataplane DaemonSets with their settings ("
                  + installations.stream()
                      .map(read -> read.value().daemonSet().ref().describe())
                      .collect(Collectors.joining("; "))
                  + "): verify checks one installation at a time; verify each build alone"));
    }
    // as the function, which renders the one installation whose settings it has and leaves a
    // dataplane of another namespace alone
    return installations.isEmpty() ? reads.get(0) : installations.get(0);
  }

  private static Read<RenderedDataplane> of(Item daemonSet, Inputs inputs) {
    Map<String, Object> container =
        PlainTrees.asMap(
            FieldPath.of("spec.template.spec.containers")
                .named(Dataplane.CONTAINER_NAME)
                .valueIn(Nodes.toPlainMap(daemonSet.node())));
    if (container == null) {
      return refused(daemonSet, "spec.template.spec.containers", "has no container dataplane");
    }
    if (!(container.get("image") instanceof String image)) {
      return refused(daemonSet, CONTAINER + ".image", "has no dataplane image");
    }
    String objectImage = envValue(container, OBJECT_IMAGE_ENV);
    if (objectImage == null) {
      return refused(
          daemonSet,
          CONTAINER + ".env[name=" + OBJECT_IMAGE_ENV + "]",
          "hands the webhook no racer-object image (no " + OBJECT_IMAGE_ENV + " value)");
    }
    String settingsName = settingsName(container);
    if (settingsName == null) {
      return refused(
          daemonSet,
          CONTAINER + ".envFrom",
          "reads no ConfigMap through envFrom, so no settings can be checked");
    }
    Item settings = inputs.configMap(daemonSet.namespace(), settingsName);
    if (settings == null) {
      return refused(
          daemonSet,
          CONTAINER + ".envFrom",
          "reads its settings from ConfigMap "
              + settingsName
              + ", which is not among the objects: verify the stream that holds it");
    }
    return Read.of(
        new RenderedDataplane(
            daemonSet,
            settings,
            image,
            objectImage,
            RecordedImages.of(daemonSet, image, objectImage)),
        new Results());
  }

  private static Read<RenderedDataplane> refused(Item daemonSet, String field, String what) {
    return Read.failed(
        Result.of(
            Severity.ERROR,
            "the dataplane DaemonSet "
                + daemonSet.name()
                + " "
                + what
                + ": it is not what racer-krm renders",
            daemonSet.ref(),
            field));
  }

  /** The last ConfigMap of envFrom: the function puts racer-settings last, so its keys win. */
  private static String settingsName(Map<String, Object> container) {
    String name = null;
    if (container.get("envFrom") instanceof List<?> sources) {
      for (Object source : sources) {
        Map<String, Object> ref = PlainTrees.asMap(PlainTrees.asMap(source).get("configMapRef"));
        if (ref != null && ref.get("name") instanceof String named) {
          name = named;
        }
      }
    }
    return name;
  }

  private static String envValue(Map<String, Object> container, String variable) {
    if (container.get("env") instanceof List<?> env) {
      for (Object entry : env) {
        Map<String, Object> map = PlainTrees.asMap(entry);
        if (map != null
            && variable.equals(map.get("name"))
            && map.get("value") instanceof String v) {
          return v;
        }
      }
    }
    return null;
  }
}
