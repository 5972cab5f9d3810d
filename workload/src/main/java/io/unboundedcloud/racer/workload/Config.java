package io.unboundedcloud.racer.workload;

import io.unboundedcloud.racer.workload.shape.ShapeKey;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import io.unboundedcloud.racer.workload.shape.ShapeValues;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The inputs of the dataplane DaemonSet: the {@code Config} of the Racer operator's Go package
 * {@code workload}, v0.19.0.
 *
 * @param namespace the installation namespace; empty or {@code null} renders objects without one
 * @param dataplaneImage the dataplane container image
 * @param objectImage the racer-object sidecar image the webhook injects
 * @param shapes the value of every racer-settings key that shapes the DaemonSet ({@link
 *     ShapeKeys}): the peer port, the diagnostics port (0 selects 9090, or 9091 when the peer port
 *     is 9090), host networking, the NVIDIA mode
 */
public record Config(
    String namespace, String dataplaneImage, String objectImage, ShapeValues shapes) {

  /** The peer port of {@link #defaultConfig}. */
  public static final int DEFAULT_PEER_PORT = ShapeKeys.PEER_PORT.unset();

  /** The diagnostics port when none is set. */
  public static final int DEFAULT_DIAGNOSTICS_PORT = 9090;

  /**
   * The diagnostics port when none is set and the peer port is {@link #DEFAULT_DIAGNOSTICS_PORT}.
   */
  public static final int ALTERNATE_DIAGNOSTICS_PORT = 9091;

  /** Lowest listener port: the dataplane never binds privileged ports. */
  public static final int MIN_PORT = 1024;

  /** Highest listener port. */
  public static final int MAX_PORT = 65535;

  /**
   * The fixed listeners a peer or diagnostics port may not take, by name, in the order they are
   * checked.
   */
  public static final List<Map.Entry<String, Integer>> RESERVED_PORTS =
      List.of(
          Map.entry("control", Dataplane.CONTROL_PORT),
          Map.entry("webhook", Dataplane.WEBHOOK_PORT));

  /*
   * The messages of validate() as format strings whose verbs (%s only, in order) mean the same to
   * Java's String.format and to Go's printf: chart-gen writes them into the chart's validation
   * template, so both deliveries say the same words.
   */

  /** A namespace that is no DNS label; argument: the namespace. */
  public static final String NAMESPACE_MESSAGE =
      "namespace \"%s\" is not a DNS-1123 label (lowercase letters, digits and '-', at most 63"
          + " characters, starting and ending with a letter or digit)";

  /** An image with whitespace; arguments: the field, the image. */
  public static final String WHITESPACE_MESSAGE = "%s \"%s\" contains whitespace";

  /** An image that is no reference; arguments: the field, the image. */
  public static final String IMAGE_MESSAGE =
      "%s \"%s\" is not a valid image reference ([registry/]repository[:tag][@digest], repository"
          + " in lowercase)";

  /** A listener on a reserved port; arguments: the field, the port, the listener, the port. */
  public static final String RESERVED_PORT_MESSAGE =
      "%s %s collides with the %s port %s: every listener port must be distinct";

  /** The diagnostics port on the peer port; arguments: the diagnostics port, the peer port. */
  public static final String COLLISION_MESSAGE =
      "diagnosticsPort %s collides with peerPort %s: every listener port must be distinct";

  /**
   * The managed defaults for a namespace and images (the upstream {@code workload} package's {@code
   * DefaultConfig}).
   */
  public static Config defaultConfig(String namespace, String dataplaneImage, String objectImage) {
    return fromSettings(namespace, dataplaneImage, objectImage, Map.of());
  }

  /**
   * The config for a namespace, images and racer-settings data that passed the settings catalog's
   * checks: every shape key read by its parser, an unset one taking its default. The one place a
   * config is made from settings.
   */
  public static Config fromSettings(
      String namespace, String dataplaneImage, String objectImage, Map<String, String> settings) {
    return new Config(namespace, dataplaneImage, objectImage, ShapeValues.read(settings));
  }

  /** The value of a shape key. */
  public <T> T get(ShapeKey<T> key) {
    return shapes.get(key);
  }

  /** A copy with a shape key set to {@code value}. */
  public <T> Config with(ShapeKey<T> key, T value) {
    return new Config(namespace, dataplaneImage, objectImage, shapes.with(key, value));
  }

  /** The diagnostics port the dataplane listens on, with the default of a 0 port applied. */
  public int effectiveDiagnosticsPort() {
    int diagnosticsPort = get(ShapeKeys.DIAGNOSTICS_PORT);
    if (diagnosticsPort != 0) {
      return diagnosticsPort;
    }
    return get(ShapeKeys.PEER_PORT) == DEFAULT_DIAGNOSTICS_PORT
        ? ALTERNATE_DIAGNOSTICS_PORT
        : DEFAULT_DIAGNOSTICS_PORT;
  }

  /** Whether objects are rendered with a namespace. */
  public boolean hasNamespace() {
    return namespace != null && !namespace.isEmpty();
  }

  /**
   * Checks the namespace, the images and that every listener port is valid and distinct.
   *
   * @return this config, for chaining
   * @throws InvalidConfigurationException naming the first field at fault and its value
   */
  public Config validate() {
    if (hasNamespace() && !DnsLabel.isLabel(namespace)) {
      throw new InvalidConfigurationException(
          "namespace", namespace, message(NAMESPACE_MESSAGE, namespace));
    }
    checkImage("dataplaneImage", dataplaneImage);
    checkImage("objectImage", objectImage);
    checkPort(ShapeKeys.PEER_PORT.component(), get(ShapeKeys.PEER_PORT));
    if (get(ShapeKeys.DIAGNOSTICS_PORT) != 0) {
      checkPort(ShapeKeys.DIAGNOSTICS_PORT.component(), get(ShapeKeys.DIAGNOSTICS_PORT));
    }
    checkDistinct();
    return this;
  }

  private static void checkImage(String field, String image) {
    if (image == null) {
      throw new InvalidConfigurationException(
          field, "null", field + " is not set: set a container image reference");
    }
    if (image.isBlank()) {
      throw new InvalidConfigurationException(
          field, image, field + " \"" + image + "\" is blank: set a container image reference");
    }
    if (image.chars().anyMatch(Character::isWhitespace)) {
      throw new InvalidConfigurationException(
          field, image, message(WHITESPACE_MESSAGE, field, image));
    }
    if (!ImageReference.isValid(image)) {
      throw new InvalidConfigurationException(field, image, message(IMAGE_MESSAGE, field, image));
    }
  }

  private static void checkPort(String field, int port) {
    if (port < MIN_PORT || port > MAX_PORT) {
      throw new InvalidConfigurationException(
          field,
          Integer.toString(port),
          field + " " + port + " is outside " + MIN_PORT + ".." + MAX_PORT);
    }
  }

  private void checkDistinct() {
    int diagnostics = effectiveDiagnosticsPort();
    int peerPort = get(ShapeKeys.PEER_PORT);
    String diagnosticsField = ShapeKeys.DIAGNOSTICS_PORT.component();
    checkNotReserved(ShapeKeys.PEER_PORT.component(), peerPort);
    checkNotReserved(diagnosticsField, diagnostics);
    if (diagnostics == peerPort) {
      throw new InvalidConfigurationException(
          diagnosticsField,
          Integer.toString(diagnostics),
          message(COLLISION_MESSAGE, diagnostics, peerPort));
    }
  }

  private static void checkNotReserved(String field, int port) {
    for (Map.Entry<String, Integer> reserved : RESERVED_PORTS) {
      if (port == reserved.getValue()) {
        throw new InvalidConfigurationException(
            field,
            Integer.toString(port),
            message(RESERVED_PORT_MESSAGE, field, port, reserved.getKey(), port));
      }
    }
  }

  /** {@code format} with each argument as its plain text (no locale). */
  private static String message(String format, Object... arguments) {
    Object[] texts = new Object[arguments.length];
    for (int i = 0; i < arguments.length; i++) {
      texts[i] = String.valueOf(arguments[i]);
    }
    return String.format(Locale.ROOT, format, texts);
  }

  /** A copy in another namespace. */
  public Config withNamespace(String ns) {
    return new Config(ns, dataplaneImage, objectImage, shapes);
  }
}
