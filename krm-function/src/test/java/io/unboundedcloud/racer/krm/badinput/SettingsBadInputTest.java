package io.unboundedcloud.racer.krm.badinput;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.ResourceLists;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every invalid racer-settings value of the settings catalog (docs/settings.md): an error result on
 * the settings ConfigMap whose {@code field.path} is {@code data.KEY}, exit 1, and every item
 * written back unchanged.
 */
@DisplayName("Invalid racer-settings are errors on the settings ConfigMap, at data.KEY")
class SettingsBadInputTest {
  /**
   * One bad setting.
   *
   * @param key the key at fault: the result must point at {@code data.KEY}
   * @param data the whole data map of racer-settings
   * @param advice words of the message that say what is required
   */
  record Case(String key, Map<String, String> data, String advice) {
    static Case of(String key, String value, String advice) {
      return new Case(key, Map.of(key, value), advice);
    }

    /** {@code key=value} with other keys set as well. */
    static Case with(String key, String value, String advice, String... otherKeyValues) {
      Map<String, String> data = new LinkedHashMap<>();
      for (int i = 0; i < otherKeyValues.length; i += 2) {
        data.put(otherKeyValues[i], otherKeyValues[i + 1]);
      }
      data.put(key, value);
      return new Case(key, data, advice);
    }

    @Override
    public String toString() {
      return data.entrySet().stream()
          .map(e -> e.getKey() + "=\"" + e.getValue() + "\"")
          .collect(Collectors.joining(", "));
    }
  }

  private static final String RANGE = "must be";

  /** Each key of docs/settings.md with values its rule refuses. */
  static Stream<Case> ownRule() {
    return Stream.of(
        // keys that shape the rendered objects
        Case.of("RACER_PEER_PORT", "0", "1024..65535"),
        Case.of("RACER_PEER_PORT", "1023", "1024..65535"),
        Case.of("RACER_PEER_PORT", "65536", "1024..65535"),
        Case.of("RACER_PEER_PORT", "http", RANGE),
        Case.of("RACER_PEER_PORT", "08082", "no sign, unit, space or leading zero"),
        Case.of("RACER_PEER_PORT", "", RANGE),
        Case.of("RACER_DIAGNOSTICS_PORT", "80", "1024..65535"),
        Case.of("RACER_DIAGNOSTICS_PORT", "65536", "1024..65535"),
        Case.of("RACER_DIAGNOSTICS_PORT", "-9090", RANGE),
        Case.of("RACER_HOST_NETWORK", "yes", "exactly true or false"),
        Case.of("RACER_HOST_NETWORK", "True", "exactly true or false"),
        Case.of("RACER_HOST_NETWORK", "", "exactly true or false"),
        Case.of("RACER_NVIDIA", "gpu", "off, env, cdi"),
        Case.of("RACER_NVIDIA", "CDI", "off, env, cdi"),
        Case.of("RACER_CONTROL_SEATS", "0", "1..16"),
        Case.of("RACER_CONTROL_SEATS", "17", "1..16"),
        Case.of("RACER_CONTROL_SEATS", "many", "auto"),
        // dataplane tuning keys
        Case.of("RACER_MAX_THREADS", "1", ">= 2"),
        Case.of("RACER_MAX_THREADS", "two", RANGE),
        Case.of("RACER_ALLOW_SMT", "yes", "exactly true or false"),
        Case.of("RACER_ENABLE_RDMA", "maybe", "auto, true, false"),
        Case.of("RACER_SHARES", "0", "4294967295"),
        Case.of("RACER_SHARES", "4294967296", "4294967295"),
        Case.of("RACER_PLAINTEXT_BYTES", "256Mi", "plain decimal digits"),
        Case.of("RACER_PLAINTEXT_BYTES", "0", "positive"),
        Case.of("RACER_CIPHERTEXT_BYTES", "-1", RANGE),
        Case.of("RACER_DIRTY_BYTES", "1e9", RANGE),
        Case.of("RACER_REGISTERED_BYTES", "0", "positive"),
        Case.of("RACER_REQUEST_CONTEXT_BYTES", "64 MiB", RANGE),
        Case.of("RACER_METADATA_ENTRIES", "0", "1..1048576"),
        Case.of("RACER_METADATA_ENTRIES", "1048577", "1..1048576"),
        Case.of("RACER_DISK_PAGE_ENTRIES", "1048577", "1..1048576"),
        Case.of("RACER_CHECKPOINT_BYTES", "536870913", "1..536870912"),
        Case.of("RACER_PLACEMENT_CACHE_BYTES", "1023", "1024..536870912"),
        Case.of("RACER_CACHED_PATHS", "0", "1..1048576"),
        Case.of("RACER_PATH_CACHE_BYTES", "536870913", "1..536870912"),
        Case.of("RACER_ACTIVE_PATH_SEARCHES", "65", "1..64"),
        Case.of("RACER_SLAB_BYTES", "0", "positive"),
        Case.of("RACER_SEGMENT_BYTES", "0", "positive"),
        Case.of("RACER_FREE_SEGMENT_RESERVE", "0", "positive"),
        Case.of("RACER_CLIENT_CONNECTIONS", "0", "positive"),
        Case.of("RACER_CONNECTIONS_PER_NEIGHBOR", "1025", "1..1024"),
        Case.of("RACER_ORIGIN_CONNECTIONS_PER_CACHE", "0", "1..1024"),
        Case.of("RACER_PEER_INFLIGHT_MAX", "0", "positive"),
        Case.of("RACER_PEER_PER_NEIGHBOR_MAX", "many", RANGE),
        Case.of("RACER_REQUEST_TIMEOUT_MS", "86400001", "1..86400000"),
        Case.of("RACER_PEER_ATTEMPT_TIMEOUT_MS", "0", "1..86400000"),
        Case.of("RACER_READER_STALL_TIMEOUT_MS", "0", "1..86400000"),
        Case.of("RACER_SHUTDOWN_TIMEOUT_MS", "3600001", "1..3600000"),
        Case.of("RACER_SHUTDOWN_TIMEOUT_MS", "99999999999999999999", RANGE));
  }

  /** Keys the dataplane refuses to start with, whatever their value, and what replaced them. */
  static Stream<Case> obsolete() {
    return SettingsCatalog.obsoleteKeys().keySet().stream()
        .flatMap(key -> Stream.of(Case.of(key, "", "remove it"), Case.of(key, "x", "remove it")));
  }

  /** The four listener ports (peer, diagnostics, control 8443, webhook 9443) must be distinct. */
  static Stream<Case> ports() {
    return Stream.of(
        Case.of("RACER_PEER_PORT", "8443", "must be distinct"),
        Case.of("RACER_PEER_PORT", "9443", "must be distinct"),
        Case.of("RACER_DIAGNOSTICS_PORT", "8443", "must be distinct"),
        Case.of("RACER_DIAGNOSTICS_PORT", "9443", "must be distinct"),
        Case.of("RACER_DIAGNOSTICS_PORT", "8082", "must be distinct"),
        Case.with("RACER_DIAGNOSTICS_PORT", "9000", "must be distinct", "RACER_PEER_PORT", "9000"));
  }

  /** Rules between keys: the result points at the key the rule constrains. */
  static Stream<Case> crossKey() {
    return Stream.of(
        Case.with("RACER_SLAB_BYTES", "201326593", "multiple of RACER_SEGMENT_BYTES"),
        Case.with(
            "RACER_SLAB_BYTES",
            "1073741824",
            "multiple of RACER_SEGMENT_BYTES",
            "RACER_SEGMENT_BYTES",
            "100000000"),
        Case.with(
            "RACER_READER_STALL_TIMEOUT_MS",
            "20000",
            "at most RACER_REQUEST_TIMEOUT_MS",
            "RACER_REQUEST_TIMEOUT_MS",
            "15000"),
        Case.with("RACER_READER_STALL_TIMEOUT_MS", "30001", "at most RACER_REQUEST_TIMEOUT_MS"),
        Case.with(
            "RACER_FREE_SEGMENT_RESERVE",
            "16",
            "fewer than RACER_SLAB_BYTES / RACER_SEGMENT_BYTES"),
        Case.with(
            "RACER_ORIGIN_CONNECTIONS_PER_CACHE",
            "8",
            "at most RACER_CLIENT_CONNECTIONS",
            "RACER_CLIENT_CONNECTIONS",
            "4"));
  }

  /** The settings' one error, checked for everything a bad setting must give. */
  private static Map<String, Object> assertOneErrorAt(Case bad) {
    String input = ResourceLists.withSettings(bad.data());
    KrmRun run = KrmRun.function(input);
    Map<String, Object> error = Verdict.assertRefusedKeepingItems(input, run).onlyError();
    assertThat(error.get("field"))
        .as("field of %s", error)
        .isEqualTo(Map.of("path", "data." + bad.key(), "currentValue", bad.data().get(bad.key())));
    assertThat(error.get("resourceRef"))
        .as("resourceRef of %s", error)
        .isEqualTo(
            Map.of(
                "apiVersion",
                "v1",
                "kind",
                "ConfigMap",
                "name",
                "racer-settings",
                "namespace",
                ResourceLists.NAMESPACE));
    String message = (String) error.get("message");
    assertThat(message).as("what is required").contains(bad.advice());
    assertThat(run.stderr())
        .as("stderr names the object and the field")
        .contains("[ConfigMap racer/racer-settings, field data." + bad.key() + "]");
    return error;
  }

  @Nested
  @DisplayName("a value its own rule refuses")
  class OwnRule {
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.badinput.SettingsBadInputTest#ownRule")
    @DisplayName("is an error naming the key and the value")
    void refused(Case bad) {
      String message = (String) assertOneErrorAt(bad).get("message");
      assertThat(message).contains(bad.key() + " is \"" + bad.data().get(bad.key()) + "\"");
    }

    @Test
    @DisplayName("the table covers every key of the settings catalog")
    void coversCatalog() {
      Set<String> covered = ownRule().map(Case::key).collect(Collectors.toCollection(TreeSet::new));
      List<String> catalog = SettingsCatalog.keys().stream().map(SettingKey::name).toList();
      assertThat(covered).containsAll(catalog);
    }
  }

  @Nested
  @DisplayName("an obsolete key, even empty")
  class Obsolete {
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.badinput.SettingsBadInputTest#obsolete")
    @DisplayName("is an error naming the key and what replaced it")
    void refused(Case bad) {
      String message = (String) assertOneErrorAt(bad).get("message");
      assertThat(message)
          .contains(
              bad.key(),
              "obsolete",
              "refuses to start",
              SettingsCatalog.obsoleteKeys().get(bad.key()));
    }

    @Test
    @DisplayName("the table covers the four keys the Racer reference forbids")
    void coversSettingsMd() {
      assertThat(obsolete().map(Case::key))
          .contains(
              "RACER_ROUTING_ALGORITHM",
              "RACER_CACHED_RANKINGS",
              "RACER_RAILS",
              "RACER_ALIGNED_RAILS");
    }
  }

  @Nested
  @DisplayName("a listener port that collides with another")
  class Ports {
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.badinput.SettingsBadInputTest#ports")
    @DisplayName("is an error on the port's key, naming the port")
    void refused(Case bad) {
      String message = (String) assertOneErrorAt(bad).get("message");
      assertThat(message).contains(bad.data().get(bad.key()));
    }
  }

  @Nested
  @DisplayName("values that break a rule between keys")
  class CrossKey {
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.badinput.SettingsBadInputTest#crossKey")
    @DisplayName("are an error on the constrained key, quoting every value involved")
    void refused(Case bad) {
      String message = (String) assertOneErrorAt(bad).get("message");
      assertThat(message).contains(bad.key() + " is \"" + bad.data().get(bad.key()) + "\"");
      bad.data().keySet().forEach(key -> assertThat(message).contains(key));
    }
  }

  static Stream<Case> refusedKeys() {
    String rule = "the API server";
    return Stream.of(
        Case.of("..", "x", "refuses '.', '..' and any key that starts with '..'"),
        Case.of(".", "x", "refuses '.', '..'"),
        Case.of("..RACER_NVIDIA", "cdi", "any key that starts with '..'"),
        Case.of(
            "RACER/NVIDIA",
            "cdi",
            "accepts only letters, digits, '-', '_' and '.' in a key, not '/'"),
        Case.of("RACER NVIDIA", "cdi", "not U+0020"),
        Case.of("RACER_ÜBER", "1", "not 'Ü'"),
        Case.of("LD_PRELOAD:x", "1", rule),
        Case.of("R" + "A".repeat(252) + "X", "1", "254 characters long"));
  }

  @Nested
  @DisplayName("a key the API server refuses in a ConfigMap")
  class RefusedKey {
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.badinput.SettingsBadInputTest#refusedKeys")
    @DisplayName("is an error naming the key and the rule")
    void refused(Case bad) {
      String input = ResourceLists.withSettings(bad.data());
      KrmRun run = KrmRun.function(input);
      Map<String, Object> error = Verdict.assertRefusedKeepingItems(input, run).onlyError();
      String message = (String) error.get("message");
      String shown = bad.key().length() > 64 ? bad.key().substring(0, 64) : bad.key();
      assertThat(message)
          .startsWith("\"" + shown)
          .contains("is not a valid ConfigMap key: ", bad.advice(), "remove it.");
      assertThat(((Map<?, ?>) error.get("field")).get("path"))
          .isEqualTo("data." + (bad.key().length() > 64 ? shown + "..." : bad.key()));
    }

    @Tag("slow")
    @Test
    @DisplayName("a key of 2 MiB: refused, shown cut with its length, no other finding about it")
    void twoMebibytes() {
      String key = "RACER_" + "X".repeat((2 << 20) - 6);
      // an explicit key (?): YAML allows an implicit key of at most 1024 characters
      String input =
          ResourceLists.withSettings(Map.of())
              .replace("  data: {}\n", "  data:\n    ? " + key + "\n    : \"1\"\n");
      KrmRun run = KrmRun.function(input);
      Map<String, Object> error = Verdict.assertRefusedKeepingItems(input, run).onlyError();
      assertThat((String) error.get("message"))
          .isEqualTo(
              "\"RACER_"
                  + "X".repeat(58)
                  + "\"... (2,097,152 characters) is not a valid ConfigMap key: it is 2,097,152"
                  + " characters long, and the API server accepts at most 253. Shorten it, or"
                  + " remove it.");
      assertThat(run.stderr().length()).as("stderr stays short").isLessThan(1000);
    }
  }
}
