package io.unboundedcloud.racer.krm.yaml;

import io.unboundedcloud.racer.krm.yaml.pipeline.NodeSerializer;
import java.io.BufferedWriter;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions.FlowStyle;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Writes the function's YAML output from nodes, so that an object the function did not touch comes
 * out as it came in (see the package comment for what snakeyaml cannot keep). One style: block
 * unless a node says flow, indent 2, {@code - } at the key's indent, no line wrapping, Unicode as
 * is, {@code \n}. The same input always gives the same bytes. The stream variants write UTF-8 and
 * flush, and never close the stream (stdout); the one String variant, {@link #manifests(List)}, is
 * for small texts (a results section, a values file), as it holds the whole text in memory.
 */
public final class YamlWriter {

  private YamlWriter() {}

  /**
   * Exactly one ResourceList, streamed to {@code out}: {@code apiVersion} the list's ({@link
   * ResourceList#apiVersion()}), {@code kind: ResourceList}, {@code items} ({@code items: []} when
   * empty), {@code functionConfig} when there is one (as it came), {@code results} when there are
   * any: the list's own, then {@code plainResults} (plain maps: {@code message}, {@code severity},
   * {@code resourceRef}, {@code field}, {@code file}, and whatever else a result that came in
   * holds, such as {@code tags}).
   */
  public static void writeResourceList(
      ResourceList list, List<? extends Map<String, ?>> plainResults, OutputStream out) {
    write(List.of(envelope(list, plainResults)), utf8(out));
  }

  /**
   * Objects as a YAML stream, one document each, {@code ---} between them and none before the first
   * (as {@code kustomize build} writes). No objects, no text.
   */
  public static String manifests(List<? extends Node> objects) {
    StringWriter text = new StringWriter();
    write(objects, text);
    return text.toString();
  }

  /** As {@link #manifests(List)}, streamed to {@code out}. */
  public static void writeManifests(List<? extends Node> objects, OutputStream out) {
    write(objects, utf8(out));
  }

  /**
   * Plain trees (maps, lists and scalars, as {@link Nodes#toPlain} gives them) as a YAML stream, as
   * {@link #manifests(List)} writes nodes: the door for what is held as plain trees, each scalar in
   * the style that keeps its type.
   */
  public static String trees(List<? extends Map<String, ?>> objects) {
    StringWriter text = new StringWriter();
    write(nodes(objects), text);
    return text.toString();
  }

  /** As {@link #trees(List)}, streamed to {@code out}. */
  public static void writeTrees(List<? extends Map<String, ?>> objects, OutputStream out) {
    write(nodes(objects), utf8(out));
  }

  private static List<MappingNode> nodes(List<? extends Map<String, ?>> objects) {
    List<MappingNode> nodes = new ArrayList<>(objects.size());
    objects.forEach(object -> nodes.add(Nodes.fromPlainMap(object)));
    return nodes;
  }

  /**
   * A ResourceList for an input that could not be used: the input's items exactly as parsed
   * (whatever they are; none when {@code items} is {@code null}) and the results. See {@link
   * YamlInputException#items()}.
   */
  public static void writeUnusedItems(
      Node items, List<? extends Map<String, ?>> plainResults, OutputStream out) {
    MappingNode envelope = envelope(new ResourceList(List.of(), null), plainResults);
    if (items != null) {
      envelope.getValue().set(2, new NodeTuple(Nodes.string("items"), items));
    }
    write(List.of(envelope), utf8(out));
  }

  private static void write(List<? extends Node> documents, Writer out) {
    NodeSerializer.write(documents, out, YamlLimits.DEFAULT.maxNestingDepth());
  }

  private static Writer utf8(OutputStream out) {
    return new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
  }

  private static MappingNode envelope(
      ResourceList list, List<? extends Map<String, ?>> plainResults) {
    List<NodeTuple> tuples = new ArrayList<>(5);
    tuples.add(new NodeTuple(Nodes.string("apiVersion"), Nodes.string(list.apiVersion())));
    tuples.add(new NodeTuple(Nodes.string("kind"), Nodes.string(ResourceList.KIND)));
    tuples.add(new NodeTuple(Nodes.string("items"), sequence(new ArrayList<>(list.items()))));
    if (list.functionConfig().isPresent()) {
      tuples.add(new NodeTuple(Nodes.string("functionConfig"), list.functionConfig().get()));
    }
    List<Node> results = new ArrayList<>(list.results());
    results.addAll(nodes(plainResults));
    if (!results.isEmpty()) {
      tuples.add(new NodeTuple(Nodes.string("results"), sequence(results)));
    }
    return new MappingNode(Tag.MAP, tuples, FlowStyle.BLOCK);
  }

  private static SequenceNode sequence(List<Node> nodes) {
    return new SequenceNode(Tag.SEQ, nodes, FlowStyle.BLOCK);
  }
}
