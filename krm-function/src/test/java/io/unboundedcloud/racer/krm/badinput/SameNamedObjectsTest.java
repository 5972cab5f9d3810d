package io.unboundedcloud.racer.krm.badinput;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Objects of the same kind, namespace and name in several files of render mode (or of a diff side
 * that is rendered): their references are equal, so the file of each is known only from the object
 * itself. Generated over the objects a message names in a group (function configs, racer-settings),
 * the copies (the same text in each file, or the same name with other content) and their number
 * (two, three, in nested folders): the message names each file once, each with its own object.
 */
@DisplayName("Same-named objects in several files: each message names each object's own file")
class SameNamedObjectsTest {
  private static final String FUNCTION_CONFIG =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: racer-krm
        annotations:
          config.kubernetes.io/local-config: "true"
          config.kubernetes.io/function: |
            container: {image: racer-krm}
      data: {imageRegistry: %s}
      """;

  private static final String SETTINGS =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: racer-settings, namespace: racer}
      data: {RACER_NVIDIA: "%s"}
      """;

  /** The objects a message names as a group, with how the message names each. */
  enum Named {
    FUNCTION_CONFIGS(FUNCTION_CONFIG, "ConfigMap racer-krm in ", "registry.example.com/racer"),
    SETTINGS_MAPS(SETTINGS, "ConfigMap racer/racer-settings in ", "off");

    final String template;
    final String described;
    final String value;

    Named(String template, String described, String value) {
      this.template = template;
      this.described = described;
      this.value = value;
    }

    /** The text of copy {@code i}: the same for every copy, or each its own content. */
    String copy(int i, boolean sameContent) {
      String value = sameContent || this == SETTINGS_MAPS ? this.value : this.value + i;
      return template.formatted(
          sameContent || this == FUNCTION_CONFIGS ? value : List.of("off", "env", "cdi").get(i));
    }
  }

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    List<List<String>> layouts =
        List.of(
            List.of("a.yaml", "b.yaml"),
            List.of("b/settings.yaml", "a.yaml"),
            List.of("x/one.yaml", "y/two.yaml", "y/z/three.yaml"));
    for (Named named : Named.values()) {
      for (List<String> files : layouts) {
        for (boolean sameContent : List.of(true, false)) {
          cases.add(Arguments.of(named, files, sameContent));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "[{index}] {0} in {1}, same content: {2}")
  @MethodSource("cases")
  @DisplayName("render and diff refuse, naming each object's file once")
  void eachFileNamedOnce(Named named, List<String> files, boolean sameContent, @TempDir Path dir)
      throws IOException {
    Path folder = dir.resolve("new");
    Path old = dir.resolve("old");
    Files.createDirectories(old);
    Files.writeString(old.resolve("settings.yaml"), Named.SETTINGS_MAPS.copy(0, true));
    Files.writeString(old.resolve("function.yaml"), Named.FUNCTION_CONFIGS.copy(0, true));
    Named other = named == Named.FUNCTION_CONFIGS ? Named.SETTINGS_MAPS : Named.FUNCTION_CONFIGS;
    Files.createDirectories(folder);
    Files.writeString(folder.resolve("other.yaml"), other.copy(0, true));
    for (int i = 0; i < files.size(); i++) {
      Path file = folder.resolve(files.get(i));
      Files.createDirectories(file.getParent());
      Files.writeString(file, named.copy(i, sameContent));
    }
    KrmRun render = KrmRun.command("render", folder.toString());
    KrmRun diff = KrmRun.command("diff", old.toString(), folder.toString());
    for (KrmRun run : List.of(render, diff)) {
      Verdict.assertNoJavaInternals(run.stderr(), "stderr");
      assertThat(run.exitCode()).as(run.describe()).isEqualTo(1);
      List<String> errors =
          run.stderrLines().stream().filter(line -> line.contains(named.described)).toList();
      assertThat(errors).as(run.describe()).hasSize(1);
      for (String file : files) {
        String named1 = named.described + folder.resolve(file);
        assertThat(errors.get(0).split(java.util.regex.Pattern.quote(named1), -1))
            .as("%s names %s once", errors.get(0), named1)
            .hasSize(2);
      }
    }
  }
}
