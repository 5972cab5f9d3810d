package io.unboundedcloud.racer.krm.properties;

import io.unboundedcloud.racer.krm.properties.ResourceListGenerator.Key;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A field of a user's object that the function reads or edits, where {@link NullValuesTest} puts a
 * null or an empty value: its object, its path ({@code spec.template.spec.containers[name=origin]
 * .env}: keys, list indexes, list entries by name) and the type of its value.
 *
 * @param item the object: the racer DaemonSet or the cache origin
 * @param path the field's path in it
 * @param shape the type of its value
 */
record NullableField(Key item, String path, Shape shape) {
  static final Key DATAPLANE = new Key("DaemonSet", "racer", "racer");
  static final Key ORIGIN = new Key("DaemonSet", "ml", "weights-origin");

  /** The type of a field's value: what its empty value is, and whether it may gain entries. */
  enum Shape {
    /** An object or a map: empty is {@code {}}. */
    MAPPING,
    /** A list of objects: empty is {@code []}; an entry may be null. */
    OBJECTS,
    /** A list of strings: empty is {@code []}. */
    STRINGS,
    /** A string or an integer: empty is {@code ""}. */
    SCALAR
  }

  /** What the property puts at a field. */
  enum Value {
    /** The field left out: the reference. */
    ABSENT,
    /** {@code null}, {@code ~} or nothing after the key. */
    NULL,
    /** {@code {}}, {@code []} or {@code ""}, by the field's shape. */
    EMPTY,
    /** One more entry, null, at the end of a list of objects. */
    NULL_ENTRY
  }

  private static final String DATAPLANE_POD = "spec.template.spec.";
  private static final String ORIGIN_POD = "spec.template.spec.";

  static final List<NullableField> ALL = all();

  private static List<NullableField> all() {
    List<NullableField> fields = new ArrayList<>();
    // the racer DaemonSet, as a user patched it (patchAsAUserWould)
    common(fields, DATAPLANE, DATAPLANE_POD);
    add(fields, DATAPLANE, "spec.updateStrategy", Shape.MAPPING);
    add(fields, DATAPLANE, "spec.updateStrategy.rollingUpdate", Shape.MAPPING);
    add(fields, DATAPLANE, "spec.template.metadata", Shape.MAPPING);
    String required =
        DATAPLANE_POD + "affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution";
    add(fields, DATAPLANE, required, Shape.MAPPING);
    add(fields, DATAPLANE, required + ".nodeSelectorTerms", Shape.OBJECTS);
    add(fields, DATAPLANE, required + ".nodeSelectorTerms[0].matchExpressions", Shape.OBJECTS);
    add(
        fields,
        DATAPLANE,
        DATAPLANE_POD + "affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution",
        Shape.OBJECTS);
    add(fields, DATAPLANE, DATAPLANE_POD + "imagePullSecrets", Shape.OBJECTS);
    for (String container : List.of("dataplane", "sidecar")) {
      container(fields, DATAPLANE, DATAPLANE_POD + "containers[name=" + container + "]");
    }
    String dataplane = DATAPLANE_POD + "containers[name=dataplane]";
    add(fields, DATAPLANE, dataplane + ".resources.requests", Shape.MAPPING);
    add(fields, DATAPLANE, dataplane + ".readinessProbe", Shape.MAPPING);
    // the cache origin
    common(fields, ORIGIN, ORIGIN_POD);
    add(fields, ORIGIN, "spec.updateStrategy.rollingUpdate.maxSurge", Shape.SCALAR);
    add(
        fields,
        ORIGIN,
        ORIGIN_POD
            + "affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution"
            + ".nodeSelectorTerms",
        Shape.OBJECTS);
    container(fields, ORIGIN, ORIGIN_POD + "containers[name=origin]");
    return List.copyOf(fields);
  }

  /** The fields both objects have: metadata, placement, pod-level lists. */
  private static void common(List<NullableField> fields, Key item, String pod) {
    add(fields, item, "metadata.labels", Shape.MAPPING);
    add(fields, item, "metadata.annotations", Shape.MAPPING);
    add(fields, item, "spec.template.metadata.labels", Shape.MAPPING);
    add(fields, item, "spec.template.metadata.annotations", Shape.MAPPING);
    add(fields, item, pod + "nodeSelector", Shape.MAPPING);
    add(fields, item, pod + "affinity", Shape.MAPPING);
    add(fields, item, pod + "affinity.nodeAffinity", Shape.MAPPING);
    add(fields, item, pod + "affinity.podAntiAffinity", Shape.MAPPING);
    add(fields, item, pod + "tolerations", Shape.OBJECTS);
    add(fields, item, pod + "securityContext", Shape.MAPPING);
    add(fields, item, pod + "volumes", Shape.OBJECTS);
    add(fields, item, pod + "containers", Shape.OBJECTS);
  }

  private static void container(List<NullableField> fields, Key item, String container) {
    for (String list : List.of("env", "envFrom", "ports", "volumeMounts")) {
      add(fields, item, container + "." + list, Shape.OBJECTS);
    }
    add(fields, item, container + ".args", Shape.STRINGS);
    add(fields, item, container + ".resources", Shape.MAPPING);
    add(fields, item, container + ".securityContext", Shape.MAPPING);
  }

  private static void add(List<NullableField> fields, Key item, String path, Shape shape) {
    fields.add(new NullableField(item, path, shape));
  }

  /** The values that must render as {@link Value#ABSENT} does. */
  List<Value> values() {
    return List.of(Value.NULL, Value.EMPTY);
  }

  boolean isListOfObjects() {
    return shape == Shape.OBJECTS;
  }

  /**
   * Puts a value at this field of a plain tree (which holds the field).
   *
   * @param nullMark the string that stands for null, spelled out once the tree is text
   */
  @SuppressWarnings("unchecked")
  void put(Map<String, Object> object, Value value, String nullMark) {
    List<String> steps = List.of(path.split("\\."));
    Map<String, Object> parent =
        (Map<String, Object>) resolve(object, steps.subList(0, steps.size() - 1), null);
    String key = steps.get(steps.size() - 1);
    switch (value) {
      case ABSENT -> parent.remove(key);
      case NULL -> parent.put(key, nullMark);
      case EMPTY ->
          parent.put(
              key,
              switch (shape) {
                case MAPPING -> new LinkedHashMap<>();
                case OBJECTS, STRINGS -> new ArrayList<>();
                case SCALAR -> "";
              });
      case NULL_ENTRY -> ((List<Object>) parent.get(key)).add(nullMark);
      default -> throw new IllegalArgumentException(value.name());
    }
  }

  /**
   * The path of the null entry {@link Value#NULL_ENTRY} adds, as the function's messages write it
   * ({@code spec.template.spec.containers[0].env[3]}).
   */
  String entryPath(Map<String, Object> object) {
    StringBuilder written = new StringBuilder();
    Object list = resolve(object, List.of(path.split("\\.")), written);
    return written + "[" + ((List<?>) list).size() + "]";
  }

  /** Whether a path leads to a value in an object. */
  static boolean resolves(Map<String, Object> object, String path) {
    try {
      return resolve(object, List.of(path.split("\\.")), null) != null;
    } catch (IllegalStateException | ClassCastException notThere) {
      return false;
    }
  }

  /**
   * The value at a path of steps ({@code key}, {@code key[2]}, {@code key[name=x]}), writing the
   * path with indexes into {@code written} when given.
   */
  private static Object resolve(
      Map<String, Object> object, List<String> steps, StringBuilder written) {
    Object current = object;
    for (String step : steps) {
      int bracket = step.indexOf('[');
      String key = bracket < 0 ? step : step.substring(0, bracket);
      current = ((Map<?, ?>) current).get(key);
      append(written, key);
      if (bracket >= 0) {
        String selector = step.substring(bracket + 1, step.length() - 1);
        List<?> list = (List<?>) current;
        int index = indexOf(list, selector);
        current = list.get(index);
        if (written != null) {
          written.append('[').append(index).append(']');
        }
      }
      if (current == null) {
        throw new IllegalStateException("nothing at " + step + " of " + steps);
      }
    }
    return current;
  }

  private static int indexOf(List<?> list, String selector) {
    if (!selector.startsWith("name=")) {
      return Integer.parseInt(selector);
    }
    String name = selector.substring("name=".length());
    for (int i = 0; i < list.size(); i++) {
      if (list.get(i) instanceof Map<?, ?> entry && name.equals(entry.get("name"))) {
        return i;
      }
    }
    throw new IllegalStateException("no entry named " + name);
  }

  private static void append(StringBuilder written, String key) {
    if (written != null) {
      written.append(written.isEmpty() ? "" : ".").append(key);
    }
  }

  /**
   * What a user adds to the rendered racer DaemonSet, in fields the function reads (docs/
   * dataplane.md, "yours"), so that every field {@link #ALL} names holds a value.
   */
  static void patchAsAUserWould(Map<String, Object> daemonSet) {
    Plain.map(Plain.map(daemonSet, "metadata"), "labels").put("team", "ml-platform");
    Plain.map(Plain.map(daemonSet, "metadata"), "annotations").put("example.com/owner", "ml");
    Map<String, Object> spec = Plain.map(daemonSet, "spec");
    Plain.map(Plain.map(spec, "updateStrategy"), "rollingUpdate").put("maxUnavailable", 2L);
    Map<String, Object> template = Plain.map(Plain.map(spec, "template"), "metadata");
    Plain.map(template, "labels").put("team", "ml-platform");
    Plain.map(template, "annotations").put("example.com/scrape", "true");
    Map<String, Object> pod = Plain.podSpec(daemonSet);
    Plain.map(pod, "nodeSelector").put("example.com/pool", "gpu");
    Plain.list(pod, "tolerations")
        .add(
            new LinkedHashMap<>(
                Map.of("key", "nvidia.com/gpu", "operator", "Exists", "effect", "NoSchedule")));
    Plain.list(pod, "imagePullSecrets").add(new LinkedHashMap<>(Map.of("name", "pull")));
    Map<String, Object> nodeAffinity = Plain.nodeAffinity(daemonSet);
    Map<String, Object> zone = new LinkedHashMap<>();
    zone.put("key", "example.com/zone");
    zone.put("operator", "In");
    zone.put("values", new ArrayList<>(List.of("a")));
    @SuppressWarnings("unchecked")
    Map<String, Object> firstTerm = (Map<String, Object>) Plain.requiredTerms(daemonSet).get(0);
    Plain.list(firstTerm, "matchExpressions").add(zone);
    Map<String, Object> preference = new LinkedHashMap<>();
    preference.put("weight", 10L);
    preference.put(
        "preference", new LinkedHashMap<>(Map.of("matchExpressions", List.of(Map.copyOf(zone)))));
    Plain.list(nodeAffinity, "preferredDuringSchedulingIgnoredDuringExecution").add(preference);
    Map<String, Object> antiAffinity = new LinkedHashMap<>();
    antiAffinity.put("topologyKey", "kubernetes.io/hostname");
    antiAffinity.put("labelSelector", Map.of("matchLabels", Map.of("app", "other")));
    Plain.list(
            Plain.map(Plain.map(pod, "affinity"), "podAntiAffinity"),
            "requiredDuringSchedulingIgnoredDuringExecution")
        .add(antiAffinity);
    Plain.list(pod, "volumes")
        .add(new LinkedHashMap<>(Map.of("name", "scratch", "emptyDir", new LinkedHashMap<>())));
    Map<String, Object> dataplane = Plain.container(daemonSet, UserChange.DATAPLANE);
    Plain.list(dataplane, "env")
        .add(new LinkedHashMap<>(Map.of("name", "USER_LEVEL", "value", "debug")));
    Plain.list(dataplane, "envFrom")
        .add(0, new LinkedHashMap<>(Map.of("secretRef", Map.of("name", "dataplane-extra"))));
    Plain.list(dataplane, "ports")
        .add(new LinkedHashMap<>(Map.of("name", "extra", "containerPort", 9200L)));
    Plain.list(dataplane, "volumeMounts")
        .add(new LinkedHashMap<>(Map.of("name", "scratch", "mountPath", "/scratch")));
    Plain.list(dataplane, "args").add("--verbose");
    Plain.map(Plain.map(dataplane, "resources"), "requests").put("memory", "2Gi");
    Plain.list(pod, "containers").add(Plain.normalized(sidecar()));
  }

  private static Map<String, Object> sidecar() {
    Map<String, Object> sidecar = new LinkedHashMap<>();
    sidecar.put("name", "sidecar");
    sidecar.put("image", "registry.example.com/sidecar:1.0");
    sidecar.put("args", List.of("--serve"));
    sidecar.put("env", List.of(Map.of("name", "MODE", "value", "cache")));
    sidecar.put("envFrom", List.of(Map.of("configMapRef", Map.of("name", "sidecar"))));
    sidecar.put("ports", List.of(Map.of("name", "metrics", "containerPort", 9100)));
    sidecar.put("volumeMounts", List.of(Map.of("name", "scratch", "mountPath", "/scratch")));
    sidecar.put("resources", Map.of("requests", Map.of("cpu", "100m")));
    sidecar.put("securityContext", Map.of("runAsUser", 1000));
    return sidecar;
  }
}
