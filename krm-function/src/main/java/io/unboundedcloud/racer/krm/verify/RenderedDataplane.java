package io.unboundedcloud.racer.krm.verify;

import io.unboundedcloud.racer.krm.inputs.DataplaneWiring;
import io.unboundedcloud.racer.krm.inputs.Inputs;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.inputs.ReadOutcome;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.workload.Dataplane;
import java.util.List;

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
 * @param settingsGiven the settings came with {@code --settings}, not in the stream: the stream was
 *     rendered elsewhere from settings it does not hold
 */
record RenderedDataplane(
    Item daemonSet,
    Item settings,
    String dataplaneImage,
    String objectImage,
    RecordedImages recorded,
    boolean settingsGiven) {
  /** The flag that gives the settings apart from the stream. */
  static final String SETTINGS_FLAG = "--settings";

  /** The dataplane container's address in a DaemonSet. */
  static final String CONTAINER = DataplaneWiring.CONTAINER.toString();

  /** Where the dataplane container names its settings. */
  private static final String SETTINGS_SOURCES = DataplaneWiring.ENV_FROM.toString();

  /** Finds the one installation, or says why there is none to verify. */
  static ReadOutcome<RenderedDataplane> find(Inputs inputs, GivenSettings outside) {
    List<Item> found = inputs.renderedDataplanes();
    if (found.isEmpty()) {
      return ReadOutcome.failed(
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
    List<ReadOutcome<RenderedDataplane>> reads =
        found.stream().map(ds -> of(ds, inputs, outside)).toList();
    List<ReadOutcome<RenderedDataplane>> installations =
        reads.stream().filter(ReadOutcome::ok).toList();
    if (installations.size() > 1) {
      return ReadOutcome.failed(
          Result.error(
              "found "
                  + installations.size()
                  + " dataplane DaemonSets with their settings ("
                  + inputs.named(
                      installations.stream().map(read -> read.value().daemonSet()).toList())
                  + "): verify checks one installation at a time; verify each build alone"));
    }
    // as the function, which renders the one installation whose settings it has and leaves a
    // dataplane of another namespace alone
    return installations.isEmpty() ? reads.get(0) : installations.get(0);
  }

  private static ReadOutcome<RenderedDataplane> of(
      Item daemonSet, Inputs inputs, GivenSettings outside) {
    DataplaneWiring wiring = DataplaneWiring.of(daemonSet);
    ReadOutcome<RenderedDataplane> unwired = unwired(daemonSet, wiring);
    if (unwired != null) {
      return unwired;
    }
    String image = wiring.image();
    String objectImage = wiring.objectImage();
    String settingsName = wiring.settingsName();
    List<Item> inStreamFound = inputs.configMaps(daemonSet.namespace(), settingsName);
    List<Item> givenFound = outside.find(daemonSet.namespace(), settingsName);
    for (List<Item> found : List.of(inStreamFound, givenFound)) {
      if (found.size() > 1) {
        // the same ConfigMap twice: which of them the cluster holds, the stream cannot say
        return ReadOutcome.failed(inputs.severalSettings(found));
      }
    }
    Item inStream = inStreamFound.isEmpty() ? null : inStreamFound.get(0);
    Item given = givenFound.isEmpty() ? null : givenFound.get(0);
    if (inStream != null && given != null) {
      return ReadOutcome.failed(
          Result.of(
              Severity.ERROR,
              "ConfigMap "
                  + settingsName
                  + ", whose data the dataplane DaemonSet "
                  + daemonSet.name()
                  + " reads, is both in the stream and in "
                  + SETTINGS_FLAG
                  + ": verify against one of them (leave out "
                  + SETTINGS_FLAG
                  + ", or render the stream without the ConfigMap)",
              inStream.ref(),
              null));
    }
    if (inStream == null && given == null) {
      return ReadOutcome.failed(missingSettings(daemonSet, settingsName, outside));
    }
    return ReadOutcome.of(
        new RenderedDataplane(
            daemonSet,
            inStream != null ? inStream : given,
            image,
            objectImage,
            RecordedImages.of(daemonSet, image, objectImage),
            given != null),
        new Results());
  }

  /**
   * The refusal of a DaemonSet that lacks what verify reads (the dataplane container, its images,
   * the settings it reads), or {@code null} when it has all.
   */
  private static ReadOutcome<RenderedDataplane> unwired(Item daemonSet, DataplaneWiring wiring) {
    if (wiring.container() == null) {
      return refused(
          daemonSet, DataplaneWiring.CONTAINERS.toString(), "has no container dataplane");
    }
    if (wiring.image() == null) {
      return refused(daemonSet, CONTAINER + ".image", "has no dataplane image");
    }
    if (wiring.objectImage() == null) {
      return refused(
          daemonSet,
          CONTAINER + ".env[name=" + DataplaneWiring.OBJECT_IMAGE_ENV + "]",
          "hands the webhook no racer-object image (no "
              + DataplaneWiring.OBJECT_IMAGE_ENV
              + " value)");
    }
    if (wiring.settingsName() == null) {
      return refused(
          daemonSet,
          SETTINGS_SOURCES,
          "reads no ConfigMap through "
              + DataplaneWiring.ENV_SOURCES
              + ", so no settings can be checked");
    }
    return null;
  }

  /**
   * The settings the DaemonSet reads are nowhere: say where they may be (another namespace of what
   * {@code --settings} gave), and how to give them.
   */
  private static Result missingSettings(Item daemonSet, String name, GivenSettings outside) {
    String namespace = daemonSet.namespace();
    List<String> elsewhere = outside.elsewhere(namespace, name);
    String where =
        outside.isEmpty()
            ? "is not among the objects (a chart installed with settingsConfigMap.create: false"
                + " renders none): give it with "
                + SETTINGS_FLAG
                + " FILE, or - for kubectl get configmap "
                + name
                + " -n "
                + namespace
                + " -o yaml on stdin"
            : elsewhere.isEmpty()
                ? "is neither among the objects nor in what "
                    + SETTINGS_FLAG
                    + " gave: give the ConfigMap the DaemonSet names"
                : "is not in namespace "
                    + namespace
                    + ", the DaemonSet's; "
                    + SETTINGS_FLAG
                    + " gave it in "
                    + String.join(", ", elsewhere)
                    + ": render the stream for the namespace the ConfigMap lives in (helm template"
                    + " --namespace)";
    return Result.of(
        Severity.ERROR,
        "the dataplane DaemonSet "
            + daemonSet.name()
            + " reads its settings from ConfigMap "
            + name
            + ", which "
            + where,
        daemonSet.ref(),
        SETTINGS_SOURCES);
  }

  private static ReadOutcome<RenderedDataplane> refused(Item daemonSet, String field, String what) {
    return ReadOutcome.failed(
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
