package io.unboundedcloud.racer.krm.paths;

import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import java.util.List;
import java.util.Locale;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * Gives each object the function adds its file: {@code NAMESPACE/KIND_NAME.yaml} (kind in lower
 * case), index 0, which is kyaml's own default for an object without a path: a package rendered
 * before the function set paths keeps its file names. The name depends only on the object, so a
 * second run names the same file, and an object written there comes back on the next run as an
 * input item, which keeps its path.
 */
public final class NewObjectFiles {

  /** The first object of a file. */
  static final String FIRST_INDEX = "0";

  private NewObjectFiles() {}

  /**
   * Annotates the objects of {@code output} beyond the {@code input}'s count (the function appends
   * new objects after every input item) that carry no internal path yet: the internal path and
   * index always, the legacy ones too when an input item carries the legacy path.
   */
  public static void place(List<MappingNode> input, List<MappingNode> output) {
    boolean legacy = input.stream().anyMatch(NewObjectFiles::hasLegacyPath);
    for (MappingNode added : output.subList(Math.min(input.size(), output.size()), output.size())) {
      Item object = new Item(added);
      if (object.annotations().containsKey(Item.INTERNAL_PATH_ANNOTATION)) {
        continue;
      }
      String path = fileOf(object);
      MappingNode annotations = Nodes.ensureMapping(added, "metadata", "annotations");
      if (legacy) {
        Nodes.put(annotations, Item.INDEX_ANNOTATION, FIRST_INDEX);
        Nodes.put(annotations, Item.PATH_ANNOTATION, path);
      }
      Nodes.put(annotations, Item.INTERNAL_INDEX_ANNOTATION, FIRST_INDEX);
      Nodes.put(annotations, Item.INTERNAL_PATH_ANNOTATION, path);
    }
  }

  /** {@code NAMESPACE/KIND_NAME.yaml}, or {@code KIND_NAME.yaml} for an object without one. */
  static String fileOf(Item object) {
    String file = object.kind().toLowerCase(Locale.ROOT) + "_" + object.name() + ".yaml";
    return object.namespace().isEmpty() ? file : object.namespace() + "/" + file;
  }

  private static boolean hasLegacyPath(MappingNode item) {
    return new Item(item).annotations().containsKey(Item.PATH_ANNOTATION);
  }
}
