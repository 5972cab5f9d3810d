package io.unboundedcloud.racer.krm.parameters;

import io.unboundedcloud.racer.workload.ImageReference;

/**
 * One entry of the function config's {@code allowedRegistries}: a registry ({@code
 * mirror.example.com}, {@code mirror.example.com:5000}) or a repository prefix ({@code
 * mirror.example.com/racer}). It covers an image whose repository name (the reference without tag
 * and digest) is the prefix itself or lies under it at a {@code /} boundary: {@code
 * mirror.example.com/racer} covers {@code mirror.example.com/racer/eu/racer-dataplane}, never
 * {@code mirror.example.com/racerevil/...}, {@code mirror.example.com.evil.io/racer/...} nor {@code
 * mirror.example.com:5000/racer/...}. Names are compared as written: no registry is implied ({@code
 * docker.io} is not added to {@code racer/x}) and no case is folded.
 *
 * @param prefix the registry or repository prefix, without a trailing {@code /}
 */
record RegistryPrefix(String prefix) {
  /** The entry as written (spaces around it and one trailing {@code /} dropped), or null. */
  static RegistryPrefix parse(String entry) {
    String stripped = entry.strip();
    if (!ImageReference.isRegistry(stripped)) { // a registry, a repository path, or both
      return null;
    }
    return new RegistryPrefix(
        stripped.endsWith("/") ? stripped.substring(0, stripped.length() - 1) : stripped);
  }

  /**
   * Whether the image reference {@code image} (a valid one) lies under this prefix. A name without
   * a {@code /} names no registry ({@code mirror.example.com:1.0} is Docker Hub's {@code
   * library/mirror.example.com}), so it is never under an entry, even one written the same.
   */
  boolean covers(String image) {
    String name = repositoryName(image);
    return name.startsWith(prefix + "/") || (name.equals(prefix) && name.indexOf('/') >= 0);
  }

  /**
   * The repository name of a valid image reference: without its digest, and without its tag (a
   * {@code :} after the last {@code /}; one before it is a registry's port).
   */
  static String repositoryName(String image) {
    int at = image.indexOf('@');
    String name = at < 0 ? image : image.substring(0, at);
    int colon = name.lastIndexOf(':');
    return colon > name.lastIndexOf('/') ? name.substring(0, colon) : name;
  }

  /**
   * Whether a valid image reference pins nothing: no digest, and no tag or the tag {@code latest}.
   */
  static boolean isUnpinned(String image) {
    if (image.indexOf('@') >= 0) {
      return false;
    }
    String name = repositoryName(image);
    return name.length() == image.length() || image.substring(name.length()).equals(":latest");
  }
}
