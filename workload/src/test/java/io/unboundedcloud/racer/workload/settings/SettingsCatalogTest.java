package io.unboundedcloud.racer.workload.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@DisplayName("SettingsCatalog")
class SettingsCatalogTest {

  /**
   * Every range key of the Racer reference, written out by hand: key, default, smallest and largest
   * valid value.
   */
  private static final String RANGE_TABLE =
      """
            RACER_PEER_PORT,                    8082,       1024, 65535
            RACER_DIAGNOSTICS_PORT,             ,           1024, 65535
            RACER_MAX_THREADS,                  ,           2,    9223372036854775807
            RACER_SHARES,                       4,          1,    4294967295
            RACER_PLAINTEXT_BYTES,              268435456,  1,    9223372036854775807
            RACER_CIPHERTEXT_BYTES,             268435456,  1,    9223372036854775807
            RACER_DIRTY_BYTES,                  134217728,  1,    9223372036854775807
            RACER_REGISTERED_BYTES,             134217728,  1,    9223372036854775807
            RACER_REQUEST_CONTEXT_BYTES,        67108864,   1,    9223372036854775807
            RACER_METADATA_ENTRIES,             4096,       1,    1048576
            RACER_DISK_PAGE_ENTRIES,            65536,      1,    1048576
            RACER_CHECKPOINT_BYTES,             67108864,   1,    536870912
            RACER_PLACEMENT_CACHE_BYTES,        16777216,   1024, 536870912
            RACER_CACHED_PATHS,                 128,        1,    1048576
            RACER_PATH_CACHE_BYTES,             8388608,    1,    536870912
            RACER_ACTIVE_PATH_SEARCHES,         8,          1,    64
            RACER_SLAB_BYTES,                   1073741824, 1,    9223372036854775807
            RACER_SEGMENT_BYTES,                67108864,   1,    9223372036854775807
            RACER_FREE_SEGMENT_RESERVE,         2,          1,    9223372036854775807
            RACER_CLIENT_CONNECTIONS,           128,        1,    9223372036854775807
            RACER_CONNECTIONS_PER_NEIGHBOR,     2,          1,    1024
            RACER_ORIGIN_CONNECTIONS_PER_CACHE, 8,          1,    1024
            RACER_PEER_INFLIGHT_MAX,            256,        1,    9223372036854775807
            RACER_PEER_PER_NEIGHBOR_MAX,        32,         1,    9223372036854775807
            RACER_REQUEST_TIMEOUT_MS,           30000,      1,    86400000
            RACER_PEER_ATTEMPT_TIMEOUT_MS,      30000,      1,    86400000
            RACER_READER_STALL_TIMEOUT_MS,      10000,      1,    86400000
            RACER_SHUTDOWN_TIMEOUT_MS,          30000,      1,    3600000
            """;

  /**
   * Every word-valued key: key, default, accepted values, refused values ('|'-separated; <empty> is
   * "").
   */
  private static final String CHOICE_TABLE =
      """
            RACER_HOST_NETWORK,  false, true|false,                       <empty>|True|FALSE|yes|1| true|false\\n
            RACER_NVIDIA,        env,   off|env|cdi|<empty>,              Env|gpu|none| env|on|true
            RACER_CONTROL_SEATS, auto,  auto|1|2|9|10|16,   <empty>|0|17|Auto|AUTO|01|-1|+1|1.0|99999999999999999999
            RACER_ALLOW_SMT,     false, true|false,                       <empty>|TRUE|on|0
            RACER_ENABLE_RDMA,   auto,  auto|true|false,                  <empty>|AUTO|yes|on|off
            """;

  @Nested
  @DisplayName("keys()")
  class Keys {

    @Test
    @DisplayName("lists both tables of docs/settings.md in table order, shape keys first")
    void tableOrder() {
      assertThat(SettingsCatalog.keys())
          .extracting(SettingKey::name)
          .containsExactly(
              "RACER_PEER_PORT",
              "RACER_DIAGNOSTICS_PORT",
              "RACER_HOST_NETWORK",
              "RACER_NVIDIA",
              "RACER_CONTROL_SEATS",
              "RACER_MAX_THREADS",
              "RACER_ALLOW_SMT",
              "RACER_ENABLE_RDMA",
              "RACER_SHARES",
              "RACER_PLAINTEXT_BYTES",
              "RACER_CIPHERTEXT_BYTES",
              "RACER_DIRTY_BYTES",
              "RACER_REGISTERED_BYTES",
              "RACER_REQUEST_CONTEXT_BYTES",
              "RACER_METADATA_ENTRIES",
              "RACER_DISK_PAGE_ENTRIES",
              "RACER_CHECKPOINT_BYTES",
              "RACER_PLACEMENT_CACHE_BYTES",
              "RACER_CACHED_PATHS",
              "RACER_PATH_CACHE_BYTES",
              "RACER_ACTIVE_PATH_SEARCHES",
              "RACER_SLAB_BYTES",
              "RACER_SEGMENT_BYTES",
              "RACER_FREE_SEGMENT_RESERVE",
              "RACER_CLIENT_CONNECTIONS",
              "RACER_CONNECTIONS_PER_NEIGHBOR",
              "RACER_ORIGIN_CONNECTIONS_PER_CACHE",
              "RACER_PEER_INFLIGHT_MAX",
              "RACER_PEER_PER_NEIGHBOR_MAX",
              "RACER_REQUEST_TIMEOUT_MS",
              "RACER_PEER_ATTEMPT_TIMEOUT_MS",
              "RACER_READER_STALL_TIMEOUT_MS",
              "RACER_SHUTDOWN_TIMEOUT_MS");
    }

    @Test
    @DisplayName(
        "the five shape keys have the upstream workload package's defaults and the first group")
    void shapeKeys() {
      assertThat(SettingsCatalog.keys())
          .filteredOn(key -> key.group() == Group.SHAPES_OBJECTS)
          .extracting(SettingKey::name, SettingKey::defaultValue)
          .containsExactly(
              tuple("RACER_PEER_PORT", "8082"),
              tuple("RACER_DIAGNOSTICS_PORT", null),
              tuple("RACER_HOST_NETWORK", "false"),
              tuple("RACER_NVIDIA", "env"),
              tuple("RACER_CONTROL_SEATS", "auto"));
    }

    @Test
    @DisplayName(
        "an unset default is described for docs: diagnostics port and automatic thread count")
    void unsetDefaultsAreDescribed() {
      assertThat(SettingsCatalog.key("RACER_DIAGNOSTICS_PORT").orElseThrow().defaultDescription())
          .isEqualTo("unset: 9090, or 9091 when the peer port is 9090");
      assertThat(SettingsCatalog.key("RACER_MAX_THREADS").orElseThrow())
          .satisfies(key -> assertThat(key.defaultValue()).isNull())
          .satisfies(key -> assertThat(key.defaultDescription()).isEqualTo("unset (automatic)"));
    }

    @Test
    @DisplayName("every description names the cross-key rule its key owns")
    void crossKeyRulesAreDocumented() {
      assertThat(SettingsCatalog.key("RACER_SLAB_BYTES").orElseThrow().description())
          .contains("multiple of RACER_SEGMENT_BYTES");
      assertThat(SettingsCatalog.key("RACER_FREE_SEGMENT_RESERVE").orElseThrow().description())
          .contains("RACER_SLAB_BYTES / RACER_SEGMENT_BYTES");
      assertThat(
              SettingsCatalog.key("RACER_ORIGIN_CONNECTIONS_PER_CACHE").orElseThrow().description())
          .contains("at most RACER_CLIENT_CONNECTIONS");
      assertThat(SettingsCatalog.key("RACER_READER_STALL_TIMEOUT_MS").orElseThrow().description())
          .contains("at most RACER_REQUEST_TIMEOUT_MS");
    }

    @Test
    @DisplayName("the hand-written tables of this test cover every catalog key exactly once")
    void tablesCoverTheCatalog() {
      List<String> tabled =
          Stream.concat(rows(RANGE_TABLE), rows(CHOICE_TABLE)).map(row -> row[0]).toList();
      assertThat(tabled)
          .containsExactlyInAnyOrderElementsOf(
              SettingsCatalog.keys().stream().map(SettingKey::name).toList());
    }

    @Test
    @DisplayName("the list cannot be changed by a caller")
    void unmodifiable() {
      assertThatThrownBy(() -> SettingsCatalog.keys().clear())
          .isInstanceOf(UnsupportedOperationException.class);
    }
  }

  @Nested
  @DisplayName("key(name)")
  class Lookup {

    @Test
    @DisplayName("finds a known key")
    void known() {
      assertThat(SettingsCatalog.key("RACER_SLAB_BYTES"))
          .get()
          .extracting(SettingKey::defaultValue, SettingKey::group)
          .containsExactly("1073741824", Group.DATAPLANE_TUNING);
    }

    @Test
    @DisplayName("finds nothing for unknown, obsolete, misspelt or lower-case keys")
    void unknown() {
      assertThat(SettingsCatalog.key("RACER_SLAB_BYTE")).isEmpty();
      assertThat(SettingsCatalog.key("RACER_RAILS")).isEmpty();
      assertThat(SettingsCatalog.key("racer_slab_bytes")).isEmpty();
      assertThat(SettingsCatalog.key("")).isEmpty();
    }
  }

  @Nested
  @DisplayName("obsoleteKeys()")
  class ObsoleteKeys {

    @Test
    @DisplayName(
        "lists the Racer reference's four refused keys, then the two upstream also refuses, each with why")
    void listed() {
      Map<String, String> obsolete = SettingsCatalog.obsoleteKeys();
      assertThat(obsolete.keySet())
          .containsExactly(
              "RACER_ROUTING_ALGORITHM",
              "RACER_CACHED_RANKINGS",
              "RACER_RAILS",
              "RACER_ALIGNED_RAILS",
              "RACER_FABRIC_PORTS",
              "RACER_FABRIC_PORTS_FILE");
      assertThat(obsolete.values()).allSatisfy(replacement -> assertThat(replacement).isNotBlank());
      assertThat(obsolete.get("RACER_CACHED_RANKINGS")).contains("RACER_PLACEMENT_CACHE_BYTES");
      assertThat(obsolete.get("RACER_RAILS")).contains("racer.unbounded-cloud.io/rdma-nics");
      assertThat(obsolete.get("RACER_ALIGNED_RAILS"))
          .contains("racer.unbounded-cloud.io/rdma-nics");
      assertThat(obsolete.get("RACER_ROUTING_ALGORITHM")).contains("no longer selectable");
    }

    @Test
    @DisplayName("no obsolete key is also a catalog key")
    void disjoint() {
      assertThat(SettingsCatalog.obsoleteKeys().keySet())
          .doesNotContainAnyElementsOf(
              SettingsCatalog.keys().stream().map(SettingKey::name).toList());
    }
  }

  @Nested
  @DisplayName("a key declared for the catalog")
  class Declared {

    private static final IntegerRange PORTS = new IntegerRange(1024, 65535);

    @Test
    @DisplayName(
        "refuses a default its own rule refuses: every untouched installation would be invalid")
    void defaultBreaksItsRule() {
      assertThatThrownBy(
              () ->
                  new SettingKey(
                      "RACER_PEER_PORT",
                      "80",
                      "80",
                      PORTS,
                      Group.SHAPES_OBJECTS,
                      "Dataplane peer listener port."))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("RACER_PEER_PORT: default \"80\" breaks its own rule");
    }

    @Test
    @DisplayName("takes a default its rule accepts, or none at all")
    void validOrNoDefault() {
      assertThat(
              new SettingKey(
                      "RACER_PEER_PORT",
                      "8082",
                      "8082",
                      PORTS,
                      Group.SHAPES_OBJECTS,
                      "Dataplane peer listener port.")
                  .defaultValue())
          .isEqualTo("8082");
      assertThat(
              new SettingKey(
                      "RACER_DIAGNOSTICS_PORT",
                      null,
                      "unset: 9090",
                      PORTS,
                      Group.SHAPES_OBJECTS,
                      "Diagnostics listener port.")
                  .defaultValue())
          .isNull();
    }
  }

  @Nested
  @DisplayName("every key of the catalog")
  class EveryKey {

    @ParameterizedTest(name = "{0}: default {1}, {2}..{3}")
    @CsvSource(textBlock = RANGE_TABLE)
    @DisplayName("a range key has its default, accepts its bounds and refuses one past each bound")
    void rangeKey(String name, String defaultValue, String low, String high) {
      SettingKey key = SettingsCatalog.key(name).orElseThrow();
      assertThat(key.defaultValue()).isEqualTo(defaultValue);
      assertThat(key.rule()).isInstanceOf(IntegerRange.class);
      String below = new BigInteger(low).subtract(BigInteger.ONE).toString();
      String above = new BigInteger(high).add(BigInteger.ONE).toString();

      // The bounds on their own: with other keys at their defaults, a bound may break a cross-key
      // rule.
      assertThat(key.rule().check(low)).isEmpty();
      assertThat(key.rule().check(high)).isEmpty();
      if (defaultValue != null) {
        assertThat(SettingsCatalog.validate(Map.of(name, defaultValue))).isEmpty();
      }
      assertRefused(name, below);
      assertRefused(name, above);
      assertRefused(name, "");
      assertRefused(name, "-" + low);
      assertRefused(name, low + "Mi");
    }

    @ParameterizedTest(name = "{0}: default {1}")
    @CsvSource(textBlock = CHOICE_TABLE)
    @DisplayName("a word-valued key has its default, accepts its words and refuses near misses")
    void choiceKey(String name, String defaultValue, String accepted, String refused) {
      SettingKey key = SettingsCatalog.key(name).orElseThrow();
      assertThat(key.defaultValue()).isEqualTo(defaultValue);
      assertThat(SettingsCatalog.validate(Map.of(name, defaultValue))).isEmpty();
      for (String value : values(accepted)) {
        assertThat(SettingsCatalog.validate(Map.of(name, value)))
            .as("%s=%s", name, value)
            .isEmpty();
      }
      for (String value : values(refused)) {
        assertRefused(name, value);
      }
    }

    @Test
    @DisplayName("with every default written out, the catalog validates clean")
    void allDefaultsTogether() {
      Map<String, String> defaults = new java.util.TreeMap<>();
      SettingsCatalog.keys().stream()
          .filter(key -> key.defaultValue() != null)
          .forEach(key -> defaults.put(key.name(), key.defaultValue()));
      assertThat(defaults).hasSize(31);
      assertThat(SettingsCatalog.validate(defaults)).isEmpty();
    }

    private void assertRefused(String name, String value) {
      assertThat(SettingsCatalog.validate(Map.of(name, value)))
          .as("%s=\"%s\"", name, value)
          .singleElement()
          .satisfies(
              finding -> {
                assertThat(finding.key()).isEqualTo(name);
                assertThat(finding.severity()).isEqualTo(FindingSeverity.ERROR);
                assertThat(finding.message()).startsWith(name + " is \"");
                assertThat(finding.suggestion()).isNull();
              });
    }
  }

  private static Stream<String[]> rows(String table) {
    return table
        .lines()
        .filter(line -> !line.isBlank())
        .map(line -> Arrays.stream(line.split(",")).map(String::strip).toArray(String[]::new));
  }

  private static List<String> values(String column) {
    return Arrays.stream(column.split("\\|", -1))
        .map(value -> value.equals("<empty>") ? "" : value.replace("\\n", "\n"))
        .toList();
  }
}
