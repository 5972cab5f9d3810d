package io.unboundedcloud.racer.krm.render;

import io.unboundedcloud.racer.workload.Release;

/**
 * The dataplane image and the racer-object image (the webhook's {@code RACER_OBJECT_IMAGE}) as a
 * pair. From {@code imageRegistry} and {@code imageTag} the function renders both under one
 * registry with one tag; kustomize's {@code images:} changes only the container's image, never the
 * env. So a pair under the default repository names that differs in registry or tag had one of them
 * changed after a function ran, while a pair that agrees was rendered together (by this function
 * config or an earlier one). Images set in full under other repository names cannot be judged.
 */
public final class ImagePair {
  private ImagePair() {}

  /** Whether both images carry the repository names the function gives them under a registry. */
  public static boolean judgeable(String dataplaneImage, String objectImage) {
    return Release.DATAPLANE_REPOSITORY.equals(Reference.of(dataplaneImage).repository())
        && Release.OBJECT_REPOSITORY.equals(Reference.of(objectImage).repository());
  }

  /**
   * Whether a {@link #judgeable} pair is one registry and one tag, as a function renders it (a
   * missing tag agrees with any; digests are left out, since two images of one release differ
   * there).
   */
  public static boolean ofOneRelease(String dataplaneImage, String objectImage) {
    Reference ours = Reference.of(dataplaneImage);
    Reference object = Reference.of(objectImage);
    boolean sameTag = ours.tag() == null || object.tag() == null || ours.tag().equals(object.tag());
    return ours.registry().equals(object.registry()) && sameTag;
  }

  /**
   * An image reference taken apart as far as the pair needs: the registry and path before the
   * repository's last component, that component, and the tag.
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
