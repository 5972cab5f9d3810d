package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.inputs.DataplaneWiring;
import io.unboundedcloud.racer.krm.inputs.FunctionConfig;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.workload.Dataplane;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The two images a dataplane DaemonSet runs, as exact references: the dataplane container's image
 * and the racer-object image it hands its webhook ({@link DataplaneWiring#runningObjectImage}: the
 * value the pods run with, should the variable repeat). A function config that names them both
 * renders that very DaemonSet again, whatever registry or tag the operator had.
 *
 * @param dataplane the dataplane image
 * @param object the racer-object image
 */
record PinnedImages(String dataplane, String object) {
  /** The name of the function config adopt writes, as the examples name theirs. */
  static final String CONFIG_NAME = "racer-function";

  /**
   * The images of a DaemonSet as a plain tree.
   *
   * @return the images, or {@code null} when the dataplane container or either image is missing
   */
  static PinnedImages of(Map<String, Object> daemonSet) {
    DataplaneWiring wiring = DataplaneWiring.of(daemonSet);
    String dataplane = wiring.image();
    String object = wiring.runningObjectImage();
    return dataplane == null || object == null ? null : new PinnedImages(dataplane, object);
  }

  /** What is missing from a DaemonSet for {@link #of} to pin its images, for the error. */
  static String missing(Map<String, Object> daemonSet) {
    DataplaneWiring wiring = DataplaneWiring.of(daemonSet);
    if (wiring.container() == null) {
      return "the DaemonSet racer has no container named " + Dataplane.CONTAINER_NAME;
    }
    if (wiring.image() == null) {
      return "the " + Dataplane.CONTAINER_NAME + " container has no image";
    }
    return "the "
        + Dataplane.CONTAINER_NAME
        + " container has no "
        + DataplaneWiring.OBJECT_IMAGE_ENV
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
}
