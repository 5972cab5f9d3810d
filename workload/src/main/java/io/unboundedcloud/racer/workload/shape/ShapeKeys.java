package io.unboundedcloud.racer.workload.shape;

import static io.unboundedcloud.racer.workload.settings.Group.SHAPES_OBJECTS;
import static io.unboundedcloud.racer.workload.shape.ShapedField.Part.DATAPLANE;
import static io.unboundedcloud.racer.workload.shape.ShapedField.Part.POD_METADATA;
import static io.unboundedcloud.racer.workload.shape.ShapedField.Part.POD_SPEC;

import io.unboundedcloud.racer.workload.DataplanePorts;
import io.unboundedcloud.racer.workload.NvidiaInjection;
import io.unboundedcloud.racer.workload.settings.Choice;
import io.unboundedcloud.racer.workload.settings.IntegerRange;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The racer-settings keys that shape the dataplane DaemonSet, in the order of the settings table:
 * each read into {@code Config} by {@code Config.fromSettings}, listed first by the settings
 * catalog, turned by chart-gen into the chart's placeholders, variants and defines, and named by
 * adopt for the fields it says it shapes ({@link ShapedField}). A new shape key is one entry here,
 * with the fields it shapes, and the builder line that uses its value ({@code config.get(KEY)}); a
 * new listener port is one entry and one row of {@link #listeners()}, with no builder line.
 */
public final class ShapeKeys {
  private static final IntegerRange LISTENER_PORT = new IntegerRange(1024, 65535);

  /** The dataplane's ports, which both listener ports shape. */
  private static final ShapedField PORTS =
      new ShapedField(DATAPLANE, "ports", "the dataplane's ports are wiring, rendered from %s");

  private static final String NETWORK = "hostNetwork and dnsPolicy follow %s in racer-settings";

  private static final String NVIDIA_ENV = "the NVIDIA env follows %s";

  /** The peer listener port. */
  public static final ShapeKey<Integer> PEER_PORT =
      new ShapeKey<>(
          new SettingKey(
              "RACER_PEER_PORT",
              "8082",
              "8082",
              LISTENER_PORT,
              SHAPES_OBJECTS,
              "Dataplane peer listener port, also the port published in membership."),
          "peerPort",
          "peer port",
          new ShapeParser.WholeNumber(),
          new ChartPlaceholder.Sentinel("51111"),
          HelmDefine.parsed(
              "racer.peerPort",
              "the peer port: settings.%1$s, or %2$s when unset or empty\n"
                  + "(the catalog's default, as the KRM function reads racer-settings)."),
          List.of(PORTS));

  /** The diagnostics listener port; 0 (unset) lets {@code Config} choose it. */
  public static final ShapeKey<Integer> DIAGNOSTICS_PORT =
      new ShapeKey<>(
          new SettingKey(
              "RACER_DIAGNOSTICS_PORT",
              null,
              "unset: 9090, or 9091 when the peer port is 9090",
              LISTENER_PORT,
              SHAPES_OBJECTS,
              "Dataplane diagnostics listener port (health, readiness, metrics)."),
          "diagnosticsPort",
          "diagnostics port",
          new ShapeParser.WholeNumber(),
          // explicit, so the builders write it as given
          new ChartPlaceholder.Sentinel("51222"),
          HelmDefine.derived("racer.diagnosticsPort", "effectiveDiagnosticsPort"),
          List.of(PORTS));

  /** Whether dataplane pods use the node's network. */
  public static final ShapeKey<Boolean> HOST_NETWORK =
      new ShapeKey<>(
          new SettingKey(
              "RACER_HOST_NETWORK",
              "false",
              "false",
              Choice.of("true", "false"),
              SHAPES_OBJECTS,
              "Run the dataplane on the host network; RDMA does not imply it."),
          "hostNetwork",
          "host network",
          new ShapeParser.Flag(),
          new ChartPlaceholder.Variants(),
          HelmDefine.parsed(
              "racer.hostNetwork",
              "\"true\" when settings.%1$s is exactly \"true\", else \"false\" (as the KRM function\n"
                  + "reads it)."),
          List.of(
              new ShapedField(POD_SPEC, "hostNetwork", NETWORK),
              new ShapedField(POD_SPEC, "dnsPolicy", NETWORK)));

  /** How NVIDIA GPUs reach the dataplane. */
  public static final ShapeKey<NvidiaInjection> NVIDIA =
      new ShapeKey<>(
          new SettingKey(
              "RACER_NVIDIA",
              "env",
              "env",
              new Choice(List.of("off", "env", "cdi"), true),
              SHAPES_OBJECTS,
              "How NVIDIA GPUs reach the dataplane: not at all, through NVIDIA_* environment, or through CDI."),
          "nvidia",
          "NVIDIA mode",
          new ShapeParser.Mode<>(
              Arrays.asList(NvidiaInjection.values()),
              NvidiaInjection::value,
              NvidiaInjection::parse),
          new ChartPlaceholder.Variants(),
          HelmDefine.parsed(
              "racer.nvidia",
              "the NVIDIA mode (NvidiaInjection.parse): settings.%1$s, or \"%2$s\" when unset or"
                  + " empty."),
          List.of(
              new ShapedField(
                  POD_METADATA,
                  "annotations[\"" + NvidiaInjection.CDI_ANNOTATION + "\"]",
                  "the CDI request follows %s in racer-settings (mode cdi adds it, the other modes"
                      + " remove it)"),
              // open-ended, as the names' prefixes: NVIDIA_VISIBLE_DEVICES_X is the mode's too
              new ShapedField(
                  DATAPLANE, "env[name=" + NvidiaInjection.ENV_NAMES.get(0), NVIDIA_ENV),
              new ShapedField(
                  DATAPLANE, "env[name=" + NvidiaInjection.ENV_NAMES.get(1), NVIDIA_ENV)));

  private static final List<ShapeKey<?>> ALL =
      List.of(PEER_PORT, DIAGNOSTICS_PORT, HOST_NETWORK, NVIDIA);

  /** The peer listener: the peer port always holds it. */
  private static final ListenerPort PEER_LISTENER =
      new ListenerPort(PEER_PORT, DataplanePorts.PEER, null);

  /**
   * The diagnostics listener: an unset diagnostics port listens on 9090, or on 9091 when the peer
   * listener is on 9090 (the Go package's {@code Config} does the same).
   */
  public static final ListenerPort DIAGNOSTICS_LISTENER =
      new ListenerPort(
          DIAGNOSTICS_PORT,
          DataplanePorts.DIAGNOSTICS,
          new ListenerPort.UnsetPort(PEER_LISTENER, 9090, 9091));

  private static final List<ListenerPort> LISTENERS = List.of(PEER_LISTENER, DIAGNOSTICS_LISTENER);

  private ShapeKeys() {}

  /** Every shape key, in the order of the settings table. */
  public static List<ShapeKey<?>> all() {
    return ALL;
  }

  /**
   * The shape keys that set a port the dataplane listens on, in the order of the container's ports:
   * each one gets a port and a listen variable, and every check of a listener port runs over them.
   */
  public static List<ListenerPort> listeners() {
    return LISTENERS;
  }

  /** Every shape key's name in words, in table order: {@code A, B and C}. */
  public static String inWords() {
    return inWords(ALL);
  }

  /** The keys' names in words, in their order: {@code A}, {@code A and B}, {@code A, B and C}. */
  public static String inWords(List<ShapeKey<?>> keys) {
    List<String> names = keys.stream().map(ShapeKey::name).toList();
    if (names.size() == 1) {
      return names.get(0);
    }
    return String.join(", ", names.subList(0, names.size() - 1))
        + " and "
        + names.get(names.size() - 1);
  }

  /**
   * Every field the shape keys shape, in table order of the first key that shapes it, with the keys
   * that shape it in table order.
   */
  public static Map<ShapedField, List<ShapeKey<?>>> shapedFields() {
    return shapedFields(ALL);
  }

  /**
   * The fields {@code keys} shape, each with the keys that shape it.
   *
   * @throws IllegalStateException where two keys shape one field for different reasons: adopt gives
   *     a field one reason, which names every key that shapes it
   */
  static Map<ShapedField, List<ShapeKey<?>>> shapedFields(List<ShapeKey<?>> keys) {
    Map<ShapedField, List<ShapeKey<?>>> fields = new LinkedHashMap<>();
    for (ShapeKey<?> key : keys) {
      for (ShapedField field : key.shapes()) {
        for (ShapedField other : fields.keySet()) {
          if (other.part() == field.part()
              && other.path().equals(field.path())
              && !other.reason().equals(field.reason())) {
            throw new IllegalStateException(
                key.name()
                    + " shapes "
                    + field.part()
                    + " "
                    + field.path()
                    + " for another reason than "
                    + ShapeKeys.inWords(fields.get(other))
                    + ": give the field one reason");
          }
        }
        fields.computeIfAbsent(field, any -> new ArrayList<>()).add(key);
      }
    }
    return fields;
  }

  /** The shape key that sets the {@code Config} component {@code component}, if one does. */
  public static Optional<ShapeKey<?>> ofComponent(String component) {
    return ALL.stream().filter(key -> key.component().equals(component)).findFirst();
  }
}
