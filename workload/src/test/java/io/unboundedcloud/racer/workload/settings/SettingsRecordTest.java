package io.unboundedcloud.racer.workload.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@DisplayName("SettingsRecord: the racer-settings data the function rendered with")
class SettingsRecordTest {

  private static String sha256(String text) throws Exception {
    return HexFormat.of()
        .formatHex(
            MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
  }

  @Nested
  @DisplayName("written")
  class Written {
    @Test
    @DisplayName("small values: the KEY=VALUE lines the settings hash is computed from, sorted")
    void smallValues() {
      Map<String, String> data = new LinkedHashMap<>();
      data.put("team", "ml");
      data.put("RACER_PEER_PORT", "9100");
      data.put("RACER_NVIDIA", "");

      assertThat(SettingsRecord.of(data))
          .isEqualTo("RACER_NVIDIA=\nRACER_PEER_PORT=9100\nteam=ml\n");
    }

    @Test
    @DisplayName("no keys: the empty record (written, so a key added later is named)")
    void empty() {
      assertThat(SettingsRecord.of(Map.of())).isEmpty();
    }

    @Test
    @DisplayName(
        "a value of 256 bytes as it is; of 257 bytes, counted in UTF-8 as Helm's len, by its sha256")
    void valueLimit() throws Exception {
      String limit = "a".repeat(254) + "é"; // 254 + 2 bytes
      String over = "a".repeat(255) + "é"; // 257 bytes, 256 chars

      assertThat(SettingsRecord.of(Map.of("K", limit))).isEqualTo("K=" + limit + "\n");
      assertThat(SettingsRecord.of(Map.of("K", over))).isEqualTo("K sha256:" + sha256(over) + "\n");
    }

    @Test
    @DisplayName("a value of several lines by its sha256, so every line of the record is a key's")
    void lines() throws Exception {
      assertThat(SettingsRecord.of(Map.of("K", "a\nb")))
          .isEqualTo("K sha256:" + sha256("a\nb") + "\n");
      assertThat(SettingsRecord.of(Map.of("K", "\nb")))
          .as("a line break first")
          .isEqualTo("K sha256:" + sha256("\nb") + "\n");
    }

    @Test
    @DisplayName(
        "a record over 64 KiB (thousands of keys) is not written: annotations share 256 KiB")
    void recordLimit() {
      Map<String, String> small = new LinkedHashMap<>();
      Map<String, String> large = new LinkedHashMap<>();
      // each line is "K0000=" + 250 bytes + "\n" = 257 bytes; 255 lines = 65535 bytes
      for (int i = 0; i < 256; i++) {
        String key = String.format("K%04d", i);
        if (i < 255) {
          small.put(key, "v".repeat(250));
        }
        large.put(key, "v".repeat(250));
      }

      assertThat(SettingsRecord.of(small)).hasSize(65535);
      assertThat(SettingsRecord.of(large)).isNull();
    }

    @Test
    @DisplayName("a record of exactly 64 KiB is written")
    void recordAtLimit() {
      Map<String, String> data = new LinkedHashMap<>();
      // 254 lines of "K0000=" + 250 bytes + "\n" (257 bytes) and one of 258: 65,536 bytes
      for (int i = 0; i < 255; i++) {
        data.put(String.format("K%04d", i), "v".repeat(i == 0 ? 251 : 250));
      }

      assertThat(SettingsRecord.of(data)).hasSize(65536);
    }
  }

  @Nested
  @DisplayName("read back")
  class ReadBack {
    @Test
    @DisplayName("each key's value, or only the digest of a large one, which matches that value")
    void entries() {
      String big = "x".repeat(300);
      Map<String, String> data = new LinkedHashMap<>();
      data.put("RACER_PEER_PORT", "9100");
      data.put("EQUALS", "a=b sha256:c");
      data.put("BIG", big);

      Map<String, SettingsRecord.Entry> read = SettingsRecord.read(SettingsRecord.of(data));

      assertThat(read).containsOnlyKeys("BIG", "EQUALS", "RACER_PEER_PORT");
      assertThat(read.get("RACER_PEER_PORT").value()).isEqualTo("9100");
      assertThat(read.get("EQUALS").value()).isEqualTo("a=b sha256:c");
      assertThat(read.get("BIG").value()).isNull();
      assertThat(read.get("BIG").matches(big)).isTrue();
      assertThat(read.get("BIG").matches(big + "y")).isFalse();
      assertThat(read.get("RACER_PEER_PORT").matches("8082")).isFalse();
      assertThat(read.get("BIG").shown()).contains("sha256:" + SettingsRecord.digest(big));
    }

    @ParameterizedTest(name = "[{0}]")
    @ValueSource(strings = {"=v", " sha256:ab", "=a sha256:ab"})
    @DisplayName("a line with no key before its '=' or its sha256 is not a record's, and skipped")
    void noKey(String record) {
      assertThat(SettingsRecord.read(record)).isEmpty();
    }

    @Test
    @DisplayName("the empty record has no keys")
    void empty() {
      assertThat(SettingsRecord.read("")).isEmpty();
    }
  }
}
