package io.unboundedcloud.racer.krm.inputs;

import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * Which file each object of render mode came from, so that a result about an object names its file
 * as it does in function mode, where kustomize and kpt say it through {@code
 * config.kubernetes.io/path}. Render mode reads files itself and adds no annotation to what it
 * writes back.
 *
 * <p>Each object read is recorded as itself (its node, by identity), since two objects of the same
 * kind, namespace and name from two files, or the same object copied into two, have equal
 * references: a message that names several objects asks with each item ({@link #located(Item)}). A
 * result carries only a reference; it names the one file that holds an object of that reference,
 * or, when several do, each of them.
 */
public final class SourceFiles {
  private final Map<MappingNode, String> fileOf = new IdentityHashMap<>();
  private final Map<ResourceRef, Set<String>> filesOf = new HashMap<>();

  /** Records that {@code objects} were read from {@code file}. */
  public void read(Path file, List<MappingNode> objects) {
    for (MappingNode object : objects) {
      ResourceRef ref = new Item(object).ref();
      if (ref.filePath() == null) {
        fileOf.put(object, file.toString());
        filesOf.computeIfAbsent(ref, any -> new LinkedHashSet<>()).add(file.toString());
      }
    }
  }

  /** The item's reference, naming the file this very item was read from, when that is known. */
  public ResourceRef located(Item item) {
    ResourceRef ref = item.ref();
    String file = fileOf.get(item.node());
    return file == null ? located(ref) : ref.inFile(file, null);
  }

  /**
   * {@code ref} with the file an object of that reference came from, when that is known: the file,
   * or the files that hold one ({@code a.yaml or b.yaml}, past six: {@code ... or 34 more files}).
   */
  public ResourceRef located(ResourceRef ref) {
    if (ref == null) {
      return null;
    }
    Set<String> files = filesOf.get(ref);
    return files == null ? ref : ref.inFile(oneOf(files), null);
  }

  /**
   * The files in the order read, the first {@link ObjectNames#SHOWN} by name and the rest counted:
   * the same object copied into thousands of files gives each result about it a short file entry.
   */
  private static String oneOf(Set<String> files) {
    String named = String.join(" or ", files.stream().limit(ObjectNames.SHOWN).toList());
    return files.size() > ObjectNames.SHOWN
        ? named + " or " + (files.size() - ObjectNames.SHOWN) + " more files"
        : named;
  }

  /** {@code result}, its object named with the file it came from when that is known. */
  public Result locate(Result result) {
    ResourceRef withFile = located(result.resource());
    return withFile == result.resource() ? result : result.withResource(withFile);
  }
}
