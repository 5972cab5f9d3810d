package io.unboundedcloud.racer.krm.shapes;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.PlainYamlParser;
import io.unboundedcloud.racer.krm.harness.ResourceLists;
import io.unboundedcloud.racer.krm.realfiles.RealFiles;
import io.unboundedcloud.racer.krm.shapes.ShapeDocuments.Document;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * A generated object through the function in function mode, three times, each run on the last one's
 * output: the first run exits 0, its output parses, the object in it means what the input's did
 * (the same tree of tags, keys and values, compared on snakeyaml's composed nodes), and the second
 * and third runs write the same bytes.
 */
public final class FunctionModeOracle {

  private FunctionModeOracle() {}

  /** What is wrong with {@code document}'s runs, or empty when every check holds. */
  public static Optional<String> check(Document document) {
    return check(resourceList(document));
  }

  /**
   * What is wrong with the runs of the ResourceList {@code input}, or empty when every check holds;
   * each input item is compared with the output item at its place (new objects come after).
   */
  public static Optional<String> check(String input) {
    KrmRun first = KrmRun.function(input);
    if (first.exitCode() != 0) {
      return Optional.of("exit " + first.exitCode() + ": " + first.stderr().strip());
    }
    try {
      PlainYamlParser.composeAll(first.stdout());
    } catch (RuntimeException e) {
      return Optional.of("the output is not valid YAML: " + e.getMessage().replace('\n', ' '));
    }
    List<Node> sent = items(input);
    List<Node> back = items(first.stdout());
    for (int i = 0; i < sent.size(); i++) {
      String meaning =
          i < back.size() ? difference(sent.get(i), back.get(i), "items[" + i + "]") : "missing";
      if (meaning != null) {
        return Optional.of("the output means something else: " + meaning);
      }
    }
    String previous = first.stdout();
    for (int run = 2; run <= 3; run++) {
      KrmRun next = KrmRun.function(KrmRun.withoutResults(previous));
      if (!next.stdout().equals(first.stdout())) {
        return Optional.of(
            "run "
                + run
                + " changed the output:\n"
                + RealFiles.firstDifference(first.stdout(), next.stdout()));
      }
      previous = next.stdout();
    }
    return Optional.empty();
  }

  /** The ResourceList of the object, the settings and the function config, as kpt sends one. */
  public static String resourceList(Document document) {
    String item = document.document().replaceFirst("^--- ", "");
    return ResourceLists.of()
        .settings(Map.of("RACER_NVIDIA", "off"))
        .item(item)
        .functionConfig(
            """
            apiVersion: v1
            kind: ConfigMap
            metadata:
              name: fn
            data:
              imageRegistry: registry.example.com/racer
            """)
        .text();
  }

  /** The items of the ResourceList {@code text}, as snakeyaml composes them. */
  private static List<Node> items(String text) {
    Node root = new Yaml(new LoaderOptions()).compose(new StringReader(text));
    return ((SequenceNode) value((MappingNode) root, "items")).getValue();
  }

  private static Node value(MappingNode mapping, String key) {
    for (NodeTuple tuple : mapping.getValue()) {
      if (tuple.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) {
        return tuple.getValueNode();
      }
    }
    return null;
  }

  /** Where two composed trees differ (tag, kind of node, value, size), or null when they agree. */
  static String difference(Node want, Node got, String path) {
    String where = path.isEmpty() ? "the object" : path;
    if (!want.getTag().equals(got.getTag())) {
      return where + ": tag " + want.getTag() + " became " + got.getTag();
    }
    if (want.getClass() != got.getClass()) {
      return where + ": " + want.getNodeId() + " became " + got.getNodeId();
    }
    if (want instanceof ScalarNode a) {
      String b = ((ScalarNode) got).getValue();
      return a.getValue().equals(b)
          ? null
          : where + ": " + quoted(a.getValue()) + " became " + quoted(b);
    }
    if (want instanceof SequenceNode a) {
      return differenceOfAll(a.getValue(), ((SequenceNode) got).getValue(), where, path);
    }
    List<NodeTuple> a = ((MappingNode) want).getValue();
    List<NodeTuple> b = ((MappingNode) got).getValue();
    if (a.size() != b.size()) {
      return where + ": " + a.size() + " entries became " + b.size();
    }
    for (int i = 0; i < a.size(); i++) {
      String key = a.get(i).getKeyNode() instanceof ScalarNode s ? s.getValue() : "?" + i;
      String found =
          difference(a.get(i).getKeyNode(), b.get(i).getKeyNode(), path + "{key " + key + "}");
      if (found == null) {
        found = difference(a.get(i).getValueNode(), b.get(i).getValueNode(), path + "." + key);
      }
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  private static String differenceOfAll(List<Node> a, List<Node> b, String where, String path) {
    if (a.size() != b.size()) {
      return where + ": " + a.size() + " items became " + b.size();
    }
    for (int i = 0; i < a.size(); i++) {
      String found = difference(a.get(i), b.get(i), path + "[" + i + "]");
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  private static String quoted(String value) {
    return "\"" + value.replace("\n", "\\n").replace("\t", "\\t") + "\"";
  }
}
