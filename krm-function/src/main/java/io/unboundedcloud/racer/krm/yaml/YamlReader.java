package io.unboundedcloud.racer.krm.yaml;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;

/**
 * Reads the function's YAML input as nodes, within {@link YamlLimits#DEFAULT} unless told
 * otherwise. Every problem is a {@link YamlInputException} whose message says where ({@code
 * source:line:column}), what is wrong and what to do; no stack trace is meant for users. Never
 * closes a stream it is given.
 */
public final class YamlReader {

  private YamlReader() {}

  /**
   * The one ResourceList on stdin. Accepts {@code kind: ResourceList} or {@code kind: List};
   * apiVersion {@code config.kubernetes.io/v1}, {@code v1beta1}, {@code v1alpha1} or none (kept in
   * {@link ResourceList#apiVersion()}); {@code items} missing, null or empty; {@code
   * functionConfig} optional, of any kind. Refuses empty input, several documents, a document that
   * is not a mapping, a wrong kind or apiVersion, items that are not a list, an item that is not a
   * mapping or has no kind, duplicate keys, and input beyond the limits.
   */
  public static ResourceList readResourceList(InputStream stdin) {
    return readResourceList(stdin, "stdin", YamlLimits.DEFAULT);
  }

  /** As {@link #readResourceList(InputStream)}; {@code source} names the input in messages. */
  public static ResourceList readResourceList(InputStream in, String source, YamlLimits limits) {
    return readResourceList(in, source, limits, ByteBudget.of(limits));
  }

  /**
   * As {@link #readResourceList(InputStream, String, YamlLimits)}, spending the run's {@code
   * budget}: what it reads, and what its aliases stand for.
   */
  public static ResourceList readResourceList(
      InputStream in, String source, YamlLimits limits, ByteBudget budget) {
    return new ResourceListReader(limits).read(in, source, budget);
  }

  /**
   * As {@link #readResourceList(InputStream, String, YamlLimits, ByteBudget)}, each item that
   * {@code keptAsText} takes by its identity (a mapping of its {@code apiVersion}, {@code kind} and
   * {@code metadata} entries) held as the text the writer writes for it while it is read, so that
   * no tree of it is kept to the end of the run: for the items a caller reads no further than their
   * identity and gives back as they came. Reading such an item's entries reads its tree from that
   * text, once, so reading or editing it stays correct, only slower; the bytes written are the same
   * either way.
   */
  public static ResourceList readResourceList(
      InputStream in,
      String source,
      YamlLimits limits,
      ByteBudget budget,
      Predicate<MappingNode> keptAsText) {
    return new ResourceListReader(limits).read(in, source, budget, keptAsText);
  }

  /**
   * {@code refused}, a refusal of {@link #readResourceList(InputStream)} for a duplicate key
   * ({@link YamlInputException#isDuplicateKey()}), with the input's {@code items} ({@link
   * YamlInputException#items()}) read again from {@code sameInput}, both entries of a repeated key
   * kept, so they can go back as they came. Unchanged for another refusal, or when the input has no
   * list of items even so; marked {@link YamlInputException#isExpansion()}, without items, when its
   * aliases also stand for more than a run may read (its text can still go back as it came).
   */
  public static YamlInputException keepingItems(YamlInputException refused, InputStream sameInput) {
    if (!refused.isDuplicateKey()) {
      return refused;
    }
    Optional<Node> items;
    try {
      items =
          new ResourceListReader(YamlLimits.DEFAULT)
              .itemsKeepingDuplicateKeys(sameInput, refused.source());
    } catch (YamlInputException expansion) {
      // its aliases stand for too much as well: no items, but text kubectl reads, to go back as is
      return refused.forExpansion();
    }
    return items.isPresent() ? refused.withItems(items.get()) : refused;
  }

  /**
   * The objects of a manifest file: documents separated by {@code ---}, empty ones skipped, each a
   * mapping with a kind. Messages name the file as given.
   */
  public static List<MappingNode> readManifests(Path file) {
    return readManifests(
        file, file.toString(), YamlLimits.DEFAULT, ByteBudget.of(YamlLimits.DEFAULT));
  }

  /**
   * As {@link #readManifests(Path)}: opens {@code file}, names it {@code source} in messages, and
   * spends what it reads from {@code budget}, the run's.
   */
  public static List<MappingNode> readManifests(
      Path file, String source, YamlLimits limits, ByteBudget budget) {
    try (InputStream in = Files.newInputStream(file)) {
      return readManifests(in, source, limits, budget);
    } catch (IOException e) {
      String problem =
          e instanceof java.nio.file.NoSuchFileException
              ? "no such file or directory"
              : "could not read the file ("
                  + (e.getMessage() == null ? "I/O error" : e.getMessage())
                  + ")";
      throw YamlInputException.of(source, problem, e);
    }
  }

  /** As {@link #readManifests(Path)}, from a stream that {@code source} names in messages. */
  public static List<MappingNode> readManifests(InputStream in, String source, YamlLimits limits) {
    return readManifests(in, source, limits, ByteBudget.of(limits));
  }

  /** As {@link #readManifests(InputStream, String, YamlLimits)}, spending the run's budget. */
  public static List<MappingNode> readManifests(
      InputStream in, String source, YamlLimits limits, ByteBudget budget) {
    return new ManifestStreamReader(limits, budget).read(in, source);
  }
}
