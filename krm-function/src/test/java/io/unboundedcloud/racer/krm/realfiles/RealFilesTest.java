package io.unboundedcloud.racer.krm.realfiles;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.PlainYamlParser;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The real-files corpus in function mode, without kpt: the ResourceList kpt sends for it (captured
 * from kpt, checked against the live kpt by {@code RealFilesIT}) comes back with every input item
 * byte for byte, in output that parses, and the output run again gives the same output.
 */
@DisplayName("In function mode, the ResourceList kpt sends for the real-files corpus")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RealFilesTest {

  private final String sent = RealFiles.sentResourceList();
  private final KrmRun first = KrmRun.function(sent);

  @Test
  @DisplayName("renders (exit 0) into output that parses")
  void renders() {
    assertThat(first.exitCode()).as(first.describe()).isZero();
    PlainYamlParser.assertComposes(first.stdout(), "the output");
  }

  @Test
  @DisplayName(
      "gives every input item back byte for byte, as kpt sent it (but for the one form docs/krm.md"
          + " names)")
  void itemsKept() {
    String items =
        withoutTrailingFlowComma(sent.substring(0, sent.indexOf("\nfunctionConfig:") + 1));
    assertThat(items).as("the captured ResourceList's items").contains("kind: ");
    String out = first.stdout();
    String prefix = out.substring(0, Math.min(items.length(), out.length()));
    assertThat(prefix).as(RealFiles.firstDifference(items, prefix)).isEqualTo(items);
  }

  /**
   * kyaml writes a flow mapping with a comment after it with a comma before its closing brace
   * ({@code - {port: 80,}}); the function writes it without (same value; kpt writes the same file).
   */
  private static String withoutTrailingFlowComma(String text) {
    return text.replaceAll(",}\n(\\s*#)", "}\n$1");
  }

  @Test
  @DisplayName("gives the same output when run on its own output")
  void stable() {
    KrmRun second = KrmRun.function(first.stdoutWithoutResults());
    assertThat(second.stdout()).isEqualTo(first.stdout());
  }

  /**
   * kpt reads collection keys ({@code ? [a, b]}, {@code ? {a: b}}, block collections as keys) and
   * empty keys and sends them to a function in kyaml's layout, then fails on reading any result
   * back, {@code cat}'s included ({@code RealFilesIT} holds both): the function gives such items
   * back as kpt wrote them, in output that parses.
   */
  @Test
  @DisplayName(
      "gives back byte for byte the items of shapes kpt sends but cannot write back (collection and"
          + " empty keys), in output that parses, the same on its own output")
  void kptUnreadableShapes() {
    String sent = RealFiles.sentUnreadableResourceList();
    KrmRun run = KrmRun.function(sent);
    assertThat(run.exitCode()).as(run.describe()).isZero();
    PlainYamlParser.assertComposes(run.stdout(), "the output");
    String items = sent.substring(0, sent.indexOf("\nfunctionConfig:") + 1);
    assertThat(items).contains("? [a, b]\n", "? g: h\n", "? - - a\n", "'': nullkey\n");
    String out = run.stdout();
    String prefix = out.substring(0, Math.min(items.length(), out.length()));
    assertThat(prefix).as(RealFiles.firstDifference(items, prefix)).isEqualTo(items);
    assertThat(KrmRun.function(run.stdoutWithoutResults()).stdout()).isEqualTo(out);
  }
}
