package io.unboundedcloud.racer.krm.yaml;

import org.yaml.snakeyaml.LoaderOptions;

/**
 * How much YAML this package accepts before it refuses, so that hostile or broken input fails fast
 * with a clear message instead of exhausting heap, stack or time.
 *
 * @param maxInputBytes most bytes one run reads, all its files and stdin together, each alias
 *     counted as the text it stands for ({@link ByteBudget}, {@code AliasExpansion}): a run of many
 *     files, or of a few aliased values, costs no more than one input at the limit. {@link
 *     #DEFAULT}: 128 MiB, two and a half times the 50 MB ResourceList that must work. The 50 MB
 *     list (40,000 ConfigMaps of 1,250 bytes) renders under {@code -Xmx224m} (not {@code -Xmx192m})
 *     with the assembled runtime, its input kept and its output held besides the tree (krm.memory);
 *     objects with many short fields take more heap per byte (the 12.6 MiB benchmark input of
 *     50,000 items needs {@code -Xmx144m}). An input at this limit needs several hundred MB of
 *     heap: the image's heap is 75% of its container's memory limit. snakeyaml's own default, 3 MB,
 *     is far too small.
 * @param maxNestingDepth deepest nesting of mappings and sequences. {@link #DEFAULT}: 256. Real
 *     objects nest about 20 levels; CRD schemas, two levels per nested {@code properties}, go
 *     deeper, and 256 leaves them room. Every level costs stack in snakeyaml's composer and in our
 *     writer, so 10,000 levels must be refused before they are built. (snakeyaml's default is 50.)
 * @param maxPlainTreeNodes most nodes one conversion to a plain Java tree may produce, aliases
 *     expanded. {@link #DEFAULT}: 1,000,000. One Kubernetes object is at most about 1.5 MiB (the
 *     etcd limit), far fewer nodes than this; a few aliases can otherwise multiply a small document
 *     into billions of nodes.
 */
public record YamlLimits(long maxInputBytes, int maxNestingDepth, int maxPlainTreeNodes) {

  /** The limits the function runs with. */
  public static final YamlLimits DEFAULT = new YamlLimits(128L * 1024 * 1024, 256, 1_000_000);

  public YamlLimits {
    if (maxInputBytes < 1 || maxNestingDepth < 1 || maxPlainTreeNodes < 1) {
      throw new IllegalArgumentException(
          "YAML limits must be positive: "
              + maxInputBytes
              + ", "
              + maxNestingDepth
              + ", "
              + maxPlainTreeNodes);
    }
  }

  /**
   * snakeyaml's options for composing nodes under these limits, comments kept (a new object each
   * time: snakeyaml's options are mutable).
   */
  public LoaderOptions loaderOptions() {
    LoaderOptions options = new LoaderOptions();
    options.setProcessComments(true);
    options.setAllowDuplicateKeys(
        false); // only honoured when constructing objects: CompactEventParser does it for nodes
    options.setAllowRecursiveKeys(false);
    options.setMergeOnCompose(false);
    // no count of aliases: a fixed count refuses packages kubectl reads (26 objects with two
    // aliases each); AliasExpansion bounds what they expand to, in nodes as kubectl does, in
    // bytes, and in proportion to the text the run was sent
    options.setMaxAliasesForCollections(Integer.MAX_VALUE);
    // a backstop only: CompactEventParser refuses one level earlier, with a position in the message
    options.setNestingDepthLimit(maxNestingDepth + 1);
    // the limit applies per document and counts code points; the byte limit (never fewer bytes than
    // code points in UTF-8) is checked first by BoundedInputStream, so this one never fires first
    options.setCodePointLimit((int) Math.min(Integer.MAX_VALUE, maxInputBytes));
    return options;
  }
}
