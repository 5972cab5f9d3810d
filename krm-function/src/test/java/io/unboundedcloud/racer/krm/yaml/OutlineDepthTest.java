package io.unboundedcloud.racer.krm.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The outline that gives a refused ResourceList back follows its events with a stack of its own: a
 * nesting far past kpt's 10,000 levels is outlined on a thread with a small stack, where any
 * recursion per level would overflow.
 */
@Tag("slow")
@DisplayName("An outline follows any depth without recursion")
class OutlineDepthTest {
  private static final long SMALL_STACK = 256L << 10;

  @ParameterizedTest(name = "{0} levels, flow and block")
  @ValueSource(ints = {10_001, 100_000})
  @DisplayName("on a 256 KiB stack: one ResourceList, one item, appendable")
  void deep(int levels) throws InterruptedException {
    for (boolean flow : new boolean[] {true, false}) {
      String value =
          flow
              ? " " + "[".repeat(levels) + "]".repeat(levels) + "\n"
              : "\n    " + "- ".repeat(levels) + "leaf\n";
      String text =
          "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n"
              + "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: deep\n  nested:"
              + value;
      AtomicReference<Object> outcome = new AtomicReference<>();
      Thread thread =
          new Thread(
              null,
              () -> {
                try {
                  outcome.set(
                      ResourceListOutline.read(
                          new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                          "stdin"));
                } catch (Throwable t) {
                  outcome.set(t.toString());
                }
              },
              "small-stack",
              SMALL_STACK);
      thread.start();
      thread.join();
      assertThat(outcome.get()).isEqualTo(new ResourceListOutline(1, true, 1, true));
    }
  }
}
