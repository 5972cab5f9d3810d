package io.unboundedcloud.racer.krm.verify;

import io.unboundedcloud.racer.krm.inputs.DataplaneWiring;
import io.unboundedcloud.racer.krm.render.ImagePair;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;

/**
 * Whether the dataplane image and the racer-object image the webhook injects are of one release
 * ({@link ImagePair}): a pair that differs had one of them changed after the function ran. Images
 * set in full under other repository names are the user's pair and are not judged.
 */
final class ImageRelease {
  private ImageRelease() {}

  /** A drift result when the pair is not one release, else {@code null}. */
  static Result check(RenderedDataplane dataplane) {
    if (!ImagePair.judgeable(dataplane.dataplaneImage(), dataplane.objectImage())
        || ImagePair.ofOneRelease(dataplane.dataplaneImage(), dataplane.objectImage())) {
      return null;
    }
    return Result.of(
            Severity.ERROR,
            "drift: the dataplane container runs "
                + dataplane.dataplaneImage()
                + " while "
                + DataplaneWiring.OBJECT_IMAGE_ENV
                + " is "
                + dataplane.objectImage()
                + ": the function renders both from one registry and tag, so one was changed"
                + " after it ran (kustomize's images: changes only the container's image); set"
                + " imageRegistry and imageTag (or dataplaneImage and objectImage) in the function"
                + " config instead of images:, and "
                + Drift.LIST_THE_FUNCTION,
            dataplane.daemonSet().ref(),
            RenderedDataplane.CONTAINER + ".image")
        .withCurrentValue(dataplane.dataplaneImage());
  }
}
