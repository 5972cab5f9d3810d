package io.unboundedcloud.racer.krm.verify;

import io.unboundedcloud.racer.krm.inputs.DataplaneWiring;
import io.unboundedcloud.racer.krm.inputs.Inputs;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.inputs.Read;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.workload.Dataplane;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The installation in a rendered stream: the dataplane DaemonSet (found by its pod labels, since a
 * build keeps no earlier names), the settings ConfigMap it reads ({@link DataplaneWiring}; a
 * generator's hash suffix and a prefix included), the two images it runs, and the images the
 * function recorded it was told to render.
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
  /** The dataplane container's address in a DaemonSet. */
  static final String CONTAINER = DataplaneWiring.CONTAINER.toString();

  /** Where the dataplane container names its settings. */
  private static final String SETTINGS_SOURCES = DataplaneWiring.ENV_FROM.toString();

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
    DataplaneWiring wiring = DataplaneWiring.of(daemonSet);
    if (wiring.container() == null) {
      return refused(daemonSet, "spec.template.spec.containers", "has no container dataplane");
    }
    String image = wiring.image();
    if (image == null) {
      return refused(daemonSet, CONTAINER + ".image", "has no dataplane image");
    }
    String objectImage = wiring.objectImage();
    if (objectImage == null) {
      return refused(
          daemonSet,
          CONTAINER + ".env[name=" + DataplaneWiring.OBJECT_IMAGE_ENV + "]",
          "hands the webhook no racer-object image (no "
              + DataplaneWiring.OBJECT_IMAGE_ENV
              + " value)");
    }
    String settingsName = wiring.settingsName();
    if (settingsName == null) {
      return refused(
          daemonSet,
          SETTINGS_SOURCES,
          "reads no ConfigMap through "
              + DataplaneWiring.ENV_SOURCES
              + ", so no settings can be checked");
    }
    Item settings = inputs.configMap(daemonSet.namespace(), settingsName);
    if (settings == null) {
      return refused(
          daemonSet,
          SETTINGS_SOURCES,
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
}
