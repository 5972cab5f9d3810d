package io.unboundedcloud.racer.chart.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("TreeMerge: one template from one tree per variant")
class TreeMergeTest {
  private final VariantSpace space =
      new VariantSpace(List.of(new Switch("on", "S", List.of("no", "yes"))));

  @Test
  @DisplayName("equal trees are one fixed tree, without condition")
  void equal() {
    Map<String, Object> tree = Map.of("a", 1);
    assertThat(TreeMerge.merge(space, List.of(tree, tree))).isEqualTo(new TemplateNode.Fixed(tree));
  }

  @Test
  @DisplayName(
      "a key only some variants have is written under their condition; shared keys stay shared")
  void conditionalKey() {
    TemplateNode merged =
        TreeMerge.merge(space, List.of(Map.of("a", 1), ordered("a", 1, "b", true)));
    assertThat(merged)
        .isEqualTo(
            new TemplateNode.Mapping(
                List.of(
                    new TemplateNode.Entry("a", new TemplateNode.Fixed(1), null),
                    new TemplateNode.Entry("b", new TemplateNode.Fixed(true), "eq (S) \"yes\""))));
  }

  @Test
  @DisplayName("named list items are matched by name, and the variants' order is kept")
  void namedItems() {
    Map<String, Object> a = Map.of("name", "a");
    Map<String, Object> b = Map.of("name", "b");
    Map<String, Object> c = Map.of("name", "c");
    TemplateNode merged =
        TreeMerge.merge(space, List.of(Map.of("l", List.of(a, c)), Map.of("l", List.of(a, b, c))));
    assertThat(merged)
        .isEqualTo(
            new TemplateNode.Mapping(
                List.of(
                    new TemplateNode.Entry(
                        "l",
                        new TemplateNode.Sequence(
                            List.of(
                                new TemplateNode.Item(new TemplateNode.Fixed(a), null),
                                new TemplateNode.Item(new TemplateNode.Fixed(b), "eq (S) \"yes\""),
                                new TemplateNode.Item(new TemplateNode.Fixed(c), null))),
                        null))));
  }

  @Test
  @DisplayName("a scalar that differs becomes if / else")
  void choice() {
    TemplateNode merged = TreeMerge.merge(space, List.of(Map.of("d", "x"), Map.of("d", "y")));
    assertThat(merged)
        .isEqualTo(
            new TemplateNode.Mapping(
                List.of(
                    new TemplateNode.Entry(
                        "d",
                        new TemplateNode.Choice(
                            List.of(
                                new TemplateNode.Alternative(
                                    "eq (S) \"no\"", new TemplateNode.Fixed("x")),
                                new TemplateNode.Alternative(null, new TemplateNode.Fixed("y")))),
                        null))));
  }

  private static Map<String, Object> ordered(Object... keysAndValues) {
    Map<String, Object> map = new java.util.LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }

  @Test
  @DisplayName("lists it cannot align fail, naming the path")
  void unalignable() {
    assertThatThrownBy(
            () ->
                TreeMerge.merge(
                    space, List.of(Map.of("l", List.of(1)), Map.of("l", List.of(1, 2)))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(".l");
  }

  @Test
  @DisplayName("variants that order keys differently fail")
  void conflictingOrder() {
    assertThatThrownBy(
            () -> TreeMerge.unionOrder(List.of(List.of("a", "b"), List.of("b", "a")), "p"))
        .isInstanceOf(IllegalStateException.class);
  }
}
