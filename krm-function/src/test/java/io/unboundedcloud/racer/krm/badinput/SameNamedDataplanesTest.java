package io.unboundedcloud.racer.krm.badinput;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.InputFolder;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The third group a message names as one (beside function configs and racer-settings, which
 * SameNamedObjectsTest holds): dataplane DaemonSets, the same kind, namespace and name in several
 * files of render mode or of a diff side that is rendered. The message names each object's own file
 * once, and names at most a few of a long list, counting the rest.
 */
@DisplayName("Same-named dataplane DaemonSets in several files: the message names each one's file")
class SameNamedDataplanesTest {
  private static final String PROBLEM = "DaemonSets that are the dataplane's racer: ";

  private static final String DESCRIBED = "DaemonSet racer/racer in ";

  /** A dataplane DaemonSet; {@code i} sets its content apart from the others' when not same. */
  private static String dataplane(int i, boolean sameContent) {
    return "apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: racer, namespace: racer}\n"
        + (sameContent ? "spec: {}\n" : "spec: {minReadySeconds: " + i + "}\n");
  }

  /** A folder with racer-settings, the function config and a dataplane in each of {@code files}. */
  private static Path folder(Path dir, List<String> files, boolean sameContent) {
    InputFolder folder =
        InputFolder.of()
            .settings(Map.of())
            .functionConfig(Map.of("imageRegistry", "registry.example.com/racer"));
    for (int i = 0; i < files.size(); i++) {
      folder.file(files.get(i), dataplane(i, sameContent));
    }
    return folder.writeTo(dir);
  }

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    List<List<String>> layouts =
        List.of(
            List.of("a.yaml", "b.yaml"),
            List.of("b/daemonset.yaml", "a.yaml"),
            List.of("x/one.yaml", "y/two.yaml", "y/z/three.yaml"));
    for (List<String> files : layouts) {
      for (boolean sameContent : List.of(true, false)) {
        cases.add(Arguments.of(files, sameContent));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "[{index}] in {0}, same content: {1}")
  @MethodSource("cases")
  @DisplayName("render and diff refuse, naming each DaemonSet's file once")
  void eachFileNamedOnce(List<String> files, boolean sameContent, @TempDir Path dir)
      throws IOException {
    Path folder = folder(dir.resolve("new"), files, sameContent);
    Path old = folder(dir.resolve("old"), List.of("daemonset.yaml"), true);
    KrmRun render = KrmRun.command("render", folder.toString());
    KrmRun diff = KrmRun.command("diff", old.toString(), folder.toString());
    for (KrmRun run : List.of(render, diff)) {
      assertThat(run.exitCode()).as(run.describe()).isEqualTo(1);
      List<String> errors = run.stderrLines().stream().filter(l -> l.contains(PROBLEM)).toList();
      assertThat(errors).as(run.describe()).hasSize(1);
      assertThat(errors.get(0)).contains("found " + files.size() + " DaemonSets");
      for (String file : files) {
        String named = DESCRIBED + folder.resolve(file);
        assertThat(errors.get(0).split(Pattern.quote(named) + "(?![\\w/-]|\\.\\w)", -1))
            .as("%s names %s once", errors.get(0), named)
            .hasSize(2);
      }
    }
  }

  @Test
  @DisplayName("many copies: the message names the first few, in file order, and counts the rest")
  void manyCopies(@TempDir Path dir) throws IOException {
    List<String> files = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      files.add(String.format("ds-%02d.yaml", i));
    }
    Path folder = folder(dir, files, true);
    KrmRun render = KrmRun.command("render", folder.toString());
    assertThat(render.exitCode()).as(render.describe()).isEqualTo(1);
    List<String> errors = render.stderrLines().stream().filter(l -> l.contains(PROBLEM)).toList();
    assertThat(errors).hasSize(1);
    String error = errors.get(0);
    assertThat(error)
        .contains("found 40 DaemonSets")
        .contains(DESCRIBED + folder.resolve("ds-00.yaml"))
        .contains(DESCRIBED + folder.resolve("ds-05.yaml"))
        .doesNotContain("ds-06.yaml")
        .contains(" and 34 more");
  }
}
