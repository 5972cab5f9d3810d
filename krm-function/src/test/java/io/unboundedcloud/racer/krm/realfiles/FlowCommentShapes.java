package io.unboundedcloud.racer.krm.realfiles;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Flow collections with comments inside, as files of a package: each shape below (comments after an
 * item's comma, after the last item, on lines of their own before an item and before the closing
 * bracket, right after the opening one, in collections nested in flow sequences and flow mappings)
 * in each place a flow collection takes (a key's value, a block sequence's item, a value inside a
 * sequence of mappings) of a ConfigMap the function passes through, and each flow sequence of
 * strings also as a container's {@code args} in a cache origin, which the function changes (it
 * writes the dataplane's placement into its pod spec).
 */
public final class FlowCommentShapes {

  /** Each shape's name and text, written as the value of a key at column 0. */
  static final Map<String, String> SHAPES = shapes();

  private FlowCommentShapes() {}

  private static Map<String, String> shapes() {
    Map<String, String> shapes = new TreeMap<>();
    shapes.put("sequence-after-commas", "[\"--a\", # first\n  \"--b\", # second\n]");
    shapes.put("sequence-after-last", "[a, b # after b\n]");
    shapes.put("sequence-own-lines", "[\n  # before a\n  a,\n  # before b\n  b\n  # before ]\n]");
    shapes.put("sequence-after-open", "[ # after [\n  a, b]");
    shapes.put("mapping-after-commas", "{a: 1, # one\n  b: 2 # two\n}");
    shapes.put("mapping-own-lines", "{\n  # before a\n  a: 1,\n  # before ]\n}");
    shapes.put("nested-in-sequence", "[[a, # in inner\n  b], {k: [x, # deep\n    y]}]");
    shapes.put("nested-in-mapping", "{k: [a, # in k\n  b], m: {n: 1, # in m\n  o: 2}}");
    return shapes;
  }

  /** The files, by relative path ({@code flow-comments/...yaml}), in a stable order. */
  public static Map<String, String> files() {
    Map<String, String> files = new TreeMap<>();
    SHAPES.forEach(
        (name, flow) -> {
          files.put("flow-comments/" + name + ".yaml", passedThrough(name, flow));
          if (name.startsWith("sequence-")) {
            files.put("flow-comments/" + name + "-origin.yaml", origin(name, flow));
          }
        });
    return files;
  }

  private static String passedThrough(String name, String flow) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "
        + name
        + "\n  labels: {app: flow}\ndata:\n  value: "
        + at(flow, 2)
        + "\nlist:\n- "
        + at(flow, 2)
        + "\n- name: in-a-mapping\n  value: "
        + at(flow, 4)
        + "\n";
  }

  private static String origin(String name, String flow) {
    return String.join(
        "\n",
        List.of(
            "apiVersion: apps/v1",
            "kind: DaemonSet",
            "metadata:",
            "  name: " + name + "-origin",
            "  namespace: racer",
            "  labels:",
            "    racer.unbounded-cloud.io/cache-origin: " + name,
            "spec:",
            "  selector:",
            "    matchLabels: {app: " + name + "}",
            "  template:",
            "    metadata:",
            "      labels: {app: " + name + "}",
            "    spec:",
            "      containers:",
            "      - name: origin",
            "        image: registry.example.com/origin:1",
            "        args: " + at(flow, 8),
            "        env:",
            "        - name: FLOW",
            "          value: plain",
            "      volumes: [{name: origin-socket, hostPath: {path: /run/racer/" + name + "}}]",
            ""));
  }

  /** The shape with its continuation lines indented {@code indent} more. */
  private static String at(String flow, int indent) {
    return flow.replace("\n", "\n" + " ".repeat(indent));
  }
}
