package io.unboundedcloud.racer.krm.verify;

import io.unboundedcloud.racer.krm.inputs.DataplaneWiring;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.rollout.Difference;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.NvidiaInjection;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.List;
import java.util.stream.Stream;

/**
 * One field of a rendered object that the function would render otherwise, and its likely cause: in
 * a kustomize composition, a step that changed the settings, the placement or a field the function
 * owns after the function ran.
 */
final class Drift {
  /** What to do, whatever changed: run the function after the change. */
  static final String LIST_THE_FUNCTION =
      "list the function in the transformers: of the kustomization that makes the change (after a"
          + " PatchTransformer there), so it runs after it";

  /**
   * Fields of the dataplane's pod template that follow racer-settings, as parts of a printed path:
   * these, and each field a shape key shapes ({@link ShapeKeys#shapedFields}, so a new key's too).
   */
  private static final List<String> SETTINGS_SHAPED =
      Stream.concat(
              Stream.of(
                  ".hostNetwork",
                  ".dnsPolicy",
                  NvidiaInjection.CDI_ANNOTATION,
                  ".ports",
                  "[name=RACER_PEER_LISTEN]",
                  "[name=RACER_DIAGNOSTICS_LISTEN]",
                  "[name=NVIDIA_",
                  ".volumes",
                  ".volumeMounts"),
              ShapeKeys.shapedFields().keySet().stream()
                  .map(field -> DataplaneWiring.at(field).toString()))
          .distinct()
          .toList();

  /**
   * What to do when the settings came with {@code --settings}: the stream was rendered elsewhere (a
   * chart with {@code settingsConfigMap.create: false}) from settings that are not that data.
   */
  static final String RENDER_FROM_GIVEN =
      "the stream was rendered from other settings than the data of the ConfigMap given with "
          + RenderedDataplane.SETTINGS_FLAG
          + ": render it from that data (with charts/racer and settingsConfigMap.create: false,"
          + " the settings value must equal the ConfigMap's data, key for key)";

  private Drift() {}

  /** What to do about a drift that follows from the settings. */
  static String settingsRemedy(RenderedDataplane dataplane) {
    return dataplane.settingsGiven() ? RENDER_FROM_GIVEN : LIST_THE_FUNCTION;
  }

  /** A field of the dataplane DaemonSet. */
  static Result ofDataplane(RenderedDataplane dataplane, Difference difference) {
    Item daemonSet = dataplane.daemonSet();
    Item settings = dataplane.settings();
    String at = difference.at().toString();
    String remedy = LIST_THE_FUNCTION;
    String cause;
    if (at.contains("[\"" + Dataplane.SETTINGS_ANNOTATION + "\"]")) {
      cause =
          "the function records on the DaemonSet the racer-settings data it rendered with, and"
              + " the data of ConfigMap "
              + settings.name()
              + " or the record changed after it ran (each key that differs is named above)";
      remedy = settingsRemedy(dataplane);
    } else if (at.startsWith("metadata.annotations")) {
      // the DaemonSet's own annotations: the function renders none but its record
      cause =
          "the function records on the DaemonSet the images it was told to render (its function"
              + " config and the Application's parameters), and this record is missing or was"
              + " changed after it ran (or the stream is of a racer-krm or chart that recorded"
              + " none)";
    } else if (at.endsWith(".image") || at.contains("[name=" + DataplaneWiring.OBJECT_IMAGE_ENV)) {
      cause =
          "the function rendered the image its DaemonSet annotation "
              + (at.endsWith(".image")
                  ? Dataplane.DATAPLANE_IMAGE_ANNOTATION
                  : Dataplane.OBJECT_IMAGE_ANNOTATION)
              + " records, and a later step changed the image (kustomize's images: changes only"
              + " the container's image): set dataplaneImage and objectImage (or imageRegistry"
              + " and imageTag) in the function config instead";
    } else if (at.contains(Dataplane.SETTINGS_HASH_ANNOTATION)) {
      cause =
          "racer-settings changed after the function ran: the settings-hash is not that of the"
              + " data of ConfigMap "
              + settings.name()
              + ", so no pod would roll for the change";
      remedy = settingsRemedy(dataplane);
    } else if (SETTINGS_SHAPED.stream().anyMatch(at::contains)) {
      cause =
          "this wiring follows racer-settings (ports, listen addresses, NVIDIA mode, host"
              + " network), and the settings or the field changed after the function ran";
      remedy = settingsRemedy(dataplane);
    } else {
      cause =
          "the function owns this field, and a later step changed it (a patch, a transformer,"
              + " kustomize's images:)";
    }
    return result(daemonSet, difference, cause, remedy);
  }

  /** A placement field of a cache origin. */
  static Result ofOrigin(Item origin, Difference difference) {
    return result(
        origin,
        difference,
        "a cache origin's placement is the dataplane's, and the dataplane's (or the origin's)"
            + " placement changed after the function ran",
        LIST_THE_FUNCTION);
  }

  private static Result result(Item item, Difference difference, String cause, String remedy) {
    String values =
        difference.reordered()
            ? "in the order " + difference.before() + ", the function renders " + difference.after()
            : "is "
                + PlainTrees.shown(difference.before())
                + ", the function renders "
                + PlainTrees.shown(difference.after());
    return Result.of(
            Severity.ERROR,
            "drift: " + difference.at() + " " + values + ": " + cause + "; " + remedy,
            item.ref(),
            difference.at().toString())
        .withCurrentValue(PlainTrees.shown(difference.before()))
        .withProposedValue(PlainTrees.shown(difference.after()));
  }
}
