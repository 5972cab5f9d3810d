package io.unboundedcloud.racer.krm.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.ResourceListOutput;
import io.unboundedcloud.racer.krm.harness.ResourceLists;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The run envelope every mode goes through: output held until whole, a run that breaks reported in
 * one line (the stack trace with {@code --stack}), a ResourceList answered with every item. The
 * breakage is injected: a renderer or a mode that throws, as a bug would; no input a user can send
 * should cause one.
 */
@DisplayName("The run envelope")
class RunEnvelopeTest {
  /** Items a ResourceList mode must give back as they came: a comment, flow style, quoting. */
  private static final String INPUT =
      ResourceLists.of()
          .item(
              """
              apiVersion: v1   # kept as it came
              kind: ConfigMap
              metadata: {name: racer-settings, namespace: racer}
              data: {RACER_NVIDIA: 'off'}
              """)
          .item("{apiVersion: v1, kind: ServiceAccount, metadata: {name: other, namespace: racer}}")
          .text();

  private static final String BUG = "java.lang.IllegalStateException: simulated bug";
  private static final String BUG_LINE =
      "error: internal error: " + BUG + " (run with --stack for the stack trace)\n";

  private static final Rendering BROKEN =
      (items, functionConfig, parameters, locate) -> {
        throw new IllegalStateException("simulated bug");
      };

  private static final List<Mode> BROKEN_MODES =
      List.of(new FunctionMode(BROKEN), new RenderMode(BROKEN), new AdoptMode());

  /** One in-process run with these modes. */
  private record Run(int exitCode, String stdout, String stderr) {
    static Run of(List<Mode> modes, String stdin, String... args) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int exit =
          Command.run(
              modes,
              args,
              new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
              new PrintStream(out, true, StandardCharsets.UTF_8),
              new PrintStream(err, true, StandardCharsets.UTF_8));
      return new Run(
          exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
  }

  /** Renders the quickstart with these modes, asserts exit 1 and nothing on stdout; its stderr. */
  private static String renderFailing(List<Mode> modes) {
    Run run = Run.of(modes, "", "render", "../examples/quickstart");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.stdout()).isEmpty();
    return run.stderr();
  }

  @Nested
  @DisplayName("on an internal error in function mode")
  class FunctionModeBug {
    @Test
    @DisplayName(
        "stdout: the input as it came, every item kept, plus one error result naming the bug and"
            + " asking for a report with --stack; stderr: one line; exit 1")
    void keepsEveryItem() {
      Run run = Run.of(BROKEN_MODES, INPUT);
      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.stderr()).isEqualTo(BUG_LINE);
      assertThat(run.stdout()).startsWith(INPUT);
      ResourceListOutput output = ResourceListOutput.parse(run.stdout());
      assertThat(output.items()).isEqualTo(ResourceListOutput.parse(INPUT).items()).hasSize(2);
      assertThat((String) output.onlyError().get("message"))
          .startsWith("internal error: " + BUG + ";")
          .contains("bug in racer-krm", "report it", "--stack");
      assertThat(output.results()).hasSize(1);
    }

    @Test
    @DisplayName("with --stack: the same ResourceList, the line without its pointer, the trace")
    void withStack() {
      Run plain = Run.of(BROKEN_MODES, INPUT);
      Run run = Run.of(BROKEN_MODES, INPUT, "--stack");
      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.stdout()).isEqualTo(plain.stdout());
      assertThat(run.stderr())
          .startsWith("error: internal error: " + BUG + "\n")
          .contains("\tat io.unboundedcloud.racer.krm.cli.FunctionMode.run(");
    }

    @Test
    @DisplayName(
        "a ResourceList that already has results: written back byte for byte, as the out-of-memory"
            + " path does (a results key cannot be added twice), the error on stderr")
    void existingResults() {
      String input = INPUT + "results:\n- message: from the function before\n  severity: warning\n";
      Run run = Run.of(BROKEN_MODES, input);
      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.stdout()).isEqualTo(input);
      assertThat(run.stderr()).isEqualTo(BUG_LINE);
    }
  }

  @Nested
  @DisplayName("on an internal error in render mode")
  class RenderModeBug {
    @Test
    @DisplayName("nothing on stdout, one line on stderr, exit 1")
    void printsNothing() {
      assertThat(renderFailing(BROKEN_MODES)).isEqualTo(BUG_LINE);
    }

    @Test
    @DisplayName("the unbroken renderer renders the same files (the failure is the injected one)")
    void unbrokenRenders() {
      Run run = Run.of(Command.MODES, "", "render", "../examples/quickstart");
      assertThat(run.exitCode()).as(run.stderr()).isZero();
      assertThat(run.stdout()).contains("kind: DaemonSet");
    }
  }

  @Nested
  @DisplayName("on running out of heap (injected)")
  class OutOfHeap {
    private static final Rendering EXHAUSTED =
        (items, functionConfig, parameters, locate) -> {
          throw new OutOfMemoryError("simulated");
        };

    private final List<Mode> modes =
        List.of(new FunctionMode(EXHAUSTED), new RenderMode(EXHAUSTED), new AdoptMode());

    @Test
    @DisplayName("function mode: the input as it came, plus the out-of-memory error with its size")
    void functionMode() {
      Run run = Run.of(modes, INPUT);
      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.stdout()).startsWith(INPUT);
      ResourceListOutput output = ResourceListOutput.parse(run.stdout());
      assertThat(output.items()).isEqualTo(ResourceListOutput.parse(INPUT).items());
      assertThat((String) output.onlyError().get("message"))
          .startsWith("out of memory: the input (")
          .contains("2 items");
      assertThat(run.stderr().lines()).hasSize(1).first().asString().startsWith("error: out of");
    }

    @Test
    @DisplayName("render: nothing on stdout, one line naming the files it read")
    void renderMode() {
      assertThat(renderFailing(modes))
          .startsWith("error: out of memory: the input (3 files, ")
          .hasLineCount(1);
    }
  }

  /** A mode of this test's own: writes its output, then fails the way it is told. */
  private record Scripted(String name, Mode.Stdout stdout, RuntimeException bug, int exit)
      implements Mode {
    @Override
    public Syntax syntax() {
      return Syntax.positionals(0, 1, "").withStdin();
    }

    @Override
    public int run(Invocation call, OutputStream out) {
      call.keptStdin();
      new PrintStream(out, true, StandardCharsets.UTF_8).print("half of an output\n");
      if (bug != null) {
        throw bug;
      }
      return exit;
    }
  }

  @Nested
  @DisplayName("holds a mode's output until it is whole")
  class HeldOutput {
    @Test
    @DisplayName("a mode that breaks after writing: none of its output reaches stdout")
    void brokenWritesNothing() {
      for (Mode.Stdout stdout : Mode.Stdout.values()) {
        Run run =
            Run.of(
                List.of(
                    new FunctionMode(), new Scripted("broken", stdout, new RuntimeException(), 0)),
                "not a ResourceList: [",
                "broken");
        assertThat(run.exitCode()).as(stdout.name()).isEqualTo(1);
        assertThat(run.stdout()).as(stdout.name()).isEmpty();
        assertThat(run.stderr()).as(stdout.name()).startsWith("error: internal error: ");
      }
    }

    @Test
    @DisplayName("exit 1: a verdict mode's output is written, an on-success mode's is not")
    void failureOutput() {
      Map<Mode.Stdout, String> expected =
          Map.of(
              Mode.Stdout.ALWAYS, "half of an output\n",
              Mode.Stdout.RESOURCE_LIST, "half of an output\n",
              Mode.Stdout.ON_SUCCESS, "");
      expected.forEach(
          (stdout, written) -> {
            Run run =
                Run.of(
                    List.of(new FunctionMode(), new Scripted("judge", stdout, null, 1)),
                    "",
                    "judge");
            assertThat(run.exitCode()).isEqualTo(1);
            assertThat(run.stdout()).as(stdout.name()).isEqualTo(written);
          });
    }

    @Test
    @DisplayName("a registered mode is selected by its name; its syntax is checked first (exit 2)")
    void registeredMode() {
      List<Mode> modes =
          List.of(new FunctionMode(), new Scripted("judge", Mode.Stdout.ALWAYS, null, 0));
      Run run = Run.of(modes, "", "judge", "-");
      assertThat(run.exitCode()).isZero();
      assertThat(run.stdout()).isEqualTo("half of an output\n");
      Run tooMany = Run.of(modes, "", "judge", "a", "b");
      assertThat(tooMany.exitCode()).isEqualTo(2);
      assertThat(tooMany.stdout()).isEmpty();
      assertThat(tooMany.stderr())
          .isEqualTo("error: judge takes at most 1 argument; run racer-krm judge --help\n");
    }
  }
}
