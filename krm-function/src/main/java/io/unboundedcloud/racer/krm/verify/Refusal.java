package io.unboundedcloud.racer.krm.verify;

import io.unboundedcloud.racer.krm.inputs.DataplaneWiring;
import io.unboundedcloud.racer.krm.inputs.FunctionConfig;
import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.workload.Dataplane;

/**
 * An error of the renderer when verify renders the installation again, pointed at the objects of
 * the stream: the renderer names the renamed copies verify hands it, and the function config verify
 * makes from the images it recorded (or, with no record, from those the DaemonSet runs).
 */
final class Refusal {
  /** The name of the function config verify renders with. */
  static final String CONFIG_NAME = "racer-krm-verify";

  private Refusal() {}

  static Result of(Result error, RenderedDataplane dataplane) {
    ResourceRef resource = error.resource();
    if (isVerifyConfig(resource)) {
      return ofImages(error, dataplane);
    }
    return new Result(
        Severity.ERROR,
        "the function would refuse this installation: " + error.message(),
        refOf(resource, dataplane),
        error.fieldPath(),
        error.currentValue(),
        error.proposedValue());
  }

  /**
   * A warning of the renderer, in its own words (what the function prints about the same
   * installation), pointed at the objects of the stream: at the DaemonSet's record of the images,
   * or what it runs, where the renderer names the function config verify hands it.
   */
  static Result warning(Result warning, RenderedDataplane dataplane) {
    ResourceRef resource = warning.resource();
    boolean images = isVerifyConfig(resource);
    return new Result(
        warning.severity(),
        warning.message(),
        images ? dataplane.daemonSet().ref() : refOf(resource, dataplane),
        images
            ? imageField(warning.fieldPath(), dataplane.recorded() != null, dataplane)
            : warning.fieldPath(),
        warning.currentValue(),
        warning.proposedValue());
  }

  private static boolean isVerifyConfig(ResourceRef resource) {
    return resource != null
        && "ConfigMap".equals(resource.kind())
        && CONFIG_NAME.equals(resource.name());
  }

  /** The images verify renders from are the record on the DaemonSet, or what it runs. */
  private static Result ofImages(Result error, RenderedDataplane dataplane) {
    boolean recorded = dataplane.recorded() != null;
    return new Result(
        Severity.ERROR,
        "the function would refuse the images "
            + (recorded
                ? "recorded on the DaemonSet (annotations "
                    + Dataplane.DATAPLANE_IMAGE_ANNOTATION
                    + " and "
                    + Dataplane.OBJECT_IMAGE_ANNOTATION
                    + ")"
                : "the DaemonSet runs")
            + ", which verify renders again from: "
            + error.message()
            + "; render the stream again from a function config the function accepts",
        dataplane.daemonSet().ref(),
        imageField(error.fieldPath(), recorded, dataplane),
        error.currentValue(),
        error.proposedValue());
  }

  /**
   * The field of the stream that holds the image the renderer refused: it names the config's key of
   * the image, or its registry when an image is missing altogether.
   */
  private static String imageField(
      String configField, boolean recorded, RenderedDataplane dataplane) {
    boolean dataplaneImage =
        ("data." + FunctionConfig.DATAPLANE_IMAGE).equals(configField)
            || !("data." + FunctionConfig.OBJECT_IMAGE).equals(configField)
                && blank(
                    recorded ? dataplane.recorded().dataplaneImage() : dataplane.dataplaneImage());
    if (dataplaneImage) {
      return recorded
          ? annotation(Dataplane.DATAPLANE_IMAGE_ANNOTATION)
          : RenderedDataplane.CONTAINER + ".image";
    }
    return recorded
        ? annotation(Dataplane.OBJECT_IMAGE_ANNOTATION)
        : RenderedDataplane.CONTAINER + ".env[name=" + DataplaneWiring.OBJECT_IMAGE_ENV + "].value";
  }

  private static boolean blank(String image) {
    return image == null || image.isBlank();
  }

  private static String annotation(String key) {
    return "metadata.annotations[\"" + key + "\"]";
  }

  /** The renderer's results name the renamed copies: point them at the objects of the stream. */
  private static ResourceRef refOf(ResourceRef resource, RenderedDataplane dataplane) {
    if (resource == null) {
      return null;
    }
    return switch (resource.kind()) {
      case "ConfigMap" -> dataplane.settings().ref();
      case "DaemonSet" ->
          Dataplane.DATAPLANE_DAEMON_SET_NAME.equals(resource.name())
              ? dataplane.daemonSet().ref()
              : resource;
      default -> resource;
    };
  }
}
