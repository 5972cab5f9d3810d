package io.unboundedcloud.racer.krm.diff;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.adopt.LiveDumps;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.Yaml;

/**
 * adopt's verdict and diff's judgement never disagree: for every live dump of {@code
 * src/test/resources/adopt}, adopt's manifests (pinned to the live images, which roll nothing, and
 * rendered with other images, which roll the dataplane) are judged by adopt against the dump and by
 * {@code racer-krm diff DUMP MANIFESTS}; the workloads each says roll are the same, at the same
 * pace.
 */
@DisplayName("adopt's verdict and diff's judgement agree on every adopt fixture")
class AdoptAgreementTest {
  private static final Pattern ROLLING =
      Pattern.compile(
          "verdict: ROLLOUT: applying these manifests changes the pod template of"
              + " (?:cache origin )?(\\S+ \\S+) in \\d+ place");
  private static final String OTHER_IMAGES =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: racer-function
      data:
        imageRegistry: registry.example.com/racer
        imageTag: 0.19.1
      """;

  /** Every live dump of src/test/resources/adopt, each pinned and with other images. */
  static Stream<Arguments> cases() throws IOException {
    List<Arguments> cases = new ArrayList<>();
    List<String> fixtures;
    try (Stream<Path> files = Files.list(LiveDumps.fixture("operator-dump.yaml").getParent())) {
      fixtures = files.map(file -> file.getFileName().toString()).sorted().toList();
    }
    assertThat(fixtures).hasSizeGreaterThanOrEqualTo(3);
    for (String fixture : fixtures) {
      cases.add(Arguments.of(fixture, false));
      cases.add(Arguments.of(fixture, true));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}, other images: {1}")
  @MethodSource("cases")
  void agree(String fixture, boolean otherImages, @TempDir Path dir) throws IOException {
    Path dump = LiveDumps.fixture(fixture);
    List<String> adoptArgs = new ArrayList<>(List.of("adopt"));
    if (otherImages) {
      Path config = dir.resolve("function-config.yaml");
      Files.writeString(config, OTHER_IMAGES);
      adoptArgs.addAll(List.of("--function-config", config.toString()));
    }
    adoptArgs.add(dump.toString());
    KrmRun adopt = KrmRun.command(adoptArgs.toArray(String[]::new));
    assertThat(adopt.exitCode()).as(adopt.stderr()).isZero();
    Set<String> adoptRolls = new TreeSet<>();
    Matcher matcher = ROLLING.matcher(adopt.stderr());
    while (matcher.find()) {
      adoptRolls.add(matcher.group(1));
    }
    assertThat(adopt.stderr()).containsAnyOf("verdict: no rollout", "verdict: ROLLOUT");

    Path manifests = dir.resolve("adopted.yaml");
    Files.writeString(manifests, adopt.stdout());
    KrmRun diff = KrmRun.command("diff", dump.toString(), manifests.toString(), "--output", "json");
    assertThat(diff.exitCode()).as(diff.stderr()).isZero();
    @SuppressWarnings("unchecked")
    Map<String, Object> report = (Map<String, Object>) new Yaml().load(diff.stdout());
    Set<String> diffRolls = new TreeSet<>();
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> objects = (List<Map<String, Object>>) report.get("objects");
    for (Map<String, Object> object : objects) {
      if (Boolean.TRUE.equals(object.get("rollout"))) {
        diffRolls.add(
            object.get("kind") + " " + object.get("namespace") + "/" + object.get("name"));
      }
    }

    assertThat(diffRolls).isEqualTo(adoptRolls);
    assertThat(report.get("rollout")).isEqualTo(!adoptRolls.isEmpty());
    // the images the function config names roll the dataplane; the live ones roll nothing
    assertThat(adoptRolls.isEmpty()).isEqualTo(!otherImages);
  }
}
