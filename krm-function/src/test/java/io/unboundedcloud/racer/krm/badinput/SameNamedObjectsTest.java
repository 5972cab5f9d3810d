package io.unboundedcloud.racer.krm.badinput;

import static io.unboundedcloud.racer.krm.harness.ResourceLists.REGISTRY;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.InputFolder;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
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
  /** The objects a message names as a group, with how the message names each. */
  enum Named {
    FUNCTION_CONFIGS("ConfigMap " + InputFolder.FUNCTION_CONFIG_NAME + " in "),
    SETTINGS_MAPS("ConfigMap racer/racer-settings in ");

    final String described;

    Named(String described) {
      this.described = described;
    }

    /** The text of copy {@code i}: the same for every copy, or each its own content. */
    String copy(int i, boolean sameContent) {
      return switch (this) {
        case FUNCTION_CONFIGS ->
            InputFolder.functionConfigDocument(
                Map.of("imageRegistry", REGISTRY + (sameContent ? "" : i)));
        case SETTINGS_MAPS ->
            InputFolder.settingsDocument(
                Map.of("RACER_NVIDIA", sameContent ? "off" : List.of("off", "env", "cdi").get(i)));
      };
    }

    /** A folder of the one other object a render needs, at its usual file. */
    InputFolder others() {
      return this == FUNCTION_CONFIGS
          ? InputFolder.of().settings(Map.of("RACER_NVIDIA", "off"))
          : InputFolder.of().functionConfig(Map.of("imageRegistry", REGISTRY));
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
  void eachFileNamedOnce(Named named, List<String> files, boolean sameContent, @TempDir Path dir) {
    InputFolder copies = named.others();
    for (int i = 0; i < files.size(); i++) {
      copies.file(files.get(i), named.copy(i, sameContent));
    }
    Path folder = copies.writeTo(dir.resolve("new"));
    Path old =
        InputFolder.of()
            .settings(Map.of("RACER_NVIDIA", "off"))
            .functionConfig(Map.of("imageRegistry", REGISTRY))
            .writeTo(dir.resolve("old"));
    KrmRun render = KrmRun.command("render", folder.toString());
    KrmRun diff = KrmRun.command("diff", old.toString(), folder.toString());
    for (KrmRun run : List.of(render, diff)) {
      assertEachFileNamedOnce(run, named, folder, files);
    }
  }

  /** Exit 1, and one error line naming each file of {@code files} once, with its object. */
  private static void assertEachFileNamedOnce(
      KrmRun run, Named named, Path folder, List<String> files) {
    Verdict.assertNoJavaInternals(run.stderr(), "stderr");
    assertThat(run.exitCode()).as(run.describe()).isEqualTo(1);
    List<String> errors =
        run.stderrLines().stream().filter(line -> line.contains(named.described)).toList();
    assertThat(errors).as(run.describe()).hasSize(1);
    for (String file : files) {
      String object = named.described + folder.resolve(file);
      assertThat(errors.get(0).split(Pattern.quote(object), -1))
          .as("%s names %s once", errors.get(0), object)
          .hasSize(2);
    }
  }
}
