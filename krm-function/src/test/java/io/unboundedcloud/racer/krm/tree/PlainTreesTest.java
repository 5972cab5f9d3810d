package io.unboundedcloud.racer.krm.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

@DisplayName("Plain trees: one copy, one merge, one equality")
class PlainTreesTest {

  @Nested
  @DisplayName("same: one rule for numbers")
  class Same {
    @Test
    @DisplayName("an integer equals another of the same value whatever its Java type")
    void integers() {
      assertThat(PlainTrees.same(1, 1L)).isTrue();
      assertThat(PlainTrees.same(List.of((short) 7), List.of(BigInteger.valueOf(7)))).isTrue();
      assertThat(PlainTrees.same(1, 2L)).isFalse();
    }

    @Test
    @DisplayName("a floating-point number never equals an integer, nor a number its text")
    void otherScalars() {
      assertThat(PlainTrees.same(1.0, 1)).isFalse();
      assertThat(PlainTrees.same("1", 1)).isFalse();
      assertThat(PlainTrees.same(null, null)).isTrue();
      assertThat(PlainTrees.same(null, "")).isFalse();
    }

    @Test
    @DisplayName("maps whatever their key order, lists in order")
    void collections() {
      Map<String, Object> ab = new LinkedHashMap<>();
      ab.put("a", 1);
      ab.put("b", 2);
      Map<String, Object> ba = new LinkedHashMap<>();
      ba.put("b", 2L);
      ba.put("a", 1L);
      assertThat(PlainTrees.same(ab, ba)).isTrue();
      assertThat(PlainTrees.same(List.of(1, 2), List.of(2, 1))).isFalse();
      assertThat(PlainTrees.same(Map.of("a", 1), Map.of("a", 1, "b", 2))).isFalse();
    }
  }

  @Test
  @DisplayName("copy is deep, keeps key order, and refuses what is not plain data")
  void copy() {
    Map<String, Object> inner = new LinkedHashMap<>(Map.of("x", 1));
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("z", inner);
    tree.put("a", List.of(inner));
    Map<String, Object> copy = PlainTrees.copyMap(tree);
    inner.put("y", 2);
    assertThat(copy.keySet()).containsExactly("z", "a");
    assertThat(copy).isEqualTo(Map.of("z", Map.of("x", 1), "a", List.of(Map.of("x", 1))));
    assertThatThrownBy(() -> PlainTrees.copy(Map.of("a", new Object())))
        .hasMessageStartingWith("not plain data: a java.lang.Object");
  }

  @Test
  @DisplayName("merge goes into maps key by key and replaces everything else")
  void merge() {
    Map<String, Object> target =
        PlainTrees.copyMap(Map.of("a", Map.of("x", 1, "y", 2), "l", List.of(1)));
    PlainTrees.merge(target, Map.of("a", Map.of("y", 3), "l", List.of(2)));
    assertThat(target).isEqualTo(Map.of("a", Map.of("x", 1, "y", 3), "l", List.of(2)));
  }

  @Test
  @DisplayName(
      "shown: strings quoted, absent as none, collections in flow style, cut at 96 characters")
  void shown() {
    assertThat(PlainTrees.shown("a\nb")).isEqualTo("\"a\\nb\"");
    assertThat(PlainTrees.shown(null)).isEqualTo("none");
    assertThat(PlainTrees.shown(Map.of("k", List.of(1, "v")))).isEqualTo("{k: [1, \"v\"]}");
    assertThat(PlainTrees.shown("x".repeat(200)))
        .isEqualTo("\"" + "x".repeat(80) + "…\" (200 characters)");
    // a thousand aliases of one value of a MiB: shown at the cost of what is shown
    String mebibyte = "v".repeat(1 << 20);
    Map<String, String> large = new java.util.LinkedHashMap<>();
    for (int i = 0; i < 1000; i++) {
      large.put("k" + i, mebibyte);
    }
    assertThat(PlainTrees.shown(large)).hasSize(96).startsWith("{k0: \"vvv").endsWith("...");
  }
}
