/**
 * The stages of snakeyaml's loading and dumping pipeline that {@code krm.yaml} replaces or extends,
 * for memory, time and fidelity. Written and checked against <b>snakeyaml 2.5</b>: they subclass or
 * stand in for its internals ({@code StreamReader}, {@code Parser}, {@code Composer}, the
 * serializer, the emitter's quoting rules), which a new version may change without notice. {@code
 * SnakeyamlContractTest} checks what each one relies on and fails naming the class; on an upgrade,
 * read each class again and move the version there and here.
 *
 * <p>Reading, in the order the text passes them:
 *
 * <ul>
 *   <li>{@link io.unboundedcloud.racer.krm.yaml.pipeline.LinearStreamReader}, for time: snakeyaml's
 *       reader copies its unread window on every 1,024 characters, so a value of n characters on
 *       one line cost about n²/2,048 copies: 5.6 s and 560 MiB of garbage for one 4 MiB value, and
 *       a 20 MiB value did not finish in a minute; with this reader it renders in about 3 s with
 *       295 MiB of peak RSS ({@code bench/long-scalar.sh}). It keeps the last 4,096 characters it
 *       consumed, and on request a flow collection's text.
 *   <li>{@link io.unboundedcloud.racer.krm.yaml.pipeline.CommentMovingScanner}, for fidelity:
 *       snakeyaml's parser refuses a comment between an explicit key and its {@code :}, right after
 *       a {@code ?}, and between a node's tag or anchor and its content (kpt sends a file that
 *       starts {@code --- !!map} then a comment line in that form); PyYAML and kyaml read them.
 *       Their tokens move to the nearest place the parser takes a comment.
 *   <li>{@link io.unboundedcloud.racer.krm.yaml.pipeline.CompactEventParser}, for memory and
 *       refusals with a position: snakeyaml's marks hold its reader's window, about four bytes per
 *       input character kept alive by the tree; this keeps light marks where messages need them and
 *       shares short values. It refuses deep nesting and duplicate keys as the events pass ({@link
 *       io.unboundedcloud.racer.krm.yaml.pipeline.RefusedStructure}; snakeyaml's duplicate-key
 *       option never applies to nodes), rewrites the in-line comments snakeyaml's composer fails on
 *       (fuzz findings), and takes the comments out of a flow collection that holds some, handing
 *       on its text instead ({@link io.unboundedcloud.racer.krm.yaml.pipeline.FlowText}):
 *       snakeyaml's emitter drops them or moves them.
 *   <li>{@link io.unboundedcloud.racer.krm.yaml.pipeline.TreeComposer} with {@link
 *       io.unboundedcloud.racer.krm.yaml.pipeline.CommentPlacement}, for fidelity: snakeyaml hands
 *       every comment line to the node after it, so a comment at the end of a block moved to the
 *       next key or item (in kpt, another file) and one above a sequence item after its dash; they
 *       go where kyaml puts them, by their column. And with {@link
 *       io.unboundedcloud.racer.krm.yaml.pipeline.SpareCapacity}, for memory: empty comment lists
 *       and room for ten children given back as each collection completes (about a fifth of a large
 *       tree; the 50,000-item benchmark input went from {@code -Xmx176m} to {@code -Xmx144m}), and
 *       a tag the input wrote out kept as a {@link
 *       io.unboundedcloud.racer.krm.yaml.pipeline.TaggedScalar}. Plain scalars are typed by {@link
 *       io.unboundedcloud.racer.krm.yaml.pipeline.ExactResolver}, snakeyaml's resolver without its
 *       length bounds (the writer quotes by it too).
 *   <li>{@link io.unboundedcloud.racer.krm.yaml.pipeline.WrittenItem}, for memory and time: an item
 *       of a ResourceList's {@code items} that the caller reads no further than its identity (in
 *       function mode, every item it gives back as it came) is written as it is read, by the
 *       writer's own code ({@link
 *       io.unboundedcloud.racer.krm.yaml.pipeline.NodeSerializer#itemText}), and held as that text:
 *       its tree is garbage one item later instead of living to the end of the run, which at
 *       100,000 items was about 360 MiB that the collector copied young to old. Reading its entries
 *       reads its tree again from the text, at the input's lines.
 * </ul>
 *
 * <p>Writing: {@link io.unboundedcloud.racer.krm.yaml.pipeline.NodeSerializer}, for fidelity,
 * memory and time: it writes the block layout, every kind of mapping key and the comments itself,
 * in kyaml's places (snakeyaml's emitter wrote a comment above a sequence item after its dash,
 * which before a flow mapping was invalid YAML), and keeps no map of the document's nodes as
 * snakeyaml's serializer does. Scalars in block context are written by {@link
 * io.unboundedcloud.racer.krm.yaml.pipeline.KyamlScalar}, go-yaml v3's emitter rules as kyaml runs
 * them (snakeyaml's refused a block holding a tab). The text of flow collections comes from
 * snakeyaml's emitter, one node at a time ({@link
 * io.unboundedcloud.racer.krm.yaml.pipeline.EmittedFragment}), with {@link
 * io.unboundedcloud.racer.krm.yaml.pipeline.MarkerWriter} keeping {@code 0644} and {@code !!str
 * 123} plain inside flow collections, where the emitter alone writes {@code !!int '0644'} and
 * {@code !!str '123'}.
 *
 * <p>Read and written with snakeyaml's own stages and with these, 10,000 ConfigMaps (10.3 MB;
 * {@code PipelineMeasurement} in the tests, one JVM per side, {@code -Xmx1g}, a shared and loaded
 * machine): the tree held after reading 165 MB with snakeyaml's, 40 MB with these; writing 7.9 s
 * and a heap peak 344 MB above the start with snakeyaml's serializer, 1.5 s and 141 MB with these;
 * reading 18.1 s and 13.5 s. At 50,000 such ConfigMaps snakeyaml's own stages did not finish in ten
 * minutes under {@code -Xmx1g}, collecting garbage all the while.
 *
 * <p>Never: reads or writes anything but events, nodes and characters (no files, no Kubernetes
 * objects); imports {@code krm.yaml}, which turns what these refuse into messages for users.
 */
package io.unboundedcloud.racer.krm.yaml.pipeline;
