package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.inputs.FunctionConfig;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import io.unboundedcloud.racer.workload.Dataplane;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The two images a dataplane DaemonSet runs, as exact references: the dataplane container's image
 * and the racer-object image it hands its webhook ({@code RACER_OBJECT_IMAGE}). A function config
 * that names them both renders that very DaemonSet again, whatever registry or tag the operator
 * had.
 *
 * @param dataplane the dataplane image
 * @param object the racer-object image
 */
record PinnedImages(String dataplane, String object) {
  /** The name of the function config adopt writes, as the examples name theirs. */
  static final String CONFIG_NAME = "racer-function";

  private static final String OBJECT_IMAGE_ENV = "RACER_OBJECT_IMAGE";

  /**
   * The images of a DaemonSet as a plain tree.
   *
   * @return the images, or {@code null} when the dataplane container or either image is missing
   */
  static PinnedImages of(Map<String, Object> daemonSet) {
    Map<String, Object> container = dataplaneContainer(daemonSet);
    if (container == null || !(container.get("image") instanceof String dataplane)) {
      return null;
    }
    String object = null;
    if (container.get("env") instanceof List<?> env) {
      for (Object variable : env) {
        if (variable instanceof Map<?, ?> map
            && OBJECT_IMAGE_ENV.equals(map.get("name"))
            && map.get("value") instanceof String value) {
          object = value;
        }
      }
    }
    return object == null ? null : new PinnedImages(dataplane, object);
  }

  /** What is missing from a DaemonSet for {@link #of} to pin its images, for the error. */
  static String missing(Map<String, Object> daemonSet) {
    Map<String, Object> container = dataplaneContainer(daemonSet);
    if (container == null) {
      return "the DaemonSet racer has no container named " + Dataplane.CONTAINER_NAME;
    }
    if (!(container.get("image") instanceof String)) {
      return "the " + Dataplane.CONTAINER_NAME + " container has no image";
    }
    return "the "
        + Dataplane.CONTAINER_NAME
        + " container has no "
        + OBJECT_IMAGE_ENV
        + " env value (the"
        + " racer-object image)";
  }

  /**
   * The function config pinned to these images, declaring the function (so that {@code racer-krm
   * render} and kustomize find it) and marked local config (never applied).
   *
   * @param functionImage the racer-krm image the declaration names
   */
  Map<String, Object> functionConfig(String functionImage) {
    Map<String, Object> annotations = new LinkedHashMap<>();
    annotations.put(Item.FUNCTION_ANNOTATION, "container:\n  image: " + functionImage + "\n");
    annotations.put(Item.LOCAL_CONFIG_ANNOTATION, "true");
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put("name", CONFIG_NAME);
    metadata.put("annotations", annotations);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put(FunctionConfig.DATAPLANE_IMAGE, dataplane);
    data.put(FunctionConfig.OBJECT_IMAGE, object);
    Map<String, Object> config = new LinkedHashMap<>();
    config.put("apiVersion", "v1");
    config.put("kind", "ConfigMap");
    config.put("metadata", metadata);
    config.put("data", data);
    return config;
  }

  private static Map<String, Object> dataplaneContainer(Map<String, Object> daemonSet) {
    Object containers = FieldPath.of("spec.template.spec.containers").valueIn(daemonSet);
    return PlainTrees.asMap(FieldPath.root().named(Dataplane.CONTAINER_NAME).valueIn(containers));
  }
}
