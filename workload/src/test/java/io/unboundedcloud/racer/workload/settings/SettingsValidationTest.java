package io.unboundedcloud.racer.workload.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

@DisplayName("SettingsCatalog.validate")
class SettingsValidationTest {

  @Nested
  @DisplayName("a known key")
  class KnownKey {

    @Test
    @DisplayName("with a bad value is an error naming the key, the value and the rule")
    void message() {
      assertThat(SettingsCatalog.validate(Map.of("RACER_PEER_PORT", "80")))
          .containsExactly(
              new Finding(
                  "RACER_PEER_PORT",
                  FindingSeverity.ERROR,
                  "RACER_PEER_PORT is \"80\": must be an integer in 1024..65535",
                  null));
    }

    @Test
    @DisplayName(
        "with a Kubernetes quantity instead of digits is an error, not a conversion; the count it"
            + " meant is offered (256 x 2^20)")
    void quantity() {
      assertThat(SettingsCatalog.validate(Map.of("RACER_PLAINTEXT_BYTES", "256Mi")))
          .singleElement()
          .extracting(Finding::message)
          .isEqualTo(
              "RACER_PLAINTEXT_BYTES is \"256Mi\": must be a positive integer, written as plain"
                  + " decimal digits (no sign, unit, space or leading zero); did you mean "
                  + (256L << 20)
                  + "?");
    }

    @Test
    @DisplayName("with a number too large for a long is a clean error")
    void overflow() {
      assertThat(SettingsCatalog.validate(Map.of("RACER_SLAB_BYTES", "99999999999999999999")))
          .singleElement()
          .extracting(Finding::key, Finding::severity)
          .containsExactly("RACER_SLAB_BYTES", FindingSeverity.ERROR);
    }

    @Test
    @DisplayName("with a null value (a YAML key without value) is checked as empty")
    void nullValue() {
      Map<String, String> settings = new HashMap<>();
      settings.put("RACER_PEER_PORT", null);
      settings.put("RACER_NVIDIA", null);
      assertThat(SettingsCatalog.validate(settings))
          .singleElement()
          .extracting(Finding::message)
          .asString()
          .startsWith("RACER_PEER_PORT is \"\": must be");
    }

    @Test
    @DisplayName(
        "quotes control characters and quotes in the value so the message stays on one line")
    void escapedValue() {
      assertThat(SettingsCatalog.validate(Map.of("RACER_HOST_NETWORK", "tr\"ue\n")))
          .singleElement()
          .extracting(Finding::message)
          .isEqualTo("RACER_HOST_NETWORK is \"tr\\\"ue\\n\": must be exactly true or false");
    }

    @Test
    @DisplayName("does not check that listener ports are distinct: Config.validate() owns that")
    void noPortDistinctness() {
      assertThat(
              SettingsCatalog.validate(
                  Map.of("RACER_PEER_PORT", "9090", "RACER_DIAGNOSTICS_PORT", "9090")))
          .isEmpty();
      assertThat(SettingsCatalog.validate(Map.of("RACER_PEER_PORT", "8443"))).isEmpty();
    }
  }

  @Nested
  @DisplayName("an obsolete key")
  class ObsoleteKey {

    @ParameterizedTest(name = "{0}=\"{1}\"")
    @CsvSource(
        textBlock =
            """
                RACER_ROUTING_ALGORITHM, radix
                RACER_ROUTING_ALGORITHM, ''
                RACER_CACHED_RANKINGS,   128
                RACER_CACHED_RANKINGS,   ''
                RACER_RAILS,             0
                RACER_RAILS,             ''
                RACER_ALIGNED_RAILS,     true
                RACER_ALIGNED_RAILS,     ''
                RACER_FABRIC_PORTS,      '0,1'
                RACER_FABRIC_PORTS_FILE, ''
                """)
    @DisplayName(
        "is an error even when empty: the dataplane refuses to start; remove it; what replaced it")
    void refused(String key, String value) {
      assertThat(SettingsCatalog.validate(Map.of(key, value)))
          .singleElement()
          .satisfies(
              finding -> {
                assertThat(finding.key()).isEqualTo(key);
                assertThat(finding.severity()).isEqualTo(FindingSeverity.ERROR);
                assertThat(finding.suggestion()).isNull();
                assertThat(finding.message())
                    .startsWith(key + " is obsolete and set to \"" + value + "\"")
                    .contains("refuses to start", "even to an empty value", "remove it")
                    .endsWith(SettingsCatalog.obsoleteKeys().get(key));
              });
    }

    @Test
    @DisplayName("says which setting replaced a removed tuning key")
    void replacementNamed() {
      assertThat(SettingsCatalog.validate(Map.of("RACER_CACHED_RANKINGS", "")))
          .singleElement()
          .extracting(Finding::message)
          .asString()
          .contains("RACER_PLACEMENT_CACHE_BYTES");
    }
  }

  @Nested
  @DisplayName("an unknown RACER_ key")
  class UnknownKey {

    @Test
    @DisplayName(
        "within two edits of a known key is an error naming it: RACER_SLAB_BYTE -> RACER_SLAB_BYTES")
    void nearSuggestion() {
      assertThat(SettingsCatalog.validate(Map.of("RACER_SLAB_BYTE", "1073741824")))
          .containsExactly(
              new Finding(
                  "RACER_SLAB_BYTE",
                  FindingSeverity.ERROR,
                  "RACER_SLAB_BYTE is not a known racer-settings key, and it is 1 edit from"
                      + " RACER_SLAB_BYTES: a typo, most likely. Write RACER_SLAB_BYTES; or, if"
                      + " your dataplane reads RACER_SLAB_BYTE (a newer release's key), list it in"
                      + " uncheckedSettings (in the function config, or the chart's values) to pass"
                      + " it on unchecked.",
                  "RACER_SLAB_BYTES"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
        textBlock =
            """
                RACER_SALB_BYTES,           RACER_SLAB_BYTES,         1 edit,  ERROR
                RACER_DIAGNOSTIC_PORT,      RACER_DIAGNOSTICS_PORT,   1 edit,  ERROR
                RACER_PEERPORT,             RACER_PEER_PORT,          1 edit,  ERROR
                RACER_MAX_THREAD,           RACER_MAX_THREADS,        1 edit,  ERROR
                RACER_CONTROL_SEAT,         RACER_CONTROL_SEATS,      1 edit,  ERROR
                RACER_NVIDA,                RACER_NVIDIA,             1 edit,  ERROR
                RACER_NIVDA,                RACER_NVIDIA,             2 edits, ERROR
                RACER_PEER_PROTS,           RACER_PEER_PORT,          2 edits, ERROR
                RACER_REQUEST_TIMEOUT,      RACER_REQUEST_TIMEOUT_MS, ,        WARNING
                """)
    @DisplayName(
        "a missing, extra, swapped or wrong letter: within two edits an error, a warning beyond")
    void typos(String typo, String expected, String edits, FindingSeverity severity) {
      assertThat(SettingsCatalog.validate(Map.of(typo, "1")))
          .singleElement()
          .satisfies(
              finding -> {
                assertThat(finding.severity()).isEqualTo(severity);
                assertThat(finding.suggestion()).isEqualTo(expected);
                assertThat(finding.message())
                    .contains(
                        severity == FindingSeverity.ERROR
                            ? "it is " + edits + " from " + expected + ": a typo"
                            : "did you mean " + expected + "?");
              });
    }

    @Test
    @DisplayName("a typo listed as unchecked is passed on: no error, no warning")
    void uncheckedTypo() {
      assertThat(
              SettingsCatalog.validate(
                  Map.of("RACER_NVIDA", "off", "RACER_NEW_KNOB", "1"),
                  Set.of("RACER_NVIDA", "RACER_NEW_KNOB")))
          .isEmpty();
      assertThat(
              SettingsCatalog.validate(Map.of("RACER_PEER_PORT", "80"), Set.of("RACER_PEER_PORT")))
          .as("a catalog key listed as unchecked is checked all the same")
          .extracting(Finding::severity)
          .containsExactly(FindingSeverity.ERROR);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = {"RACER_ADMISSION_MODE", "RACER_COMPLETELY_DIFFERENT", "RACER_X", "RACER_"})
    @DisplayName("far from every known key is a warning with no suggestion")
    void farOff(String key) {
      assertThat(SettingsCatalog.validate(Map.of(key, "x")))
          .containsExactly(
              new Finding(
                  key,
                  FindingSeverity.WARNING,
                  key
                      + " is not a known racer-settings key. Outside strict mode it is passed to the dataplane unchecked.",
                  null));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
        textBlock =
            """
                RACER_NVDA,             RACER_NVIDIA
                RACER_NVD,
                RACER_PLACEMENT_CACHE_, RACER_PLACEMENT_CACHE_BYTES
                RACER_PLACEMENT_CACHE,
                """)
    @DisplayName(
        "a typo is two edits in a short key, a quarter of its letters in a long one, and no more")
    void howFar(String typo, String expected) {
      assertThat(SettingsCatalog.validate(Map.of(typo, "1")))
          .singleElement()
          .extracting(Finding::suggestion)
          .isEqualTo(expected);
    }

    @Test
    @DisplayName("a long key like no known key gets no suggestion, however long it is")
    void longAndUnlike() {
      String key = "RACER_ENABLE_THE_EXPERIMENTAL_ADMISSION_WEBHOOK_FOR_EVERY_NAMESPACE";
      assertThat(SettingsCatalog.validate(Map.of(key, "true")))
          .singleElement()
          .extracting(Finding::suggestion)
          .isNull();
    }

    @Test
    @DisplayName(
        "a name longer than a ConfigMap key (253) gets no suggestion, even one edit from a key")
    void pastTheLongestKey() {
      String known = "RACER_" + "K".repeat(247);
      assertThat(KeySuggestion.nearest(known.substring(1) + "X", List.of(known))).hasValue(known);
      assertThat(KeySuggestion.nearest(known + "X", List.of(known))).isEmpty();
    }

    @Test
    @DisplayName("a key of 2 MiB gets no suggestion (and is not compared letter by letter)")
    void twoMebibytes() {
      String key = "RACER_" + "X".repeat(2 << 20);
      assertThat(
              KeySuggestion.nearest(
                  key, SettingsCatalog.keys().stream().map(SettingKey::name).toList()))
          .isEmpty();
    }

    @Test
    @DisplayName("on a tie, the suggestion is the key that comes first in the catalog")
    void tieBrokenByCatalogOrder() {
      assertThat(KeySuggestion.nearest("RACER_AB", List.of("RACER_AC", "RACER_AD")))
          .hasValue("RACER_AC");
      assertThat(KeySuggestion.nearest("RACER_AB", List.of("RACER_AD", "RACER_AC")))
          .hasValue("RACER_AD");
    }

    @ParameterizedTest(name = "{0} / {1}: {2}")
    @CsvSource(
        textBlock =
            """
                abc,  abc,  0
                abc,  acb,  1
                abc,  ab,   1
                ab,   abc,  1
                abc,  xbc,  1
                '',   abc,  3
                ca,   abc,  3
                """)
    @DisplayName("counts insertions, deletions, substitutions and adjacent swaps as one edit each")
    void distance(String a, String b, int expected) {
      assertThat(KeySuggestion.distance(a, b)).isEqualTo(expected);
    }
  }

  @Nested
  @DisplayName("a key that does not start with RACER_")
  class ForeignKey {

    @Test
    @DisplayName("is the administrator's own data and is ignored, whatever its value")
    void ignored() {
      assertThat(
              SettingsCatalog.validate(
                  Map.of(
                      "my-note", "anything at all",
                      "racer_slab_bytes", "256Mi",
                      "RACERSLAB_BYTES", "x",
                      "NVIDIA_VISIBLE_DEVICES", "none",
                      "X_RACER_RAILS", "")))
          .isEmpty();
    }

    @Test
    @DisplayName("an empty map has no findings")
    void empty() {
      assertThat(SettingsCatalog.validate(Map.of())).isEmpty();
    }
  }

  @Nested
  @DisplayName("cross-key rules")
  class CrossKey {

    @ParameterizedTest(name = "{0} -> [{1}]")
    @CsvSource(
        delimiter = '|',
        textBlock =
            """
                RACER_SLAB_BYTES=1073741824                                  |
                RACER_SLAB_BYTES=201326592                                   |
                RACER_SLAB_BYTES=30000 RACER_SEGMENT_BYTES=1000              |
                RACER_SLAB_BYTES=1000500 RACER_SEGMENT_BYTES=1000            | RACER_SLAB_BYTES
                RACER_SEGMENT_BYTES=100000000                                | RACER_SLAB_BYTES
                RACER_SEGMENT_BYTES=600000000                                | RACER_FREE_SEGMENT_RESERVE RACER_SLAB_BYTES
                RACER_FREE_SEGMENT_RESERVE=15                                |
                RACER_FREE_SEGMENT_RESERVE=16                                | RACER_FREE_SEGMENT_RESERVE
                RACER_SLAB_BYTES=134217728                                   | RACER_FREE_SEGMENT_RESERVE
                RACER_SLAB_BYTES=4000 RACER_SEGMENT_BYTES=1000 RACER_FREE_SEGMENT_RESERVE=3 |
                RACER_SLAB_BYTES=4000 RACER_SEGMENT_BYTES=1000 RACER_FREE_SEGMENT_RESERVE=4 | RACER_FREE_SEGMENT_RESERVE
                RACER_ORIGIN_CONNECTIONS_PER_CACHE=128                       |
                RACER_ORIGIN_CONNECTIONS_PER_CACHE=129                       | RACER_ORIGIN_CONNECTIONS_PER_CACHE
                RACER_CLIENT_CONNECTIONS=8                                   |
                RACER_CLIENT_CONNECTIONS=7                                   | RACER_ORIGIN_CONNECTIONS_PER_CACHE
                RACER_CLIENT_CONNECTIONS=2000 RACER_ORIGIN_CONNECTIONS_PER_CACHE=1024 |
                RACER_READER_STALL_TIMEOUT_MS=30000                          |
                RACER_READER_STALL_TIMEOUT_MS=30001                          | RACER_READER_STALL_TIMEOUT_MS
                RACER_REQUEST_TIMEOUT_MS=10000                               |
                RACER_REQUEST_TIMEOUT_MS=9999                                | RACER_READER_STALL_TIMEOUT_MS
                RACER_REQUEST_TIMEOUT_MS=1 RACER_READER_STALL_TIMEOUT_MS=1   |
                """)
    @DisplayName("hold or break with defaults standing in for absent keys")
    void bothWays(String settings, String expectedKeys) {
      List<String> expected =
          expectedKeys == null ? List.of() : Arrays.asList(expectedKeys.split(" "));
      assertThat(SettingsCatalog.validate(parse(settings)))
          .allSatisfy(finding -> assertThat(finding.severity()).isEqualTo(FindingSeverity.ERROR))
          .extracting(Finding::key)
          .containsExactlyElementsOf(expected);
    }

    @Test
    @DisplayName("a finding names both keys and both values, marking a default as such")
    void messageNamesBoth() {
      assertThat(
              SettingsCatalog.validate(
                  Map.of("RACER_SLAB_BYTES", "1000500", "RACER_SEGMENT_BYTES", "1000")))
          .singleElement()
          .extracting(Finding::message)
          .isEqualTo(
              "RACER_SLAB_BYTES is \"1000500\": must be a positive multiple of RACER_SEGMENT_BYTES;"
                  + " RACER_SEGMENT_BYTES is \"1000\"");
      assertThat(SettingsCatalog.validate(Map.of("RACER_REQUEST_TIMEOUT_MS", "5000")))
          .singleElement()
          .extracting(Finding::message)
          .isEqualTo(
              "RACER_READER_STALL_TIMEOUT_MS is \"10000\" (the default): must be at most"
                  + " RACER_REQUEST_TIMEOUT_MS; RACER_REQUEST_TIMEOUT_MS is \"5000\"");
      assertThat(SettingsCatalog.validate(Map.of("RACER_FREE_SEGMENT_RESERVE", "16")))
          .singleElement()
          .extracting(Finding::message)
          .isEqualTo(
              "RACER_FREE_SEGMENT_RESERVE is \"16\": must be fewer than RACER_SLAB_BYTES /"
                  + " RACER_SEGMENT_BYTES (16 segments); RACER_SLAB_BYTES is \"1073741824\" (the default);"
                  + " RACER_SEGMENT_BYTES is \"67108864\" (the default)");
      assertThat(SettingsCatalog.validate(Map.of("RACER_CLIENT_CONNECTIONS", "4")))
          .singleElement()
          .extracting(Finding::message)
          .isEqualTo(
              "RACER_ORIGIN_CONNECTIONS_PER_CACHE is \"8\" (the default): must be at most"
                  + " RACER_CLIENT_CONNECTIONS; RACER_CLIENT_CONNECTIONS is \"4\"");
    }

    @ParameterizedTest(name = "{0} -> [{1}]")
    @CsvSource(
        delimiter = '|',
        textBlock =
            """
                RACER_SLAB_BYTES=1000500 RACER_SEGMENT_BYTES=64Mi                 | RACER_SEGMENT_BYTES
                RACER_SLAB_BYTES=99999999999999999999                             | RACER_SLAB_BYTES
                RACER_FREE_SEGMENT_RESERVE=0                                      | RACER_FREE_SEGMENT_RESERVE
                RACER_CLIENT_CONNECTIONS=0                                        | RACER_CLIENT_CONNECTIONS
                RACER_ORIGIN_CONNECTIONS_PER_CACHE=2000 RACER_CLIENT_CONNECTIONS=4 | RACER_ORIGIN_CONNECTIONS_PER_CACHE
                RACER_REQUEST_TIMEOUT_MS=0                                        | RACER_REQUEST_TIMEOUT_MS
                RACER_REQUEST_TIMEOUT_MS=5000 RACER_READER_STALL_TIMEOUT_MS=-1     | RACER_READER_STALL_TIMEOUT_MS
                """)
    @DisplayName("are skipped when a value they read is invalid on its own: one finding, not two")
    void skippedOnInvalidOperand(String settings, String expectedKey) {
      assertThat(SettingsCatalog.validate(parse(settings)))
          .extracting(Finding::key)
          .containsExactly(expectedKey);
    }
  }

  @Nested
  @DisplayName("the order of findings")
  class Order {

    private final Map<String, String> messy =
        Map.of(
            "RACER_SLAB_BYTE", "1",
            "RACER_RAILS", "",
            "RACER_PEER_PORT", "80",
            "RACER_SLAB_BYTES", "1000500",
            "RACER_SEGMENT_BYTES", "1000",
            "RACER_REQUEST_TIMEOUT_MS", "5000",
            "RACER_ALLOW_SMT", "yes",
            "RACER_AAA_NEW_KNOB", "1",
            "my-note", "x");

    @Test
    @DisplayName("is errors first, then by key name, whatever order the map iterates in")
    void byKeyName() {
      List<Finding> findings = SettingsCatalog.validate(messy);
      assertThat(findings)
          .extracting(Finding::key, Finding::severity)
          .containsExactly(
              tuple("RACER_ALLOW_SMT", FindingSeverity.ERROR),
              tuple("RACER_PEER_PORT", FindingSeverity.ERROR),
              tuple("RACER_RAILS", FindingSeverity.ERROR),
              tuple("RACER_READER_STALL_TIMEOUT_MS", FindingSeverity.ERROR),
              tuple("RACER_SLAB_BYTE", FindingSeverity.ERROR),
              tuple("RACER_SLAB_BYTES", FindingSeverity.ERROR),
              tuple("RACER_AAA_NEW_KNOB", FindingSeverity.WARNING));

      Map<String, String> reversed = new LinkedHashMap<>();
      new TreeMap<>(messy).descendingMap().forEach(reversed::put);
      assertThat(SettingsCatalog.validate(reversed)).isEqualTo(findings);
      assertThat(SettingsCatalog.validate(new HashMap<>(messy))).isEqualTo(findings);
    }

    @Test
    @DisplayName("the result is immutable and the input is left alone")
    void immutable() {
      Map<String, String> input = new HashMap<>(messy);
      List<Finding> findings = SettingsCatalog.validate(input);
      assertThat(input).isEqualTo(messy);
      assertThatThrownBy(findings::clear).isInstanceOf(UnsupportedOperationException.class);
    }
  }

  /** "A=1 B=2" as a map. */
  private static Map<String, String> parse(String settings) {
    Map<String, String> map = new LinkedHashMap<>();
    for (String pair : settings.trim().split("\\s+")) {
      String[] kv = pair.split("=", 2);
      map.put(kv[0], kv[1]);
    }
    return map;
  }
}
