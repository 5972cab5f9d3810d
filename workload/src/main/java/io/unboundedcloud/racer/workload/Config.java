package io.unboundedcloud.racer.workload;

import io.unboundedcloud.racer.workload.shape.ListenerPort;
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
 *     ShapeKeys}); the listener ports among them as {@link #port(ListenerPort)} gives them
 */
public record Config(
    String namespace, String dataplaneImage, String objectImage, ShapeValues shapes) {

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
  public static final String NAMESPACE_MESSAGE = "namespace \"%s\" is not " + DnsLabel.RULE;

  /** An image with whitespace; arguments: the field, the image. */
  public static final String WHITESPACE_MESSAGE = "%s \"%s\" contains whitespace";

  /** An image that is no reference; arguments: the field, the image. */
  public static final String IMAGE_MESSAGE =
      "%s \"%s\" is not a valid image reference ([registry/]repository[:tag][@digest], repository"
          + " in lowercase)";

  /** A listener on a reserved port; arguments: the field, the port, the listener, the port. */
  public static final String RESERVED_PORT_MESSAGE =
      "%s %s collides with the %s port %s: every listener port must be distinct";

  /**
   * Two listeners on one port; arguments: the later listener's field and port, the earlier one's
   * field and port.
   */
  public static final String COLLISION_MESSAGE =
      "%s %s collides with %s %s: every listener port must be distinct";

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

  /** The port the dataplane listens on for a listener, with the choice of an unset one applied. */
  public int port(ListenerPort listener) {
    return listener.port(shapes);
  }

  /** The diagnostics port the dataplane listens on, with the default of a 0 port applied. */
  public int effectiveDiagnosticsPort() {
    return port(ShapeKeys.DIAGNOSTICS_LISTENER);
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
    for (ListenerPort listener : ShapeKeys.listeners()) {
      int value = get(listener.key());
      if (!listener.leftUnset(value)) {
        checkPort(listener.key().component(), value);
      }
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

  /**
   * Every listener off the fixed ports, in table order, then apart from each earlier one: a
   * collision is the later listener's fault.
   */
  private void checkDistinct() {
    List<ListenerPort> listeners = ShapeKeys.listeners();
    for (ListenerPort listener : listeners) {
      checkNotReserved(listener.key().component(), port(listener));
    }
    for (int later = 1; later < listeners.size(); later++) {
      ListenerPort listener = listeners.get(later);
      int port = port(listener);
      for (ListenerPort earlier : listeners.subList(0, later)) {
        if (port(earlier) == port) {
          String field = listener.key().component();
          throw new InvalidConfigurationException(
              field,
              Integer.toString(port),
              message(COLLISION_MESSAGE, field, port, earlier.key().component(), port));
        }
      }
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
