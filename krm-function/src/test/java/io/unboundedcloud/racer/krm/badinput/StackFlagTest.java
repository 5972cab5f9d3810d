package io.unboundedcloud.racer.krm.badinput;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.ResourceLists;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@code --stack} adds a stack trace to internal errors only. An internal error is simulated by a
 * stdin that fails with an unchecked exception: no input a user can send should cause one.
 */
@DisplayName("--stack")
class StackFlagTest {
  private static final String STACK_FRAME = "\tat ";

  /** A stdin that breaks the way a bug would: with an unchecked exception. */
  private static InputStream brokenStdin() {
    return new InputStream() {
      @Override
      public int read() {
        throw new IllegalStateException("simulated fault");
      }

      @Override
      public int read(byte[] b, int off, int len) {
        throw new IllegalStateException("simulated fault");
      }
    };
  }

  @Nested
  @DisplayName("on an internal error")
  class InternalFault {
    @Test
    @DisplayName(
        "without --stack: one line naming the fault and pointing at --stack, no stack trace")
    void withoutStack() {
      KrmRun run = KrmRun.run(brokenStdin(), KrmRun.HANG_GUARD);
      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.stderr())
          .isEqualTo(
              "error: internal error: java.lang.IllegalStateException: simulated fault"
                  + " (run with --stack for the stack trace)\n");
      assertThat(run.stdout()).isEmpty();
    }

    @Test
    @DisplayName("with --stack: the same line, then the stack trace")
    void withStack() {
      KrmRun run = KrmRun.run(brokenStdin(), KrmRun.HANG_GUARD, "--stack");
      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.stderr())
          .startsWith("error: internal error: java.lang.IllegalStateException: simulated fault\n")
          .contains(STACK_FRAME + "io.unboundedcloud.racer.krm.cli.Command.run(");
    }
  }

  @Nested
  @DisplayName("on an input error")
  class InputError {
    @Test
    @DisplayName("with --stack: no stack trace, the same clean refusal as without")
    void unparseable() {
      byte[] input = "kind: ResourceList\nitems: [\n".getBytes(StandardCharsets.UTF_8);
      KrmRun plain = KrmRun.run(input, KrmRun.HANG_GUARD);
      KrmRun stacked = KrmRun.run(input, KrmRun.HANG_GUARD, "--stack");
      Verdict.assertUnreadable(stacked);
      assertThat(stacked.stderr()).isEqualTo(plain.stderr());
      assertThat(stacked.stdout()).isEqualTo(plain.stdout());
    }

    @Test
    @DisplayName("with --stack: no stack trace for an invalid setting")
    void invalidSetting() {
      String input = ResourceLists.withSettings(Map.of("RACER_PEER_PORT", "80"));
      KrmRun run = KrmRun.run(input.getBytes(StandardCharsets.UTF_8), KrmRun.HANG_GUARD, "--stack");
      Verdict.assertRefusedKeepingItems(input, run);
    }

    @Test
    @DisplayName("in render mode with --stack: no stack trace for a missing path")
    void renderMissingPath() {
      KrmRun run = KrmRun.run(new byte[0], KrmRun.HANG_GUARD, "render", "--stack", "no/such/dir");
      Verdict.assertCleanFailure(run);
      assertThat(run.stdout()).isEmpty();
    }

    @Test
    @DisplayName(
        "a stdin that cannot be read is an input error: exit 1, the reason, no stack trace")
    void unreadableStdin() {
      InputStream failing =
          new InputStream() {
            @Override
            public int read() throws IOException {
              throw new IOException("Input/output error");
            }
          };
      KrmRun run =
          KrmRun.run(
              new SequenceInputStream(
                  new ByteArrayInputStream("kind: ResourceList\n".getBytes(StandardCharsets.UTF_8)),
                  failing),
              KrmRun.HANG_GUARD,
              "--stack");
      String message = (String) Verdict.assertUnreadable(run).get("message");
      assertThat(message).contains("could not read the input", "Input/output error");
    }
  }
}
