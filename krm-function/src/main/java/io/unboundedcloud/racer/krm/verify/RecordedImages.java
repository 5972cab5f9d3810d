package io.unboundedcloud.racer.krm.verify;

import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.workload.Dataplane;
import java.util.Map;

/**
 * The images the function was told to render, as it recorded them on the dataplane DaemonSet
 * ({@link Dataplane#RECORD_ANNOTATIONS}): what verify renders again from, so that an image changed
 * after the function ran is caught under any repository name, and images set apart are no drift.
 *
 * @param dataplaneImage the recorded dataplane image
 * @param objectImage the recorded racer-object image
 */
record RecordedImages(String dataplaneImage, String objectImage) {

  /**
   * The record on the DaemonSet, an image it lacks taken from what the DaemonSet runs (the missing
   * annotation is then a drift of its own); {@code null} when it has neither annotation (a stream
   * of a racer-krm or chart that recorded none).
   */
  static RecordedImages of(Item daemonSet, String runningImage, String runningObjectImage) {
    Map<String, String> annotations = daemonSet.annotations();
    String dataplane = annotations.get(Dataplane.DATAPLANE_IMAGE_ANNOTATION);
    String object = annotations.get(Dataplane.OBJECT_IMAGE_ANNOTATION);
    if (dataplane == null && object == null) {
      return null;
    }
    return new RecordedImages(
        dataplane == null ? runningImage : dataplane, object == null ? runningObjectImage : object);
  }
}
