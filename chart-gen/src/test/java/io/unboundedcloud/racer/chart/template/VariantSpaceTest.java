package io.unboundedcloud.racer.chart.template;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("VariantSpace: the narrowest Helm condition for a set of variants")
class VariantSpaceTest {
  // variants: 0 off/false 1 off/true 2 env/false 3 env/true 4 cdi/false 5 cdi/true
  private final VariantSpace space =
      new VariantSpace(
          List.of(
              new Switch("mode", "M", List.of("off", "env", "cdi")),
              new Switch("net", "N", List.of("false", "true"))));

  @Test
  @DisplayName("six variants, in switch order")
  void variants() {
    assertThat(space.variants()).hasSize(6);
    assertThat(space.variants().get(3).values()).containsExactly("env", "true");
  }

  @Test
  @DisplayName("all of the possible variants need no condition")
  void all() {
    assertThat(space.condition(space.all(), space.all())).isNull();
  }

  @Test
  @DisplayName("one value of one switch: eq")
  void one() {
    assertThat(space.condition(set(4, 5), space.all())).isEqualTo("eq (M) \"cdi\"");
    assertThat(space.condition(set(1, 3, 5), space.all())).isEqualTo("eq (N) \"true\"");
  }

  @Test
  @DisplayName("all values but one: ne")
  void allButOne() {
    assertThat(space.condition(set(2, 3, 4, 5), space.all())).isEqualTo("ne (M) \"off\"");
  }

  @Test
  @DisplayName("judged within the enclosing condition: cdi among the driver-injecting modes is eq")
  void within() {
    assertThat(space.condition(set(4, 5), set(2, 3, 4, 5))).isEqualTo("eq (M) \"cdi\"");
  }

  @Test
  @DisplayName("a product of two switches: and")
  void product() {
    assertThat(space.condition(set(5), space.all()))
        .isEqualTo("and (eq (M) \"cdi\") (eq (N) \"true\")");
  }

  @Test
  @DisplayName("anything else: or of exact cases")
  void other() {
    assertThat(space.condition(set(0, 5), space.all()))
        .isEqualTo(
            "or (and (eq (M) \"off\") (eq (N) \"false\")) (and (eq (M) \"cdi\") (eq (N) \"true\"))");
  }

  private static SortedSet<Integer> set(Integer... indices) {
    return new TreeSet<>(Set.of(indices));
  }
}
