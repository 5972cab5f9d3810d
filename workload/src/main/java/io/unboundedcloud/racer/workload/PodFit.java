package io.unboundedcloud.racer.workload;

import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import io.unboundedcloud.racer.workload.shape.ListenerPort;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks of settings and images that are each valid alone against the pod that runs them: what the
 * API server accepts and the node then gets wrong. Each {@link PodFitProblem} is a warning of both
 * deliveries (an error in strict mode):
 *
 * <ul>
 *   <li>{@code RACER_SHUTDOWN_TIMEOUT_MS} longer than the pod's {@code
 *       terminationGracePeriodSeconds}: the kubelet kills the dataplane before it has shut down;
 *   <li>an image tag of another major or minor release than {@link Release#RACER_VERSION}: the
 *       DaemonSet these builders render may not fit it (a patch release fits; a digest alone, or a
 *       tag that is no version, cannot be judged);
 *   <li>on the host network, the peer or diagnostics listener on a port {@link NodeAgentPorts}
 *       lists (the fixed control and webhook ports are on no agent's list).
 * </ul>
 */
public final class PodFit {
  /** The API server's default {@code terminationGracePeriodSeconds}, and the one we render. */
  public static final long DEFAULT_GRACE_PERIOD_SECONDS = 30L;

  /** The dataplane's shutdown deadline key. */
  public static final String SHUTDOWN_TIMEOUT_KEY = "RACER_SHUTDOWN_TIMEOUT_MS";

  /** A tag that names a release: {@code 0.19.3}, {@code v0.19}, {@code 0.19.0-rc.1}. */
  private static final Pattern VERSION_TAG =
      Pattern.compile("v?(\\d+)\\.(\\d+)(?:\\.\\d+)?(?:[-+][0-9A-Za-z.+-]*)?");

  /**
   * Where the function says to raise the grace period: a patch of the DaemonSet (the chart names
   * its value instead).
   */
  public static final String GRACE_PERIOD_FIELD =
      "the DaemonSet's spec.template.spec.terminationGracePeriodSeconds";

  /*
   * The messages as format strings whose verbs (%s, %d, in order) mean the same to Java's
   * String.format and to Go's printf: chart-gen writes them into the chart, so both deliveries say
   * the same words.
   */

  /**
   * The shutdown deadline's message; arguments: the deadline as shown, the grace period twice,
   * where to set the grace period, the grace period that fits, the deadline that fits.
   */
  public static final String SHUTDOWN_MESSAGE =
      SHUTDOWN_TIMEOUT_KEY
          + " is %s ms, longer than the pod's terminationGracePeriodSeconds of %d s: the kubelet"
          + " kills the dataplane %d s after asking it to stop, before it has shut down; set %s to"
          + " at least %d, or "
          + SHUTDOWN_TIMEOUT_KEY
          + " to at most %d";

  /**
   * An image release's message; arguments: which image, the reference, its release, the targeted
   * version, the targeted release, its release again.
   */
  public static final String RELEASE_MESSAGE =
      "the %s image \"%s\" is Racer %s, but this racer-krm renders the DaemonSet of Racer %s: the"
          + " DaemonSet may not fit another minor release (its settings, ports and volumes can"
          + " change between them); use a %s.x tag, or the racer-krm release that targets %s";

  /** How {@link #RELEASE_MESSAGE} names the dataplane image. */
  public static final String DATAPLANE_IMAGE_NAME = "dataplane";

  /** How {@link #RELEASE_MESSAGE} names the racer-object image. */
  public static final String OBJECT_IMAGE_NAME = "racer-object";

  /** A listener's message; arguments: the settings key, the port, the agent holding it. */
  public static final String LISTENER_MESSAGE =
      "%s is %d with "
          + ShapeKeys.HOST_NETWORK.name()
          + "=true: on the node's network that port is commonly held by %s, so either the"
          + " dataplane or that agent cannot listen; choose another port (docs/settings.md lists"
          + " the ports node agents commonly hold)";

  private PodFit() {}

  /** The major and minor release of {@link Release#RACER_VERSION}: {@code 0.19}. */
  public static String targetedRelease() {
    Matcher target = VERSION_TAG.matcher(Release.RACER_VERSION);
    if (!target.matches()) {
      throw new IllegalStateException("not a version: " + Release.RACER_VERSION);
    }
    return target.group(1) + "." + target.group(2);
  }

  /** The pattern of a tag that names a release, as a Go (RE2) and Java regular expression. */
  public static String versionTagPattern() {
    return VERSION_TAG.pattern();
  }

  /**
   * Every problem of a valid config and its valid settings with the pod that runs them, in a fixed
   * order: the shutdown deadline, the images (dataplane, racer-object), the listener ports.
   *
   * @param config a config that passed {@link Config#validate()}
   * @param settings the racer-settings data that passed their own checks
   * @param gracePeriodSeconds the pod's {@code terminationGracePeriodSeconds}, or {@code null} for
   *     the API server's default
   */
  public static List<PodFitProblem> check(
      Config config, Map<String, String> settings, Long gracePeriodSeconds) {
    List<PodFitProblem> problems = new ArrayList<>();
    shutdownDeadline(settings, gracePeriodSeconds).ifPresent(problems::add);
    release("dataplaneImage", config.dataplaneImage()).ifPresent(problems::add);
    release("objectImage", config.objectImage()).ifPresent(problems::add);
    if (config.get(ShapeKeys.HOST_NETWORK)) {
      for (ListenerPort listener : ShapeKeys.listeners()) {
        listener(listener.key().name(), config.port(listener)).ifPresent(problems::add);
      }
    }
    return List.copyOf(problems);
  }

  private static Optional<PodFitProblem> shutdownDeadline(
      Map<String, String> settings, Long gracePeriodSeconds) {
    String value = settings.get(SHUTDOWN_TIMEOUT_KEY);
    String shown = value;
    if (value == null || value.isEmpty()) {
      value = SettingsCatalog.key(SHUTDOWN_TIMEOUT_KEY).map(SettingKey::defaultValue).orElseThrow();
      shown = value + SettingsCatalog.DEFAULT_NOTE;
    }
    long timeoutMillis = Long.parseLong(value);
    long grace = gracePeriodSeconds == null ? DEFAULT_GRACE_PERIOD_SECONDS : gracePeriodSeconds;
    if (timeoutMillis <= grace * 1000L) {
      return Optional.empty();
    }
    long neededSeconds = (timeoutMillis + 999L) / 1000L;
    return Optional.of(
        new PodFitProblem(
            SHUTDOWN_TIMEOUT_KEY,
            value,
            String.format(
                SHUTDOWN_MESSAGE,
                shown,
                grace,
                grace,
                GRACE_PERIOD_FIELD,
                neededSeconds,
                grace * 1000L)));
  }

  private static Optional<PodFitProblem> release(String field, String image) {
    Optional<String> tag = tagOf(image);
    if (tag.isEmpty() || tag.get().length() > ImageGrammar.MAX_TAG_LENGTH) {
      // no tag, or none the grammar allows: the version expression reads at most a tag's length
      return Optional.empty();
    }
    Matcher version = VERSION_TAG.matcher(tag.get());
    if (!version.matches()) {
      return Optional.empty();
    }
    String release = version.group(1) + "." + version.group(2);
    String targeted = targetedRelease();
    if (release.equals(targeted)) {
      return Optional.empty();
    }
    return Optional.of(
        new PodFitProblem(
            field,
            image,
            String.format(
                RELEASE_MESSAGE,
                field.equals("dataplaneImage") ? DATAPLANE_IMAGE_NAME : OBJECT_IMAGE_NAME,
                image,
                release,
                Release.RACER_VERSION,
                targeted,
                release)));
  }

  /**
   * The tag of an image reference: after the last {@code :} of its last path segment, without a
   * digest. Empty when there is none (a digest alone, or no tag at all).
   */
  static Optional<String> tagOf(String image) {
    String name = image;
    int digest = name.indexOf('@');
    if (digest >= 0) {
      name = name.substring(0, digest);
    }
    String last = name.substring(name.lastIndexOf('/') + 1);
    int colon = last.lastIndexOf(':');
    return colon < 0 ? Optional.empty() : Optional.of(last.substring(colon + 1));
  }

  private static Optional<PodFitProblem> listener(String field, int port) {
    return NodeAgentPorts.holderOf(port)
        .map(
            agent ->
                new PodFitProblem(
                    field,
                    Integer.toString(port),
                    String.format(LISTENER_MESSAGE, field, port, agent)));
  }
}
