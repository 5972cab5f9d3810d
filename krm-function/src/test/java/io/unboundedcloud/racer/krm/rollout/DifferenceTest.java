package io.unboundedcloud.racer.krm.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.tree.FieldPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Differences between two trees, with the paths results name fields by")
class DifferenceTest {
  private static List<String> paths(Object live, Object adopted) {
    return Difference.between(live, adopted, FieldPath.of("spec")).stream()
        .map(
            d ->
                d.at()
                    + (d.reordered() ? " (order)" : "")
                    + ": "
                    + value(d.before())
                    + " -> "
                    + value(d.after()))
        .toList();
  }

  /** A value, an env var by its value alone. */
  private static Object value(Object value) {
    return value instanceof Map<?, ?> map && map.containsKey("value") ? map.get("value") : value;
  }

  @Test
  @DisplayName("equal trees, whatever the key order and integer type, have none")
  void none() {
    assertThat(
            paths(
                Map.of("a", 1, "b", List.of(Map.of("x", 2L))),
                Map.of("b", List.of(Map.of("x", 2)), "a", 1L)))
        .isEmpty();
  }

  @Test
  @DisplayName("named items are compared by name: a changed, an added and a removed item")
  void namedItems() {
    Object live =
        Map.of(
            "env", List.of(Map.of("name", "A", "value", "1"), Map.of("name", "B", "value", "2")));
    Object adopted =
        Map.of(
            "env", List.of(Map.of("name", "A", "value", "9"), Map.of("name", "C", "value", "3")));
    assertThat(paths(live, adopted))
        .containsExactly(
            "spec.env[name=A].value: 1 -> 9",
            "spec.env[name=B]: 2 -> null",
            "spec.env[name=C]: null -> 3");
  }

  @Test
  @DisplayName(
      "the same named items in another order: the order is a difference (the server stores it)")
  void order() {
    Object live = Map.of("env", List.of(Map.of("name", "A"), Map.of("name", "B")));
    Object adopted = Map.of("env", List.of(Map.of("name", "B"), Map.of("name", "A")));
    assertThat(paths(live, adopted)).containsExactly("spec.env (order): [A, B] -> [B, A]");
  }

  @Test
  @DisplayName(
      "unnamed items by position; lists of another length as a whole; keys with dots quoted")
  void positionsAndKeys() {
    assertThat(
            paths(
                Map.of("tolerations", List.of(Map.of("key", "a"), Map.of("key", "b"))),
                Map.of("tolerations", List.of(Map.of("key", "a"), Map.of("key", "c")))))
        .containsExactly("spec.tolerations[1].key: b -> c");
    assertThat(paths(Map.of("args", List.of("x")), Map.of("args", List.of("x", "y"))))
        .containsExactly("spec.args: [x] -> [x, y]");
    assertThat(
            paths(
                Map.of("annotations", Map.of("example.com/a", "1")),
                Map.of("annotations", Map.of())))
        .containsExactly("spec.annotations[\"example.com/a\"]: 1 -> null");
  }
}
