package io.unboundedcloud.racer.workload;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A cache origin: a user workload that must run on every node that serves a cache, one per cache
 * volume per node, serving the dataplane through a socket under {@code /run/racer/<volume>/origin}.
 * Marked with {@link #LABEL} (value: the volume), it receives the dataplane's {@link NodePlacement}
 * at render time.
 */
public final class CacheOrigin {
  /** Marks a workload as a cache origin; the value names its cache volume. */
  public static final String LABEL = "racer.unbounded-cloud.io/cache-origin";

  /** The dataplane's socket directory on the node; an origin mounts only its own subdirectory. */
  public static final String SOCKET_ROOT = "/run/racer";

  /** The name of the origin container and of its socket volume. */
  public static final String CONTAINER_NAME = "origin";

  /** The name of the origin socket volume. */
  public static final String SOCKET_VOLUME = "origin-socket";

  /**
   * A name or volume that is no DNS label; arguments: the field, the value. A format whose verbs
   * mean the same to Java and Go's printf: the chart's templates say the same words.
   */
  public static final String LABEL_MESSAGE = "cache origin %s \"%s\" is not " + DnsLabel.RULE;

  /** An image that is no reference; arguments: the origin's name, the image. */
  public static final String IMAGE_MESSAGE =
      "cache origin %s: image \"%s\" is not a valid image reference ([registry/]repository[:tag]"
          + "[@digest], repository in lowercase)";

  private CacheOrigin() {}

  /**
   * What an origin DaemonSet is made of.
   *
   * @param name the DaemonSet's name
   * @param namespace its namespace, or empty for none
   * @param volume the cache volume it serves (a DNS-1123 label)
   * @param image its container image
   * @param args its container arguments (may be empty)
   * @param env its container env (may be empty)
   * @param resources its container resources ({@code null} for none)
   */
  public record Spec(
      String name,
      String namespace,
      String volume,
      String image,
      List<String> args,
      List<EnvVar> env,
      ResourceRequirements resources) {
    public Spec {
      args = args == null ? List.of() : List.copyOf(args);
      env = env == null ? List.of() : List.copyOf(env);
    }
  }

  /** The socket directory of a cache volume's origin on the node. */
  public static String socketDirectory(String volume) {
    return SOCKET_ROOT + "/" + volume + "/origin";
  }

  /** The selector labels of an origin's pods. */
  public static Map<String, String> selectorLabels(Spec spec) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(Dataplane.NAME_LABEL, spec.name());
    labels.put(LABEL, spec.volume());
    return labels;
  }

  /**
   * Builds an origin DaemonSet without placement: the renderer copies the dataplane's onto it.
   *
   * @throws InvalidConfigurationException for a name or volume that is not a DNS-1123 label, or no
   *     image
   */
  public static DaemonSet daemonSet(Spec spec) {
    requireLabel("name", spec.name());
    requireLabel("volume", spec.volume());
    if (spec.image() == null || spec.image().isBlank() || !ImageReference.isValid(spec.image())) {
      throw new InvalidConfigurationException(
          "image",
          String.valueOf(spec.image()),
          String.format(Locale.ROOT, IMAGE_MESSAGE, spec.name(), spec.image()));
    }
    String directory = socketDirectory(spec.volume());
    return new DaemonSetBuilder()
        .withNewMetadata()
        .withName(spec.name())
        .withNamespace(
            spec.namespace() == null || spec.namespace().isEmpty() ? null : spec.namespace())
        .withLabels(selectorLabels(spec))
        .endMetadata()
        .withNewSpec()
        .withNewSelector()
        .withMatchLabels(selectorLabels(spec))
        .endSelector()
        .withUpdateStrategy(DataplaneDaemonSet.oneNodeAtATime())
        .withNewTemplate()
        .withNewMetadata()
        .withLabels(selectorLabels(spec))
        .endMetadata()
        .withNewSpec()
        .withNewSecurityContext()
        .withRunAsUser(0L)
        .endSecurityContext()
        .addNewContainer()
        .withName(CONTAINER_NAME)
        .withImage(spec.image())
        .withArgs(spec.args().isEmpty() ? null : spec.args())
        .withEnv(spec.env().isEmpty() ? null : spec.env())
        .withResources(spec.resources())
        .addNewVolumeMount()
        .withName(SOCKET_VOLUME)
        .withMountPath(directory)
        .endVolumeMount()
        .endContainer()
        .addNewVolume()
        .withName(SOCKET_VOLUME)
        .withNewHostPath()
        .withPath(directory)
        .withType("DirectoryOrCreate")
        .endHostPath()
        .endVolume()
        .endSpec()
        .endTemplate()
        .endSpec()
        .build();
  }

  private static void requireLabel(String field, String value) {
    if (!DnsLabel.isLabel(value)) {
      throw new InvalidConfigurationException(
          field, String.valueOf(value), String.format(Locale.ROOT, LABEL_MESSAGE, field, value));
    }
  }
}
