package io.unboundedcloud.racer.workload.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tools/mutation-score/MutationScope.java}, which tells {@code .ci/mutation} the goals a
 * change touches: run as CI runs it, on a repository of two modules made here (their goals in their
 * poms, as the real modules set them), and once on this repository.
 */
@Tag("slow")
@DisplayName("MutationScope: the mutation goals a change touches")
class MutationScopeTest {
  private static final Path TOOL =
      RepositoryRoot.find().resolve("tools/mutation-score/MutationScope.java");

  @TempDir Path repository;

  /** One run: what it printed on stdout, its exit code. */
  record Run(int exit, String stdout) {}

  @BeforeEach
  void modules() throws IOException {
    Files.writeString(repository.resolve("pom.xml"), "<project/>\n");
    module("lib", "a.lib=96");
    module("app", "a.app.x=90,a.app.y=90");
    module("docs-only", null);
  }

  private void module(String name, String goals) throws IOException {
    Path module = Files.createDirectories(repository.resolve(name));
    Files.writeString(
        module.resolve("pom.xml"),
        goals == null
            ? "<project/>\n"
            : "<project><profiles><profile><id>mutation</id><properties>\n"
                + "<racer.mutation.goals>"
                + goals
                + "</racer.mutation.goals>\n</properties></profile></profiles></project>\n");
  }

  private Run scope(String stdin, String... args) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                TOOL.toString(),
                repository.toString()));
    command.addAll(List.of(args));
    Process process =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try (OutputStream in = process.getOutputStream()) {
      in.write(stdin.getBytes(StandardCharsets.UTF_8));
    }
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return new Run(process.exitValue(), out);
  }

  @Test
  @DisplayName("a main class and a test of goal packages: those goals, per module, nothing else")
  void classesAndTests() throws Exception {
    Run run =
        scope(
            "app/src/main/java/a/app/x/Thing.java\n"
                + "app/src/test/java/a/app/x/deep/ThingTest.java\n"
                + "lib/src/test/java/a/lib/LibTest.java\n");
    assertThat(run.exit()).isZero();
    assertThat(run.stdout()).isEqualTo("app\ta.app.x.*\nlib\ta.lib.*\n");
  }

  @Test
  @DisplayName("files outside every goal (another package, docs, a module without goals): nothing")
  void outside() throws Exception {
    Run run =
        scope(
            "app/src/main/java/a/app/z/Other.java\n"
                + "app/src/main/java/a/app/Top.java\n"
                + "app/src/main/resources/a/app/x/data.yaml\n"
                + "docs/development.md\n"
                + "docs-only/src/main/java/a/app/x/Same.java\n"
                + "README.md\n");
    assertThat(run.exit()).isZero();
    assertThat(run.stdout()).isEmpty();
  }

  @Test
  @DisplayName("a module's pom: every goal of that module")
  void modulePom() throws Exception {
    assertThat(scope("app/pom.xml\n").stdout()).isEqualTo("app\ta.app.x.*,a.app.y.*\n");
  }

  @Test
  @DisplayName("how the score is taken (root pom, the scoring tools, .ci/mutation): every goal")
  void everyGoal() throws Exception {
    String all = "app\ta.app.x.*,a.app.y.*\nlib\ta.lib.*\n";
    assertThat(scope("pom.xml\n").stdout()).isEqualTo(all);
    assertThat(scope("tools/mutation-score/MutationScore.java\n").stdout()).isEqualTo(all);
    assertThat(scope(".ci/mutation\n").stdout()).isEqualTo(all);
    assertThat(scope("", "--all").stdout()).isEqualTo(all);
  }

  @Test
  @DisplayName("on this repository, --all names each module whose pom sets goals")
  void thisRepository() throws Exception {
    repository = RepositoryRoot.find();
    List<String> modules = scope("", "--all").stdout().lines().map(l -> l.split("\t")[0]).toList();
    assertThat(modules).containsExactly("krm-function", "workload");
  }
}
