package io.unboundedcloud.racer.krm.verify;

import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.workload.Release;

/**
 * Whether the dataplane image and the racer-object image the webhook injects are of one release:
 * from {@code imageRegistry} and {@code imageTag} the function renders both under one registry with
 * one tag, so a pair that differs there had one of them changed after it ran (kustomize's {@code
 * images:} changes the container's image, never the env). Images set in full under other repository
 * names ({@code dataplaneImage}, {@code objectImage}) are the user's pair and are not judged.
 */
final class ImageRelease {
  private ImageRelease() {}

  /** A drift result when the pair is not one release, else {@code null}. */
  static Result check(RenderedDataplane dataplane) {
    Reference ours = Reference.of(dataplane.dataplaneImage());
    Reference object = Reference.of(dataplane.objectImage());
    if (!Release.DATAPLANE_REPOSITORY.equals(ours.repository())
        || !Release.OBJECT_REPOSITORY.equals(object.repository())) {
      return null;
    }
    boolean sameRegistry = ours.registry().equals(object.registry());
    boolean sameTag = ours.tag() == null || object.tag() == null || ours.tag().equals(object.tag());
    if (sameRegistry && sameTag) {
      return null;
    }
    return Result.of(
            Severity.ERROR,
            "drift: the dataplane container runs "
                + dataplane.dataplaneImage()
                + " while "
                + RenderedDataplane.OBJECT_IMAGE_ENV
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

  /**
   * An image reference taken apart as far as this check needs: the registry and path before the
   * repository's last component, that component, and the tag (digests are left out: two images of
   * one release have different digests).
   */
  private record Reference(String registry, String repository, String tag) {
    static Reference of(String image) {
      int at = image.indexOf('@');
      String name = at < 0 ? image : image.substring(0, at);
      int slash = name.lastIndexOf('/');
      int colon = name.lastIndexOf(':');
      String tag = colon > slash ? name.substring(colon + 1) : null;
      String repositoryPath = colon > slash ? name.substring(0, colon) : name;
      return new Reference(
          slash < 0 ? "" : repositoryPath.substring(0, slash),
          repositoryPath.substring(slash + 1),
          tag);
    }
  }
}
