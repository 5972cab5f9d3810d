package io.unboundedcloud.racer.krm.badinput;

import static io.unboundedcloud.racer.krm.harness.ResourceLists.REGISTRY;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.asDocument;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.existingDataplaneEntry;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.InputFolder;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Objects of the same kind, namespace and name in several files of a mode that reads files (render,
 * a diff side that is rendered, verify of a rendered stream, adopt of a dump): their references are
 * equal, so the file of each is known only from the object itself. Generated over the objects a
 * message names in a group (function configs, racer-settings, the dataplane DaemonSet, its
 * ServiceAccount), the copies (the same text in each file, or the same name with other content) and
 * their number (two, three, in nested folders): the message names each file once, each with its own
 * object. Verify and adopt read no function config from the stream (adopt takes one with {@code
 * --function-config}, a file of one object), and verify no ServiceAccount: those copies raise no
 * message there.
 */
@DisplayName("Same-named objects in several files: each message names each object's own file")
class SameNamedObjectsTest {
  /** The objects a message names as a group, with how the message names each. */
  enum Named {
    FUNCTION_CONFIGS(
        "ConfigMap " + InputFolder.FUNCTION_CONFIG_NAME + " in ", "kind: ConfigMap", List.of()),
    SETTINGS_MAPS(
        "ConfigMap racer/racer-settings in ", "kind: ConfigMap", List.of("verify", "adopt")),
    DATAPLANES("DaemonSet racer/racer in ", "kind: DaemonSet", List.of("verify", "adopt")),
    SERVICE_ACCOUNTS("ServiceAccount racer/racer in ", "kind: ServiceAccount", List.of("adopt"));

    final String described;
    final String inStream;
    final List<String> streamModes;

    /**
     * @param described how a message names one of them, up to its file
     * @param inStream a line only its document holds in the rendered stream (the function config is
     *     not in it)
     * @param streamModes the modes of a rendered stream that read it
     */
    Named(String described, String inStream, List<String> streamModes) {
      this.described = described;
      this.inStream = inStream;
      this.streamModes = streamModes;
    }

    /** The object as a render's input holds it. */
    String input() {
      return switch (this) {
        case FUNCTION_CONFIGS ->
            InputFolder.functionConfigDocument(Map.of("imageRegistry", REGISTRY));
        case SETTINGS_MAPS -> InputFolder.settingsDocument(Map.of("RACER_NVIDIA", "off"));
        case DATAPLANES -> asDocument(existingDataplaneEntry("minReadySeconds: 10\n"));
        case SERVICE_ACCOUNTS ->
            "apiVersion: v1\nkind: ServiceAccount\nmetadata: {name: racer, namespace: racer}\n";
      };
    }

    /**
     * Copy {@code i} of {@code original} (as an input or as rendered): the same text, or the same
     * object with content of its own (the first copy may be the original).
     */
    String copy(String original, int i, boolean sameContent) {
      if (sameContent) {
        return original;
      }
      String copy =
          switch (this) {
            case FUNCTION_CONFIGS -> original.replace(REGISTRY, REGISTRY + i);
            case SETTINGS_MAPS ->
                original.replace("\"off\"", "\"" + List.of("off", "env", "cdi").get(i) + "\"");
            case DATAPLANES -> original.replace("minReadySeconds: 10", "minReadySeconds: 1" + i);
            case SERVICE_ACCOUNTS -> original + "imagePullSecrets: [{name: pull-" + i + "}]\n";
          };
      if (i > 0) {
        assertThat(copy).as("copy %d of %s has other content", i, this).isNotEqualTo(original);
      }
      return copy;
    }
  }

  /** How many copies, in which files of the folder. */
  static final List<List<String>> LAYOUTS =
      List.of(
          List.of("a.yaml", "b.yaml"),
          List.of("b/settings.yaml", "a.yaml"),
          List.of("x/one.yaml", "y/two.yaml", "y/z/three.yaml"));

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (Named named : Named.values()) {
      for (List<String> files : LAYOUTS) {
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
    InputFolder copies = InputFolder.of();
    if (named != Named.FUNCTION_CONFIGS) {
      copies.functionConfig(Map.of("imageRegistry", REGISTRY));
    }
    if (named != Named.SETTINGS_MAPS) {
      copies.settings(Map.of("RACER_NVIDIA", "off"));
    }
    for (int i = 0; i < files.size(); i++) {
      copies.file(files.get(i), named.copy(named.input(), i, sameContent));
    }
    Path folder = copies.writeTo(dir.resolve("new"));
    Path old = quickstart().writeTo(dir.resolve("old"));
    KrmRun render = KrmRun.command("render", folder.toString());
    KrmRun diff = KrmRun.command("diff", old.toString(), folder.toString());
    for (KrmRun run : List.of(render, diff)) {
      assertEachFileNamedOnce(run, named, folder, files);
    }
  }

  static Stream<Arguments> streamCases() {
    return cases().filter(arguments -> !((Named) arguments.get()[0]).streamModes.isEmpty());
  }

  @ParameterizedTest(name = "[{index}] {0} in {1}, same content: {2}")
  @MethodSource("streamCases")
  @DisplayName("verify and adopt of a rendered stream refuse, naming each object's file once")
  void eachFileNamedOnceInAStream(
      Named named, List<String> files, boolean sameContent, @TempDir Path dir) {
    KrmRun rendered = KrmRun.command("render", quickstart().writeTo(dir.resolve("app")).toString());
    assertThat(rendered.exitCode()).as(rendered.describe()).isZero();
    List<String> documents = List.of(rendered.stdout().split("(?m)^---\n"));
    List<String> original = documents.stream().filter(d -> d.contains(named.inStream)).toList();
    assertThat(original).as("%s in the rendered stream", named).hasSize(1);
    InputFolder stream =
        InputFolder.of()
            .file(
                "rendered.yaml",
                documents.stream()
                    .filter(d -> !d.contains(named.inStream))
                    .collect(Collectors.joining("---\n")));
    for (int i = 0; i < files.size(); i++) {
      stream.file(files.get(i), named.copy(original.get(0), i, sameContent));
    }
    Path folder = stream.writeTo(dir.resolve("stream"));
    for (String mode : named.streamModes) {
      assertEachFileNamedOnce(KrmRun.command(mode, folder.toString()), named, folder, files);
    }
  }

  /** The quickstart's racer-settings and function config. */
  private static InputFolder quickstart() {
    return InputFolder.of()
        .settings(Map.of("RACER_NVIDIA", "off"))
        .functionConfig(Map.of("imageRegistry", REGISTRY));
  }

  /** Exit 1, and one error line naming each file of {@code files} once, with its object. */
  private static void assertEachFileNamedOnce(
      KrmRun run, Named named, Path folder, List<String> files) {
    Verdict.assertNoJavaInternals(run.stderr(), "stderr");
    assertThat(run.exitCode()).as(run.describe()).isEqualTo(1);
    List<String> errors =
        run.stderrLines().stream().filter(line -> line.contains(named.described)).toList();
    assertThat(errors).as(run.describe()).hasSize(1);
    assertThat(errors.get(0)).as(run.describe()).startsWith("error: ");
    for (String file : files) {
      String object = named.described + folder.resolve(file);
      assertThat(errors.get(0).split(Pattern.quote(object), -1))
          .as("%s names %s once", errors.get(0), object)
          .hasSize(2);
    }
  }
}
