package io.unboundedcloud.racer.krm.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.ResourceLists;
import io.unboundedcloud.racer.krm.harness.WrittenResourceList;
import io.unboundedcloud.racer.krm.realfiles.RandomComments;
import io.unboundedcloud.racer.krm.realfiles.RealFiles;
import io.unboundedcloud.racer.krm.realfiles.UpstreamFiles;
import io.unboundedcloud.racer.krm.shapes.ShapeDocuments;
import io.unboundedcloud.racer.krm.shapes.ShapeDocuments.Document;
import io.unboundedcloud.racer.krm.yaml.pipeline.WrittenItem;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * Items held as the writer's text while they are read ({@link WrittenItem}, what function mode
 * reads the items it gives back as they came into) against the trees read as before, over every
 * generated node shape (all in one list, and each alone between two plain items), the real-file and
 * upstream corpora and the corpus with comments at random places: the same bytes written, the same
 * bytes once every kept item's tree is read back from its text, the same trees then, the same
 * identity, labels and annotations read without reading the tree, and the same refusal where the
 * input is refused.
 */
class KeptItemsTest {

  private static final Predicate<MappingNode> EVERY_ITEM = identity -> true;

  private static final String PLAIN_ITEM =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: plain
        labels:
          app: plain
      data:
        a: b
      """;

  @Test
  @DisplayName("every generated node shape: the same bytes and trees, kept or read back")
  void generatedShapes() {
    List<String> lists = new ArrayList<>();
    ResourceLists all = ResourceLists.of();
    for (Document document : ShapeDocuments.everyShape()) {
      String item = document.document().replaceFirst("^--- ", "");
      all.item(item);
      lists.add(ResourceLists.of().item(PLAIN_ITEM).item(item).item(PLAIN_ITEM).text());
    }
    lists.add(all.text());
    assertThat(check(lists)).as("items kept as text").isGreaterThan(lists.size());
  }

  @Test
  @DisplayName("the real-file and upstream corpora, and comments at random places")
  void realFiles() {
    List<String> lists = new ArrayList<>();
    lists.add(RealFiles.sentResourceList());
    lists.add(asItems(RealFiles.catFiles()));
    lists.add(asItems(UpstreamFiles.manifests()));
    for (long seed = 1; seed <= 8; seed++) {
      lists.add(asItems(RandomComments.files(seed)));
    }
    assertThat(check(lists)).as("items kept as text").isGreaterThan(lists.size());
  }

  /** Every document of the files, one item each, in one ResourceList. */
  private static String asItems(Map<String, String> files) {
    ResourceLists list = ResourceLists.of();
    for (String text : files.values()) {
      for (String document : text.split("(?m)^---[^\\n]*\\n")) {
        if (!document.isBlank()) {
          list.item(document);
        }
      }
    }
    return list.text();
  }

  /** Checks each ResourceList; how many items were kept as text in all. */
  private static int check(List<String> lists) {
    int kept = 0;
    for (String text : lists) {
      kept += check(text);
    }
    return kept;
  }

  private static int check(String text) {
    ResourceList trees;
    try {
      trees = read(text, null);
    } catch (YamlInputException refused) {
      assertThat(readRefusal(text)).as("the refusal of %s", text).isEqualTo(refused.getMessage());
      return 0;
    }
    String expected = WrittenResourceList.of(trees);
    ResourceList kept = read(text, EVERY_ITEM);
    int written = 0;
    for (int i = 0; i < kept.items().size(); i++) {
      MappingNode item = kept.items().get(i);
      MappingNode tree = trees.items().get(i);
      ItemIdentity identity = Nodes.keptIdentity(item);
      if (identity != null) {
        written++;
        assertThat(identity(identity)).as("identity of item %d", i).isEqualTo(identity(tree));
      }
    }
    assertThat(WrittenResourceList.of(kept)).as("written from kept items").isEqualTo(expected);
    ResourceList readBack = read(text, EVERY_ITEM);
    for (int i = 0; i < readBack.items().size(); i++) {
      MappingNode item = readBack.items().get(i);
      if (item instanceof WrittenItem) {
        assertThat(meaning(item))
            .as("tree of item %d read back from its text", i)
            .isEqualTo(meaning(trees.items().get(i)));
        assertThat(YamlWriter.manifests(List.of(item)))
            .as("item %d read back from its text, written alone", i)
            .isEqualTo(YamlWriter.manifests(List.of(trees.items().get(i))));
        assertThat(((WrittenItem) item).isWritten()).isFalse();
      }
    }
    assertThat(WrittenResourceList.of(readBack))
        .as("written once every kept item was read back")
        .isEqualTo(expected);
    return written;
  }

  /** What an item means as a plain tree, or why it has no plain tree. */
  private static Object meaning(MappingNode item) {
    try {
      return Nodes.toPlainMap(item);
    } catch (YamlInputException noPlainTree) {
      return noPlainTree.getMessage();
    }
  }

  private static String readRefusal(String text) {
    try {
      read(text, EVERY_ITEM);
      return "no refusal";
    } catch (YamlInputException refused) {
      return refused.getMessage();
    }
  }

  private static List<Object> identity(ItemIdentity kept) {
    return List.of(
        String.valueOf(kept.apiVersion()),
        String.valueOf(kept.kind()),
        String.valueOf(kept.name()),
        String.valueOf(kept.namespace()),
        kept.labels(),
        kept.annotations());
  }

  private static List<Object> identity(MappingNode tree) {
    Map<String, String> labels =
        new LinkedHashMap<>(Nodes.stringMap(Nodes.getMapping(tree, "metadata", "labels")));
    return List.of(
        String.valueOf(Nodes.getText(tree, "apiVersion")),
        String.valueOf(Nodes.getText(tree, "kind")),
        String.valueOf(Nodes.getText(tree, "metadata", "name")),
        String.valueOf(Nodes.getText(tree, "metadata", "namespace")),
        labels,
        Nodes.stringMap(Nodes.getMapping(tree, "metadata", "annotations")));
  }

  private static ResourceList read(String text, Predicate<MappingNode> keptAsText) {
    ByteArrayInputStream in = new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    return keptAsText == null
        ? YamlReader.readResourceList(
            in, "stdin", YamlLimits.DEFAULT, ByteBudget.of(YamlLimits.DEFAULT))
        : YamlReader.readResourceList(
            in, "stdin", YamlLimits.DEFAULT, ByteBudget.of(YamlLimits.DEFAULT), keptAsText);
  }
}
