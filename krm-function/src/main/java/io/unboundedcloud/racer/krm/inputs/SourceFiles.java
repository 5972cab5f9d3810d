package io.unboundedcloud.racer.krm.inputs;

import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * Which file each object of render mode came from, so that a result about an object names its file
 * as it does in function mode, where kustomize and kpt say it through {@code
 * config.kubernetes.io/path}. Render mode reads files itself and adds no annotation to what it
 * writes back.
 */
public final class SourceFiles {
  private final Map<ResourceRef, ResourceRef> located = new HashMap<>();

  /**
   * Records that {@code objects} were read from {@code file}; an object read twice keeps its first
   * file.
   */
  public void read(Path file, List<MappingNode> objects) {
    for (MappingNode object : objects) {
      ResourceRef ref = new Item(object).ref();
      if (ref.filePath() == null) {
        located.putIfAbsent(ref, ref.inFile(file.toString(), null));
      }
    }
  }

  /** {@code ref} with the file it came from, when that is known. */
  public ResourceRef located(ResourceRef ref) {
    return ref == null ? null : located.getOrDefault(ref, ref);
  }

  /** {@code result}, its object named with the file it came from when that is known. */
  public Result locate(Result result) {
    ResourceRef withFile = result.resource() == null ? null : located.get(result.resource());
    return withFile == null ? result : result.withResource(withFile);
  }
}
