package io.unboundedcloud.racer.workload.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("SettingsHash")
class SettingsHashTest {

  @Test
  @DisplayName("an empty map hashes the empty string")
  void empty() throws Exception {
    assertThat(SettingsHash.of(Map.of()))
        .isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        .isEqualTo(sha256(""));
  }

  @Test
  @DisplayName("hashes KEY=VALUE lines in sorted key order, whatever order the map iterates in")
  void sortedLines() throws Exception {
    Map<String, String> data = new LinkedHashMap<>();
    data.put("B", "2");
    data.put("A", "1");
    // printf 'A=1\nB=2\n' | sha256sum
    assertThat(SettingsHash.of(data))
        .isEqualTo("beb5f2519a8d4a22ff19d6b4ba05806c75710dc1ad7e2ef37ee1d1a950d4b074")
        .isEqualTo(sha256("A=1\nB=2\n"));
  }

  @Test
  @DisplayName(
      "includes the administrator's own keys, sorted after upper-case ones as Helm's range does")
  void realisticSettings() throws Exception {
    Map<String, String> data =
        Map.of(
            "my-note", "kept as is",
            "RACER_PEER_PORT", "9090",
            "RACER_NVIDIA", "cdi");
    // printf 'RACER_NVIDIA=cdi\nRACER_PEER_PORT=9090\nmy-note=kept as is\n' | sha256sum
    assertThat(SettingsHash.of(data))
        .isEqualTo("0ea2fcf1bffa25de0c4fcd54c7697a01552426efbe0dfee353939c2a3135d51a")
        .isEqualTo(sha256("RACER_NVIDIA=cdi\nRACER_PEER_PORT=9090\nmy-note=kept as is\n"));
  }

  @Test
  @DisplayName("encodes values as UTF-8")
  void utf8() throws Exception {
    assertThat(SettingsHash.of(Map.of("note", "grüße"))).isEqualTo(sha256("note=grüße\n"));
  }

  @Test
  @DisplayName("changes when a value changes, and an empty value differs from an absent key")
  void sensitive() {
    assertThat(SettingsHash.of(Map.of("RACER_SHARES", "4")))
        .isNotEqualTo(SettingsHash.of(Map.of("RACER_SHARES", "5")));
    assertThat(SettingsHash.of(Map.of("RACER_RAILS", ""))).isNotEqualTo(SettingsHash.of(Map.of()));
  }

  private static String sha256(String canonical) throws Exception {
    return HexFormat.of()
        .formatHex(
            MessageDigest.getInstance("SHA-256")
                .digest(canonical.getBytes(StandardCharsets.UTF_8)));
  }
}
