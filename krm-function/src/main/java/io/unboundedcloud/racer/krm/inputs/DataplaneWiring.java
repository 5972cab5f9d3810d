package io.unboundedcloud.racer.krm.inputs;

import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.DataplanePaths;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import io.unboundedcloud.racer.workload.shape.ShapedField;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * How a DaemonSet, as a plain tree, wires the dataplane: its container, the images it runs and the
 * settings ConfigMap it reads. The one place that knows where each sits:
 *
 * <pre>
 * spec.template.spec.containers[name=dataplane].image
 * spec.template.spec.containers[name=dataplane].env[name=RACER_OBJECT_IMAGE].value
 * spec.template.spec.containers[name=dataplane].envFrom[*].configMapRef.name   (racer-settings last)
 * </pre>
 *
 * <p>The function puts racer-settings last among the container's environment sources, so that its
 * keys win over a user's ConfigMap or Secret: the settings are the last ConfigMap named there.
 */
public final class DataplaneWiring {
  /** The pod template, in a DaemonSet. */
  public static final FieldPath TEMPLATE = FieldPath.of(DataplanePaths.POD_TEMPLATE);

  /** The pod spec, in a DaemonSet. */
  public static final FieldPath POD = FieldPath.of(DataplanePaths.POD_SPEC);

  /** The pod's containers, in a DaemonSet. */
  public static final FieldPath CONTAINERS = FieldPath.of(DataplanePaths.CONTAINERS);

  private static final String[] CONTAINERS_KEYS = DataplanePaths.CONTAINERS.split("\\.");

  /** The dataplane container, in a DaemonSet. */
  public static final FieldPath CONTAINER = CONTAINERS.named(Dataplane.CONTAINER_NAME);

  /** A container's field that lists its environment sources (ConfigMaps, Secrets). */
  public static final String ENV_SOURCES = "envFrom";

  /** The dataplane container's environment sources, racer-settings last. */
  public static final FieldPath ENV_FROM = CONTAINER.key(ENV_SOURCES);

  /** The env var that hands the webhook the racer-object image. */
  public static final String OBJECT_IMAGE_ENV = "RACER_OBJECT_IMAGE";

  /**
   * The fields of the dataplane's pod template that the function renders from racer-settings,
   * besides the settings-hash: the fields the shape keys shape ({@link ShapeKeys#shapedFields}: the
   * CDI request, the ports, the host network and DNS policy, each a new key's too), then the env
   * (listener ports, NVIDIA), the environment sources (racer-settings itself) and the NVIDIA
   * mounts; a field under another of them is left out. adopt says why it renders each so; diff lays
   * a difference there, in any workload, at the settings' door when they changed.
   */
  public static final List<FieldPath> SETTINGS_SHAPED = settingsShaped();

  /** Where {@code part} of the dataplane's pod template sits, in a DaemonSet. */
  public static FieldPath at(ShapedField.Part part) {
    return switch (part) {
      case POD_METADATA -> FieldPath.of(DataplanePaths.POD_METADATA);
      case POD_SPEC -> POD;
      case DATAPLANE -> CONTAINER;
    };
  }

  /**
   * Where {@code field} sits in a DaemonSet, read from its printed path ({@link FieldPath#then});
   * an unclosed {@code [name=NAME}, which stands for the names that start so, stays that pattern
   * ({@link FieldPath#namedFrom}), never the one item named {@code NAME}.
   */
  public static FieldPath at(ShapedField field) {
    try {
      return at(field.part()).then(field.path());
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new IllegalArgumentException("shaped field " + field.path() + ": " + e.getMessage(), e);
    }
  }

  private static List<FieldPath> settingsShaped() {
    List<FieldPath> fields = new ArrayList<>();
    ShapeKeys.shapedFields().keySet().forEach(field -> fields.add(at(field)));
    fields.addAll(
        List.of(CONTAINER.key("env"), ENV_FROM, CONTAINER.key("volumeMounts"), POD.key("volumes")));
    return fields.stream()
        .filter(
            field -> fields.stream().noneMatch(other -> other != field && field.startsWith(other)))
        .distinct()
        .toList();
  }

  private final Map<String, Object> container;

  /**
   * The dataplane container's YAML, for an item's wiring (how its values were written), or null.
   */
  private final MappingNode containerNode;

  private DataplaneWiring(Map<String, Object> container, MappingNode containerNode) {
    this.container = container;
    this.containerNode = containerNode;
  }

  /** The wiring of a DaemonSet as a plain tree (read in place: {@link #nameSettings} edits it). */
  public static DataplaneWiring of(Map<String, Object> daemonSet) {
    return new DataplaneWiring(PlainTrees.asMap(CONTAINER.valueIn(daemonSet)), null);
  }

  /**
   * The wiring of a DaemonSet item: its dataplane container only, found in the YAML and copied (the
   * rest of its tree is not read, and renders and verifies have usually read the item whole
   * already). The first container named as {@link #CONTAINER} names it, as for a plain tree.
   */
  public static DataplaneWiring of(Item daemonSet) {
    if (Nodes.get(daemonSet.node(), CONTAINERS_KEYS) instanceof SequenceNode containers) {
      for (Node each : containers.getValue()) {
        if (each instanceof MappingNode node
            && Dataplane.CONTAINER_NAME.equals(Nodes.getText(node, "name"))) {
          return new DataplaneWiring(PlainTrees.asMap(Nodes.toPlain(node)), node);
        }
      }
    }
    return new DataplaneWiring(null, null);
  }

  /** The dataplane container, or {@code null} when the DaemonSet has none. */
  public Map<String, Object> container() {
    return container;
  }

  /** The dataplane image, or {@code null}. */
  public String image() {
    return container != null && container.get("image") instanceof String image ? image : null;
  }

  /**
   * The dataplane image as the item's YAML writes it, also where it reads as no string ({@code
   * image: 1.50} gives {@code "1.50"}), or {@code null}: what a message names. A plain tree's
   * wiring gives {@link #image()}.
   */
  public String writtenImage() {
    return containerNode == null ? image() : Nodes.getText(containerNode, "image");
  }

  /**
   * The racer-object image as the item's YAML writes it: the first {@link #OBJECT_IMAGE_ENV} with a
   * value, whatever it reads as ({@code value: 2.0} gives {@code "2.0"}), or {@code null}. A plain
   * tree's wiring gives {@link #objectImage()}.
   */
  public String writtenObjectImage() {
    if (containerNode == null) {
      return objectImage();
    }
    if (Nodes.get(containerNode, "env") instanceof SequenceNode env) {
      for (Node entry : env.getValue()) {
        if (entry instanceof MappingNode variable
            && OBJECT_IMAGE_ENV.equals(Nodes.getText(variable, "name"))
            && Nodes.getText(variable, "value") != null) {
          return Nodes.getText(variable, "value");
        }
      }
    }
    return null;
  }

  /**
   * The racer-object image as the function renders it: the first {@link #OBJECT_IMAGE_ENV} with a
   * value, or {@code null}.
   */
  public String objectImage() {
    return objectImage(false);
  }

  /**
   * The racer-object image a running pod gets: the last {@link #OBJECT_IMAGE_ENV} with a value
   * (where a name repeats, the kubelet hands the container the last), or {@code null}. Differs from
   * {@link #objectImage()} only where someone repeated the variable; adopt pins what runs.
   */
  public String runningObjectImage() {
    return objectImage(true);
  }

  private String objectImage(boolean last) {
    String found = null;
    if (container != null && container.get("env") instanceof List<?> env) {
      for (Object entry : env) {
        if (entry instanceof Map<?, ?> variable
            && OBJECT_IMAGE_ENV.equals(variable.get("name"))
            && variable.get("value") instanceof String value) {
          if (!last) {
            return value;
          }
          found = value;
        }
      }
    }
    return found;
  }

  /** The name of the settings ConfigMap: the last one the container reads, or {@code null}. */
  public String settingsName() {
    String name = null;
    for (Map<String, Object> ref : configMapRefs(container)) {
      name = (String) ref.get("name");
    }
    return name;
  }

  /**
   * Makes the container read ConfigMap {@code name} wherever it reads {@code was} (a build renamed
   * racer-settings: the function's own name puts it back).
   */
  public void nameSettings(String was, String name) {
    for (Map<String, Object> ref : configMapRefs(container)) {
      if (was.equals(ref.get("name"))) {
        ref.put("name", name);
      }
    }
  }

  /**
   * The ConfigMaps any pod's containers read their environment from, init containers first, in
   * order, each once: the settings of a workload (racer-settings last for the dataplane).
   */
  public static List<String> configMapsRead(Map<String, Object> podSpec) {
    List<String> names = new ArrayList<>();
    for (String field : List.of("initContainers", "containers")) {
      if (podSpec.get(field) instanceof List<?> containers) {
        for (Object container : containers) {
          for (Map<String, Object> ref : configMapRefs(PlainTrees.asMap(container))) {
            if (!names.contains((String) ref.get("name"))) {
              names.add((String) ref.get("name"));
            }
          }
        }
      }
    }
    return names;
  }

  /** A container's {@code configMapRef}s that name a ConfigMap, in order. */
  private static List<Map<String, Object>> configMapRefs(Map<String, Object> container) {
    List<Map<String, Object>> refs = new ArrayList<>();
    if (container != null && container.get(ENV_SOURCES) instanceof List<?> sources) {
      for (Object source : sources) {
        Map<String, Object> ref =
            source instanceof Map<?, ?> entry ? PlainTrees.asMap(entry.get("configMapRef")) : null;
        if (ref != null && ref.get("name") instanceof String) {
          refs.add(ref);
        }
      }
    }
    return refs;
  }
}
