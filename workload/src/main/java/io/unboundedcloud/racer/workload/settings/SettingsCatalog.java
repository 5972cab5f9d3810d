package io.unboundedcloud.racer.workload.settings;

import static io.unboundedcloud.racer.workload.settings.Group.DATAPLANE_TUNING;
import static io.unboundedcloud.racer.workload.settings.Group.SHAPES_OBJECTS;

import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.shape.ShapeKey;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The keys of the racer-settings ConfigMap; docs/settings.md is generated from them.
 *
 * <p>Tuning facts follow the public Racer reference ({@code docs/content/reference/racer.md} in
 * Azure/unbounded). The dataplane may read keys this catalog does not know, so an unknown {@code
 * RACER_*} key is a warning, unless it is within {@link KeySuggestion#TYPO_EDITS} of a known key:
 * that is a typo, an error, until the user lists it in {@link #UNCHECKED_KEYS}.
 */
public final class SettingsCatalog {

  private static final List<SettingKey> OWN_KEYS =
      List.of(
          // The seat policy, the shape key read through envFrom only.
          new SettingKey(
              Dataplane.CONTROL_SEATS_KEY,
              "auto",
              "auto",
              new ChoiceOrRange(List.of("auto"), 1, 16),
              SHAPES_OBJECTS,
              "Control seat policy; the dataplane reads it from racer-settings through envFrom only."),

          // Dataplane tuning keys, passed through envFrom.
          new SettingKey(
              "RACER_MAX_THREADS",
              null,
              "unset (automatic)",
              IntegerRange.atLeast(2),
              DATAPLANE_TUNING,
              "Total userspace I/O and crypto threads; sized automatically when unset."),
          new SettingKey(
              "RACER_ALLOW_SMT",
              "false",
              "false",
              Choice.of("true", "false"),
              DATAPLANE_TUNING,
              "Size threads by logical CPUs instead of one per eligible physical core."),
          new SettingKey(
              "RACER_ENABLE_RDMA",
              "auto",
              "auto",
              Choice.of("auto", "true", "false"),
              DATAPLANE_TUNING,
              "Native RDMA: only with usable hardware at startup, always reserved, or disabled."),
          new SettingKey(
              "RACER_SHARES",
              "4",
              "4",
              new IntegerRange(1, IntegerRange.UINT32_MAX),
              DATAPLANE_TUNING,
              "Placement weight proposed at enrollment; a Node's shares annotation wins."),
          tuning(
              "RACER_PLAINTEXT_BYTES",
              "268435456",
              "256 MiB",
              IntegerRange.positive(),
              "Node-wide plaintext admission budget in bytes."),
          tuning(
              "RACER_CIPHERTEXT_BYTES",
              "268435456",
              "256 MiB",
              IntegerRange.positive(),
              "Node-wide ciphertext admission budget in bytes."),
          tuning(
              "RACER_DIRTY_BYTES",
              "134217728",
              "128 MiB",
              IntegerRange.positive(),
              "Node-wide budget for dirty data in bytes."),
          tuning(
              "RACER_REGISTERED_BYTES",
              "134217728",
              "128 MiB",
              IntegerRange.positive(),
              "Node-wide native RDMA registered-memory budget in bytes, when RDMA is enabled."),
          tuning(
              "RACER_REQUEST_CONTEXT_BYTES",
              "67108864",
              "64 MiB",
              IntegerRange.positive(),
              "Node-wide request-context budget in bytes."),
          tuning(
              "RACER_METADATA_ENTRIES",
              "4096",
              null,
              new IntegerRange(1, 1_048_576),
              "Node-wide catalog entry budget."),
          tuning(
              "RACER_DISK_PAGE_ENTRIES",
              "65536",
              null,
              new IntegerRange(1, 1_048_576),
              "Node-wide disk page-index budget."),
          tuning(
              "RACER_CHECKPOINT_BYTES",
              "67108864",
              "64 MiB",
              new IntegerRange(1, 536_870_912),
              "Node-wide checkpoint working-set budget in bytes."),
          tuning(
              "RACER_PLACEMENT_CACHE_BYTES",
              "16777216",
              "16 MiB",
              new IntegerRange(1024, 536_870_912),
              "Node-wide placement cache capacity in bytes, shared among I/O workers."),
          tuning(
              "RACER_CACHED_PATHS",
              "128",
              null,
              new IntegerRange(1, 1_048_576),
              "Node-wide retained path-query entries, shared among I/O workers."),
          tuning(
              "RACER_PATH_CACHE_BYTES",
              "8388608",
              "8 MiB",
              new IntegerRange(1, 536_870_912),
              "Node-wide path-cache allocation budget in bytes, shared among I/O workers."),
          tuning(
              "RACER_ACTIVE_PATH_SEARCHES",
              "8",
              null,
              new IntegerRange(1, 64),
              "Unfinished distinct path searches per I/O worker."),
          tuning(
              "RACER_SLAB_BYTES",
              "1073741824",
              "1 GiB",
              IntegerRange.positive(),
              "Slab size per I/O worker in bytes; a positive multiple of RACER_SEGMENT_BYTES."),
          tuning(
              "RACER_SEGMENT_BYTES",
              "67108864",
              "64 MiB",
              IntegerRange.positive(),
              "Segment size per I/O worker in bytes."),
          tuning(
              "RACER_FREE_SEGMENT_RESERVE",
              "2",
              null,
              IntegerRange.positive(),
              "Reserved free segments; fewer than RACER_SLAB_BYTES / RACER_SEGMENT_BYTES."),
          tuning(
              "RACER_CLIENT_CONNECTIONS",
              "128",
              null,
              IntegerRange.positive(),
              "Node-wide connection admission budget, partitioned among I/O workers."),
          tuning(
              "RACER_CONNECTIONS_PER_NEIGHBOR",
              "2",
              null,
              new IntegerRange(1, 1024),
              "Connections per neighbor per I/O worker."),
          tuning(
              "RACER_ORIGIN_CONNECTIONS_PER_CACHE",
              "8",
              null,
              new IntegerRange(1, 1024),
              "Origin connections per cache per I/O worker; at most RACER_CLIENT_CONNECTIONS."),
          tuning(
              "RACER_PEER_INFLIGHT_MAX",
              "256",
              null,
              IntegerRange.positive(),
              "Node-wide cap on peer exchanges in flight."),
          tuning(
              "RACER_PEER_PER_NEIGHBOR_MAX",
              "32",
              null,
              IntegerRange.positive(),
              "Node-wide cap on peer exchanges in flight to one neighbor."),
          tuning(
              "RACER_REQUEST_TIMEOUT_MS",
              "30000",
              null,
              new IntegerRange(1, 86_400_000),
              "Request deadline in milliseconds."),
          tuning(
              "RACER_PEER_ATTEMPT_TIMEOUT_MS",
              "30000",
              null,
              new IntegerRange(1, 86_400_000),
              "Deadline of one local peer exchange in milliseconds."),
          tuning(
              "RACER_READER_STALL_TIMEOUT_MS",
              "10000",
              null,
              new IntegerRange(1, 86_400_000),
              "How long a reader may stall, in milliseconds; at most RACER_REQUEST_TIMEOUT_MS."),
          tuning(
              "RACER_SHUTDOWN_TIMEOUT_MS",
              "30000",
              null,
              new IntegerRange(1, 3_600_000),
              "Shutdown deadline in milliseconds."));

  /** The keys that shape the rendered objects (the shape table's first), then the tuning keys. */
  private static final List<SettingKey> KEYS =
      Stream.concat(ShapeKeys.all().stream().map(ShapeKey::setting), OWN_KEYS.stream()).toList();

  private static final Map<String, SettingKey> BY_NAME =
      KEYS.stream().collect(Collectors.toUnmodifiableMap(SettingKey::name, Function.identity()));

  // What replaced each key, from the Racer reference (docs/content/reference/racer.md,
  // Azure/unbounded).
  private static final Map<String, String> OBSOLETE =
      obsolete(
          "RACER_ROUTING_ALGORITHM",
          "the routing algorithm is no longer selectable (every dataplane uses the same hashed-ring overlay);"
              + " tune path caching with RACER_CACHED_PATHS, RACER_PATH_CACHE_BYTES and"
              + " RACER_ACTIVE_PATH_SEARCHES instead",
          "RACER_CACHED_RANKINGS",
          "replaced by the byte budget RACER_PLACEMENT_CACHE_BYTES (about 1024 bytes per cached ranking)",
          "RACER_RAILS",
          "replaced by the Node annotation racer.unbounded-cloud.io/rdma-nics, which maps each NIC to its rail",
          "RACER_ALIGNED_RAILS",
          "replaced by the Node annotation racer.unbounded-cloud.io/rdma-nics, which maps each NIC to its rail",
          // not in the Racer reference's list: the upstream dataplane (config.rs) refuses these
          // too,
          // even when empty
          "RACER_FABRIC_PORTS",
          "fabric ports are no longer configured through settings; the dataplane refuses to start with it",
          "RACER_FABRIC_PORTS_FILE",
          "fabric ports are no longer configured through settings; the dataplane refuses to start with it");

  private SettingsCatalog() {}

  /**
   * Every known key, in the table order of docs/settings.md: the shape keys, then the tuning keys.
   */
  public static List<SettingKey> keys() {
    return KEYS;
  }

  /** The prefix of Racer's keys: only keys with it are checked; the rest is the administrator's. */
  public static final String PREFIX = "RACER_";

  /*
   * The messages of validate() as format strings whose verbs (%s only, in order) mean the same to
   * Java's String.format and to Go's printf: chart-gen writes them into the chart's validation
   * template, so both deliveries say the same words.
   */

  /** An obsolete key's message; arguments: the key, its value quoted, what replaced it. */
  public static final String OBSOLETE_MESSAGE =
      "%s is obsolete and set to %s: the Racer dataplane refuses to start while it is set, even to"
          + " an empty value; remove it: %s";

  /**
   * An unknown key's message; arguments: the key, {@link #SUGGESTION} or {@link #NO_SUGGESTION}.
   */
  public static final String UNKNOWN_MESSAGE =
      "%s is not a known racer-settings key%s Outside strict mode it is passed to the dataplane unchecked.";

  /**
   * The message of an unknown key within {@link KeySuggestion#TYPO_EDITS} of a known one, an error;
   * arguments: the key, how far ({@link #edits}), the known key, the known key, the key.
   */
  public static final String TYPO_MESSAGE =
      "%s is not a known racer-settings key, and it is %s from %s: a typo, most likely. Write %s;"
          + " or, if your dataplane reads %s (a newer release's key), list it in "
          + "uncheckedSettings (in the function config, or the chart's values) to pass it on"
          + " unchecked.";

  /**
   * The name, in the function config and in the chart's values, of the list of racer-settings keys
   * the catalog does not know that the user means: each is passed to the dataplane unchecked, with
   * no warning, never taken for a typo.
   */
  public static final String UNCHECKED_KEYS = "uncheckedSettings";

  /** How {@link #TYPO_MESSAGE} says a number of edits: {@code 1 edit}, {@code 2 edits}. */
  public static String edits(int count) {
    return count + (count == 1 ? " edit" : " edits");
  }

  /** The hint of {@link #UNKNOWN_MESSAGE} that names the nearest known key; argument: that key. */
  public static final String SUGGESTION = "; did you mean %s?";

  /** The hint of {@link #UNKNOWN_MESSAGE} when no known key is near. */
  public static final String NO_SUGGESTION = ".";

  /**
   * What a message writes after a setting's value when the key is unset and the value is its
   * default: {@code RACER_SEGMENT_BYTES is "67108864" (the default)}.
   */
  public static final String DEFAULT_NOTE = " (the default)";

  /** The catalog entry for {@code name}, or empty for an unknown or obsolete key. */
  public static Optional<SettingKey> key(String name) {
    return Optional.ofNullable(BY_NAME.get(name));
  }

  /**
   * Keys the dataplane refuses to start with, each mapped to what replaced it, in docs/settings.md
   * order.
   */
  public static Map<String, String> obsoleteKeys() {
    return OBSOLETE;
  }

  /**
   * Checks a racer-settings map: each known key against its rule, obsolete keys, unknown {@code
   * RACER_*} keys and the cross-key rules. Keys not starting with {@code RACER_} are the
   * administrator's own and are ignored. Never throws for a bad value.
   *
   * @return findings ordered errors first, then by key name, then by rule (the key's own rule
   *     before cross-key rules)
   */
  public static List<Finding> validate(Map<String, String> settings) {
    return SettingsValidation.validate(settings, Set.of());
  }

  /**
   * {@link #validate(Map)}, but the unknown keys in {@code unchecked} (the user's {@link
   * #UNCHECKED_KEYS}) are the user's to pass on: no warning, no typo error. A known or obsolete key
   * listed there is checked all the same.
   */
  public static List<Finding> validate(Map<String, String> settings, Set<String> unchecked) {
    return SettingsValidation.validate(settings, unchecked);
  }

  private static SettingKey tuning(
      String name, String defaultValue, String size, IntegerRange rule, String description) {
    String shown = size == null ? defaultValue : defaultValue + " (" + size + ")";
    return new SettingKey(name, defaultValue, shown, rule, DATAPLANE_TUNING, description);
  }

  private static Map<String, String> obsolete(String... keyThenReplacement) {
    Map<String, String> map = new LinkedHashMap<>();
    for (int i = 0; i < keyThenReplacement.length; i += 2) {
      map.put(keyThenReplacement[i], keyThenReplacement[i + 1]);
    }
    return Collections.unmodifiableMap(map);
  }
}
