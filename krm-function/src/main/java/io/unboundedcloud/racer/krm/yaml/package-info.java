/**
 * The YAML input and output of the KRM function, on snakeyaml's node API, so that every object the
 * function does not change comes out as it came in: same keys in the same order, same comments,
 * same quotes and block styles, every annotation.
 *
 * <pre>
 * ResourceList list = YamlReader.readResourceList(System.in);  // YamlInputException: print getMessage()
 * MappingNode config = list.functionConfig().orElseThrow();
 * Map&lt;String, Object&gt; data = Nodes.toPlainMap(Nodes.getMapping(config, "data"));
 * Nodes.put(Nodes.ensureMapping(item, "metadata", "annotations"), "example.com/seen", "true");
 * list.items().add(Nodes.fromPlainMap(newObject));
 * List&lt;Map&lt;String, Object&gt;&gt; results = List.of(Map.of("message", "replicas too high", "severity", "error"));
 * YamlWriter.writeResourceList(list, results, System.out);
 * </pre>
 *
 * Owns: reading a ResourceList and manifest streams within {@link
 * io.unboundedcloud.racer.krm.yaml.YamlLimits} (size, nesting, aliases, duplicate keys), messages
 * that say where and what to do, writing in one deterministic style (block, indent 2, {@code - } at
 * the key's indent, no wrapping, {@code \n}), the conversions between nodes and plain Java trees,
 * and the outline of a ResourceList's text read as events without a tree ({@link
 * io.unboundedcloud.racer.krm.yaml.ResourceListOutline}), for an input whose tree did not fit in
 * memory.
 *
 * <p>The snakeyaml stages it replaces for memory, time and fidelity (reader, event parser,
 * composer, serializer) are in {@code krm.yaml.pipeline}, with the snakeyaml version they were
 * checked against and their figures; this package wires them and turns what they refuse into
 * messages.
 *
 * <p>Never: interprets Kubernetes objects beyond the ResourceList envelope (an item must be a
 * mapping with a kind, nothing more), drops or reorders items, writes anything but YAML to the
 * output, closes stdin or stdout.
 *
 * <p>The style is kyaml's (kustomize's and kpt's YAML library), so that an item the function does
 * not change comes out of a ResourceList as kpt sent it, and through kpt as {@code kpt fn eval
 * --exec cat} writes it: comments where kyaml puts them (above a sequence item before its dash, at
 * the end of a block at its indentation, a document's leading comment after its item's dash), a
 * duplicate key refused with both of its places and every item given back as it came.
 *
 * <p>What is not kept: folded scalars ({@code >}) come out re-folded on one line (as kyaml writes
 * them); a sequence written indented under its key ({@code - x}) comes out at the key's indent (kpt
 * indents it again in the file, from its {@code seqindent} annotation); spacing before an inline
 * comment becomes one space; {@code ...} document end markers are dropped; comments on the
 * ResourceList envelope itself are not kept; an escape such as {@code "\u00e9"} in a double-quoted
 * string is written as the character; blank lines are kept where kyaml drops them (kpt drops them
 * when it writes the file).
 */
package io.unboundedcloud.racer.krm.yaml;
