package io.unboundedcloud.racer.krm.verify;

import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * What verify found, and what it checked, said in one line for a consistent stream (where the
 * images the DaemonSet runs are those the function recorded).
 *
 * @param results one error per drift, or the error that there is nothing to verify
 * @param checked what was checked, or {@code null} when no installation was found
 */
public record Verified(Results results, String checked) {

  /**
   * The line of a consistent stream: {@code verified DaemonSet racer/racer against the 3 keys of
   * ConfigMap racer/racer-settings and the images A and B, with 1 cache origin: what the function
   * renders}.
   */
  static String checked(RenderedDataplane dataplane, int origins) {
    MappingNode data = Nodes.getMapping(dataplane.settings().node(), "data");
    int keys = data == null ? 0 : data.getValue().size();
    return "verified "
        + dataplane.daemonSet().ref().describe()
        + " against the "
        + keys
        + (keys == 1 ? " key of " : " keys of ")
        + dataplane.settings().ref().describe()
        + " and the images "
        + dataplane.dataplaneImage()
        + " and "
        + dataplane.objectImage()
        + ", with "
        + origins
        + (origins == 1 ? " cache origin" : " cache origins")
        + ": what the function renders";
  }
}
