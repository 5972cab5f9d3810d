package io.unboundedcloud.racer.krm.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.ResourceLists;
import io.unboundedcloud.racer.workload.settings.Finding;
import io.unboundedcloud.racer.workload.settings.FindingSeverity;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;

/**
 * The settings validation on a map of arbitrary keys and values, alone and through the function: it
 * never throws, its findings do not depend on the order of the keys, and the function renders
 * exactly when it finds no error (an error result at {@code data.KEY} for each error it finds),
 * idempotently.
 */
@Tag("fuzz")
class SettingsFuzzTest {
  /**
   * Keys the fuzzer picks from besides arbitrary ones: the catalog's, the obsolete ones, a near
   * miss.
   */
  private static final List<String> KNOWN_KEYS =
      Stream.concat(
              Stream.concat(
                  SettingsCatalog.keys().stream().map(SettingKey::name),
                  SettingsCatalog.obsoleteKeys().keySet().stream()),
              Stream.of("RACER_PEER_PRT", "racer_peer_port", "OTHER_KEY"))
          .toList();

  /** The characters Kubernetes allows in a ConfigMap data key. */
  private static final String KEY_CHARACTERS =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._";

  @FuzzTest(maxDuration = "10m")
  void validate(FuzzedDataProvider data) {
    Map<String, String> settings = new LinkedHashMap<>();
    int count = data.consumeInt(0, 8);
    for (int i = 0; i < count && data.remainingBytes() > 0; i++) {
      String key =
          data.consumeBoolean() ? data.pickValue(KNOWN_KEYS) : key(data.consumeAsciiString(24));
      settings.put(key, text(data.consumeString(40)));
    }

    List<Finding> findings = SettingsCatalog.validate(settings);
    List<Map.Entry<String, String>> reversed = new ArrayList<>(settings.entrySet());
    Collections.reverse(reversed);
    Map<String, String> reversedSettings = new LinkedHashMap<>();
    reversed.forEach(entry -> reversedSettings.put(entry.getKey(), entry.getValue()));
    assertThat(SettingsCatalog.validate(reversedSettings))
        .as("findings whatever the order of %s", settings)
        .isEqualTo(findings);

    KrmRun run =
        KrmRun.function(
            ResourceLists.of()
                .settings(settings)
                .functionConfig(Map.of("imageRegistry", ResourceLists.REGISTRY))
                .text());
    List<Finding> errors =
        findings.stream().filter(f -> f.severity() == FindingSeverity.ERROR).toList();
    assertThat(run.stderr()).as(run.describe()).doesNotContain("internal error");
    if (errors.isEmpty()) {
      assertThat(run.exitCode()).as("no error found in %s:%n%s", settings, run.describe()).isZero();
      assertThat(KrmRun.function(run.stdout()).stdout())
          .as("rendered again")
          .isEqualTo(run.stdout());
    } else {
      assertThat(run.exitCode()).as("errors %s:%n%s", errors, run.describe()).isEqualTo(1);
      for (Finding error : errors) {
        assertThat(run.stderr()).as(run.describe()).contains("field data." + error.key() + "]");
      }
    }
  }

  /** A valid ConfigMap data key made of whatever the fuzzer gave. */
  private static String key(String raw) {
    StringBuilder key = new StringBuilder();
    for (char c : raw.toCharArray()) {
      key.append(KEY_CHARACTERS.charAt(c % KEY_CHARACTERS.length()));
    }
    return key.isEmpty() ? "k" : key.toString();
  }

  /** The fuzzer's string with unpaired surrogates replaced: a value YAML can carry. */
  private static String text(String raw) {
    StringBuilder text = new StringBuilder();
    raw.codePoints()
        .forEach(
            c -> text.appendCodePoint(Character.isSurrogate((char) c) && c <= 0xFFFF ? 0xFFFD : c));
    return text.toString();
  }
}
