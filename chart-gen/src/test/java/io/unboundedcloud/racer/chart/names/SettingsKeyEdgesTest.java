package io.unboundedcloud.racer.chart.names;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.chart.support.Installation;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The settings key rule is one rule on both paths: keys generated from its edges (the length limit,
 * every allowed character and a spread of refused ones, the dots, and near-misses of every catalog
 * key at one, two and three edits) get the same verdict from the KRM function and from {@code helm
 * template}, under helm-java's Helm 3 and the pinned Helm 4. The verdicts come from an oracle
 * written apart from both ({@link #verdict}): a key the API server refuses is refused naming it; a
 * {@code RACER_*} key within two edits of a catalog key is refused naming that key, unless {@code
 * uncheckedSettings} lists it; every other key renders.
 */
@Tag("slow")
@DisplayName(
    "Settings keys from the rule's edges: the function and the chart give the same verdict")
class SettingsKeyEdgesTest {
  private static final String ALLOWED =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.";
  private static final String REFUSED = " !\"#$%&'()*+,/:;<=>?@[\\]^`{|}~é";
  private static final String TYPED = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_";
  private static final int PREFIX = SettingsCatalog.PREFIX.length();

  private static final List<String> CATALOG =
      SettingsCatalog.keys().stream().map(SettingKey::name).toList();

  /** What the oracle says of a key: taken, refused as no ConfigMap key, or a typo of a key. */
  record Verdict(boolean configMapKey, String typoOf, int edits) {
    boolean taken() {
      return configMapKey && typoOf == null;
    }
  }

  static Stream<HelmRun> helms() {
    return Stream.of(HelmRun.HELM3, HelmRun.HELM4);
  }

  /** The keys: the rule's edges, then near-misses of every catalog key. */
  static List<String> keys() {
    Set<String> keys = new LinkedHashSet<>();
    keys.add("A".repeat(253));
    keys.add("A".repeat(254));
    keys.add(SettingsCatalog.PREFIX + "X".repeat(253 - PREFIX));
    keys.add(SettingsCatalog.PREFIX + "X".repeat(254 - PREFIX));
    for (char c : ALLOWED.toCharArray()) {
      keys.add("k" + c + "k");
      keys.add(c + "key");
      keys.add("key" + c);
    }
    for (char c : REFUSED.toCharArray()) {
      keys.add("k" + c + "k");
    }
    keys.addAll(List.of(".", "..", "..x", "...", ".x", "x.", "x..y", "._", "..RACER_NVIDIA", ""));
    Random random = new Random(51);
    for (String known : CATALOG) {
      for (int edits = 1; edits <= 3; edits++) {
        String key = known;
        for (int i = 0; i < edits; i++) {
          key = edit(key, random);
        }
        keys.add(key);
      }
    }
    keys.removeAll(CATALOG);
    keys.removeAll(SettingsCatalog.obsoleteKeys().keySet());
    return List.copyOf(keys);
  }

  /** One random edit after the prefix: an insertion, a deletion, a substitution or a swap. */
  private static String edit(String key, Random random) {
    int at = PREFIX + random.nextInt(key.length() - PREFIX);
    char typed = TYPED.charAt(random.nextInt(TYPED.length()));
    return switch (random.nextInt(4)) {
      case 0 -> key.substring(0, at) + typed + key.substring(at);
      case 1 -> key.length() > PREFIX + 1 ? key.substring(0, at) + key.substring(at + 1) : key;
      case 2 -> key.substring(0, at) + typed + key.substring(at + 1);
      default ->
          at + 1 < key.length()
              ? key.substring(0, at) + key.charAt(at + 1) + key.charAt(at) + key.substring(at + 2)
              : key;
    };
  }

  /** The oracle: Kubernetes' IsConfigMapKey, then the typo rule by a distance written apart. */
  static Verdict verdict(String key) {
    boolean configMapKey =
        !key.isEmpty()
            && key.length() <= 253
            && key.chars().allMatch(c -> ALLOWED.indexOf(c) >= 0)
            && !key.equals(".")
            && !key.equals("..")
            && !key.startsWith("..");
    if (!configMapKey || !key.startsWith(SettingsCatalog.PREFIX) || CATALOG.contains(key)) {
      return new Verdict(configMapKey, null, 0);
    }
    String nearest = null;
    int best = Integer.MAX_VALUE;
    for (String known : CATALOG) {
      int distance = new Alignment(key, known).distance();
      if (distance < best) {
        best = distance;
        nearest = known;
      }
    }
    return best <= 2 ? new Verdict(true, nearest, best) : new Verdict(true, null, best);
  }

  /**
   * The optimal-string-alignment distance by its recursive definition, memoized: the fewest
   * insertions, deletions, substitutions and adjacent swaps, no character edited twice.
   */
  private static final class Alignment {
    private final String a;
    private final String b;
    private final Integer[][] memo;

    Alignment(String a, String b) {
      this.a = a;
      this.b = b;
      this.memo = new Integer[a.length() + 1][b.length() + 1];
    }

    int distance() {
      return d(a.length(), b.length());
    }

    private int d(int i, int j) {
      if (i == 0 || j == 0) {
        return i + j;
      }
      if (memo[i][j] != null) {
        return memo[i][j];
      }
      int best =
          Math.min(
              Math.min(d(i - 1, j) + 1, d(i, j - 1) + 1),
              d(i - 1, j - 1) + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
      if (i > 1
          && j > 1
          && a.charAt(i - 1) == b.charAt(j - 2)
          && a.charAt(i - 2) == b.charAt(j - 1)) {
        best = Math.min(best, d(i - 2, j - 2) + 1);
      }
      memo[i][j] = best;
      return best;
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("helms")
  @DisplayName("every generated key: refused by both naming it (and the key it is near), or taken")
  void sameVerdicts(HelmRun helm) {
    helm.assumeAvailable(SettingsKeyEdgesTest.class);
    List<String> keys = keys();
    Map<String, String> taken = new LinkedHashMap<>();
    int[] typos = new int[4];
    int refusedKeys = 0;
    for (String key : keys) {
      Verdict verdict = verdict(key);
      if (verdict.taken()) {
        taken.put(key, "x");
        continue;
      }
      Installation installation = Installation.of("racer").withSettings(Map.of(key, "x"));
      String chart = helm.failure(installation.namespace(), installation.chartValues());
      KrmRun function =
          KrmRun.function(installation.functionItems(), installation.functionConfig());
      assertThat(function.exitCode()).as("the function on %s", shown(key)).isEqualTo(1);
      String shownKey = key.length() > 64 ? key.substring(0, 64) : key;
      assertThat(function.output().errorFields())
          .as("the function on %s names it", shown(key))
          .anyMatch(field -> field.startsWith("data." + shownKey));
      if (verdict.typoOf() != null) {
        typos[verdict.edits()]++;
        String said =
            key
                + " is not a known racer-settings key, and it is "
                + verdict.edits()
                + (verdict.edits() == 1 ? " edit" : " edits")
                + " from "
                + verdict.typoOf()
                + ": a typo";
        assertThat(chart).as("the chart on %s", key).contains("settings." + key + ": " + said);
        assertThat(function.output().errorMessages())
            .as("the function on %s", key)
            .anyMatch(message -> message.startsWith(said));
        uncheckedRenders(helm, key);
      } else {
        refusedKeys++;
        assertThat(chart)
            .as("the chart on %s", shown(key))
            .contains("settings: \"" + shownKey.replace("\\", "\\\\").replace("\"", "\\\""))
            .contains("is not a ConfigMap key")
            .doesNotContain("pattern");
      }
    }
    Installation all = Installation.of("racer").withSettings(taken);
    assertThatCode(() -> helm.template(all.namespace(), all.chartValues()))
        .as("the chart on the %d keys the oracle takes", taken.size())
        .doesNotThrowAnyException();
    KrmRun function = KrmRun.function(all.functionItems(), all.functionConfig());
    assertThat(function.exitCode()).as(function.describe()).isZero();

    assertThat(typos[1]).as("keys one edit from a catalog key").isGreaterThan(20);
    assertThat(typos[2]).as("keys two edits from a catalog key").isGreaterThan(10);
    assertThat(taken.keySet().stream().filter(k -> verdict(k).edits() == 3).count())
        .as("RACER_ keys three edits from the nearest catalog key, taken")
        .isGreaterThan(5);
    assertThat(refusedKeys).as("keys the API server refuses").isGreaterThan(REFUSED.length());
    assertThat(taken).as("taken keys").containsKeys(".x", "A".repeat(253), "k.k", "-key");
  }

  /** A typo listed in uncheckedSettings renders on both paths. */
  private static void uncheckedRenders(HelmRun helm, String key) {
    Installation installation = Installation.of("racer").withSettings(Map.of(key, "x"));
    Map<String, Object> values = new LinkedHashMap<>(installation.chartValues());
    values.put(SettingsCatalog.UNCHECKED_KEYS, List.of(key));
    assertThatCode(() -> helm.template(installation.namespace(), values))
        .as("the chart on %s, listed as unchecked", key)
        .doesNotThrowAnyException();
    Map<String, Object> config = new LinkedHashMap<>(installation.functionConfig());
    @SuppressWarnings("unchecked")
    Map<String, Object> data = new LinkedHashMap<>((Map<String, Object>) config.get("data"));
    data.put(SettingsCatalog.UNCHECKED_KEYS, key);
    config.put("data", data);
    KrmRun run = KrmRun.function(installation.functionItems(), config);
    assertThat(run.exitCode()).as(run.describe()).isZero();
    assertThat(run.output().results()).as(run.describe()).isEmpty();
  }

  private static String shown(String key) {
    return key.length() > 64
        ? "\"" + key.substring(0, 64) + "...\" (" + key.length() + " characters)"
        : "\"" + key + "\"";
  }

  /** The oracle's own edges, so that an oracle that drifts is seen here first. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("oracleCases")
  @DisplayName("the oracle: the distance and the verdicts at the edges")
  void oracle(String key, boolean configMapKey, String typoOf) {
    Verdict verdict = verdict(key);
    assertThat(verdict.configMapKey()).isEqualTo(configMapKey);
    assertThat(Optional.ofNullable(verdict.typoOf())).isEqualTo(Optional.ofNullable(typoOf));
  }

  static Stream<Arguments> oracleCases() {
    List<Arguments> cases = new ArrayList<>();
    cases.add(Arguments.of("RACER_NVIDA", true, "RACER_NVIDIA"));
    cases.add(Arguments.of("RACER_NIVDA", true, "RACER_NVIDIA"));
    cases.add(Arguments.of("RACER_NVIDIA_X", true, "RACER_NVIDIA"));
    cases.add(Arguments.of("RACER_NVIDIA_XY", true, null));
    cases.add(Arguments.of("..data", false, null));
    cases.add(Arguments.of(".data", true, null));
    cases.add(Arguments.of("A".repeat(254), false, null));
    return cases.stream();
  }
}
