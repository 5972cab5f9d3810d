package io.unboundedcloud.racer.krm.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.unboundedcloud.racer.krm.harness.Laughs;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName(
    "Aliases are bounded by what they expand to: in nodes as yaml.v3, in bytes by the run's budget")
class AliasExpansionTest {

  private static ResourceList read(String text, YamlLimits limits) {
    return YamlReader.readResourceList(
        new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "stdin", limits);
  }

  private static ResourceList read(String text) {
    return read(text, YamlLimits.DEFAULT);
  }

  /**
   * A ResourceList as kpt sends a package of {@code objects} Deployments, each with its labels
   * anchored and {@code aliases} aliases of them (selector, template labels, more annotations).
   */
  static String package_(int objects, int aliases) {
    StringBuilder text =
        new StringBuilder("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n");
    for (int i = 0; i < objects; i++) {
      text.append("- apiVersion: apps/v1\n  kind: Deployment\n  metadata:\n")
          .append("    name: web-")
          .append(i)
          .append("\n    labels: &labels\n      app: web-")
          .append(i)
          .append("\n      tier: frontend\n  spec:\n    selector:\n      matchLabels: *labels\n")
          .append("    template:\n      metadata:\n        labels: *labels\n");
      for (int a = 2; a < aliases; a++) {
        text.append("      copy").append(a).append(": *labels\n");
      }
      text.append(
          "      spec:\n        containers:\n        - name: web\n          image: nginx:1.27\n");
    }
    return text.toString();
  }

  /**
   * A billion laughs in a ResourceList's functionConfig: {@code levels} anchors, each a list of
   * {@code width} aliases of the one before, the first a list of {@code width} strings.
   */
  static String laughs(int levels, int width) {
    return "kind: ResourceList\nfunctionConfig:\n" + Laughs.ladder(levels, width, "  ", "lol");
  }

  @Nested
  @DisplayName("the node rule, no stricter than yaml.v3's")
  class Nodes {
    @Test
    @DisplayName(
        "a kpt package of 26 Deployments with labels: &labels and two *labels each (52 aliases) is read")
    void kptPackage() {
      String text = package_(26, 2);
      assertThat(YamlV3AliasRule.accepts(text)).as("yaml.v3 accepts it").isTrue();

      ResourceList list = read(text);

      assertThat(list.items()).hasSize(26);
    }

    static Stream<Arguments> packages() {
      List<Arguments> family = new ArrayList<>();
      for (int objects : new int[] {1, 10, 26, 100, 400}) {
        for (int aliases : new int[] {1, 2, 5, 20}) {
          family.add(Arguments.of(objects, aliases));
        }
      }
      return family.stream();
    }

    @ParameterizedTest(name = "{0} objects x {1} aliases")
    @MethodSource("packages")
    @DisplayName("every package of N objects with k aliases each that yaml.v3 accepts is read")
    void family(int objects, int aliases) {
      String text = package_(objects, aliases);
      assertThat(YamlV3AliasRule.accepts(text)).as("yaml.v3 accepts it").isTrue();

      assertThat(read(text).items()).hasSize(objects);
    }

    static Stream<Arguments> laughShapes() {
      List<Arguments> family = new ArrayList<>();
      for (int levels = 1; levels <= 9; levels++) {
        for (int width = 2; width <= 9; width++) {
          family.add(Arguments.of(levels, width));
        }
      }
      return family.stream();
    }

    @ParameterizedTest(name = "{0} levels of {1}")
    @MethodSource("laughShapes")
    @DisplayName("nested anchors: refused exactly when yaml.v3 refuses them")
    void sameVerdictAsYamlV3(int levels, int width) {
      String text = laughs(levels, width);
      boolean accepted;
      try {
        read(text);
        accepted = true;
      } catch (YamlInputException refused) {
        assertThat(refused.getMessage())
            .contains("excessive aliasing", "billion laughs")
            .hasSizeLessThan(600);
        accepted = false;
      }
      assertThat(accepted).isEqualTo(YamlV3AliasRule.accepts(text));
    }

    @Test
    @DisplayName("the classic billion laughs (9 levels of 9) is refused at once")
    void billionLaughs() {
      assertThat(YamlV3AliasRule.accepts(laughs(9, 9))).isFalse();
      assertThatThrownBy(() -> read(laughs(9, 9)))
          .isInstanceOf(YamlInputException.class)
          .hasMessageContainingAll("stdin:", "excessive aliasing", "billion laughs");
    }

    @Test
    @DisplayName("an anchor that contains an alias to itself is refused, as yaml.v3 refuses it")
    void recursive() {
      String text = "kind: ResourceList\nfunctionConfig:\n  args: &args [a, *args]\n";
      assertThat(YamlV3AliasRule.accepts(text)).isFalse();
      assertThatThrownBy(() -> read(text))
          .isInstanceOf(YamlInputException.class)
          .hasMessageContaining("&args contains an alias to itself");
    }
  }

  @Nested
  @DisplayName("the byte rule: aliases spend the run's byte budget")
  class Bytes {
    /**
     * A ResourceList whose functionConfig anchors {@code value} and aliases it {@code count} times.
     */
    private static String aliasing(String value, int count) {
      StringBuilder text =
          new StringBuilder("kind: ResourceList\nfunctionConfig:\n  data:\n    big: &big ")
              .append(value)
              .append('\n');
      for (int i = 1; i <= count; i++) {
        text.append("    k").append(i).append(": *big\n");
      }
      return text.toString();
    }

    private static YamlLimits budget(long bytes) {
      return new YamlLimits(
          bytes, YamlLimits.DEFAULT.maxNestingDepth(), YamlLimits.DEFAULT.maxPlainTreeNodes());
    }

    @Test
    @DisplayName(
        "the input and its aliases' text exactly at the budget are read; one byte less, refused")
    void boundary() {
      String value = "v".repeat(100);
      String text = aliasing(value, 10);
      long exactly = text.length() + 10L * value.length();

      assertThat(read(text, budget(exactly)).functionConfig()).isPresent();
      assertThatThrownBy(() -> read(text, budget(exactly - 1)))
          .isInstanceOf(YamlInputException.class)
          .hasMessageContaining("the aliases expand past the " + (exactly - 1) + " bytes");
    }

    @Test
    @Tag("slow")
    @DisplayName(
        "a value of 1 MiB aliased 200 times passes the node rule but not the 128 MiB: refused at"
            + " the alias that passes it, in one short line")
    void largeScalar() {
      int mebibyte = 1 << 20;
      String text = aliasing("a".repeat(mebibyte), 200);
      assertThat(YamlV3AliasRule.accepts(text)).as("yaml.v3 counts nodes only").isTrue();
      long room = YamlLimits.DEFAULT.maxInputBytes() - text.length();
      long passing = room / mebibyte + 1; // the first alias whose text no longer fits

      // the reader keeps no position for scalars this deep: the mapping that holds the alias
      assertThatThrownBy(() -> read(text))
          .isInstanceOf(YamlInputException.class)
          .hasMessageStartingWith("stdin:4:5: the aliases expand past the 128 MiB")
          .hasMessageContainingAll(
              "*big (the value of \"k" + passing + "\" here) stands for 1,048,576 characters",
              "its anchor at line 4, column 5",
              "Write the value out once")
          .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(400));
    }

    @Test
    @DisplayName("aliases and files spend one budget: what the files read leaves less for aliases")
    void oneBudget() {
      String value = "v".repeat(100);
      String text = aliasing(value, 10);
      ByteBudget run = new ByteBudget(text.length() + 10L * value.length() + 50);
      assertThat(run.spendExpanded(51)).isTrue(); // a file of 51 bytes read before, say

      assertThatThrownBy(
              () ->
                  YamlReader.readResourceList(
                      new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                      "stdin",
                      YamlLimits.DEFAULT,
                      run))
          .isInstanceOf(YamlInputException.class)
          .hasMessageContaining("the aliases expand past");
    }
  }
}
