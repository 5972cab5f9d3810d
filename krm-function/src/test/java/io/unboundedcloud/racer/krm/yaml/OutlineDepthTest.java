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
 * nesting past kpt's 10,000 levels, to the outline's own limit, is outlined on a thread with a
 * small stack, where any recursion per level would overflow; one level more is refused as deep
 * nesting, naming the limit, so what a level costs the parser is bounded.
 */
@Tag("slow")
@DisplayName("An outline follows nesting past kpt's without recursion, to a limit")
class OutlineDepthTest {
  private static final long SMALL_STACK = 256L << 10;

  /** The levels above the nested value: the envelope, its items and the item. */
  private static final int ABOVE = 3;

  @ParameterizedTest(name = "{0} levels, flow and block")
  @ValueSource(ints = {10_001, 20_003, ResourceListOutline.MAX_DEPTH - ABOVE})
  @DisplayName("on a 256 KiB stack: one ResourceList, one item, appendable")
  void deep(int levels) throws InterruptedException {
    for (boolean flow : new boolean[] {true, false}) {
      assertThat(outline(levels, flow)).isEqualTo(new ResourceListOutline(1, true, 1, true));
    }
  }

  @ParameterizedTest(name = "{0} levels, flow and block")
  @ValueSource(ints = {ResourceListOutline.MAX_DEPTH - ABOVE + 1, 1_000_000})
  @DisplayName("past its limit: refused as deep nesting, naming the limit")
  void pastTheLimit(int levels) throws InterruptedException {
    for (boolean flow : new boolean[] {true, false}) {
      Object outcome = outline(levels, flow);
      assertThat(outcome).isInstanceOf(YamlInputException.class);
      YamlInputException refused = (YamlInputException) outcome;
      assertThat(refused.isDeepNesting()).as(refused.getMessage()).isTrue();
      assertThat(refused.getMessage())
          .contains("nesting deeper than " + ResourceListOutline.MAX_DEPTH + " levels");
    }
  }

  /** The outline of one item nesting {@code levels} more, or what it threw. */
  private static Object outline(int levels, boolean flow) throws InterruptedException {
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
                        new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "stdin"));
              } catch (Throwable t) {
                outcome.set(t);
              }
            },
            "small-stack",
            SMALL_STACK);
    thread.start();
    thread.join();
    return outcome.get();
  }
}
