package io.unboundedcloud.racer.workload.shape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.unboundedcloud.racer.workload.settings.Choice;
import io.unboundedcloud.racer.workload.settings.Group;
import io.unboundedcloud.racer.workload.settings.IntegerRange;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The table of the racer-settings keys that shape the DaemonSet. */
@DisplayName("ShapeKeys")
class ShapeKeysTest {

  static Iterable<ShapeKey<?>> keys() {
    return ShapeKeys.all();
  }

  @Nested
  @DisplayName("every key")
  class EveryKey {
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.workload.shape.ShapeKeysTest#keys")
    @DisplayName("is the settings catalog's own row, in the catalog's shape group")
    void inTheCatalog(ShapeKey<?> key) {
      assertThat(SettingsCatalog.key(key.name())).containsSame(key.setting());
      assertThat(key.setting().group()).isEqualTo(Group.SHAPES_OBJECTS);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.workload.shape.ShapeKeysTest#keys")
    @DisplayName("reads unset and empty as its default, and its default as the catalog spells it")
    void unsetIsDefault(ShapeKey<?> key) {
      assertThat(key.read(Map.of())).isEqualTo(key.unset());
      assertThat(key.read(Map.of(key.name(), ""))).isEqualTo(key.unset());
      if (key.setting().defaultValue() != null) {
        assertThat(key.read(Map.of(key.name(), key.setting().defaultValue())))
            .isEqualTo(key.unset());
      }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.workload.shape.ShapeKeysTest#keys")
    @DisplayName("with variants: reads each of its values to a different value the rule accepts")
    void variantsAreDistinct(ShapeKey<?> key) {
      Set<Object> read = new HashSet<>();
      for (String value : key.parser().values()) {
        assertThat(key.setting().rule().check(value)).as(value).isEmpty();
        read.add(key.read(Map.of(key.name(), value)));
      }
      assertThat(read).hasSameSizeAs(key.parser().values());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.workload.shape.ShapeKeysTest#keys")
    @DisplayName(
        "with variants: has one for every value its rule accepts, so the chart renders each")
    void variantPerAcceptedValue(ShapeKey<?> key) {
      if (key.placeholder() instanceof ChartPlaceholder.Variants) {
        assertThat(key.setting().rule()).isInstanceOf(Choice.class);
        assertThat(key.parser().values())
            .containsExactlyInAnyOrderElementsOf(((Choice) key.setting().rule()).values());
      } else {
        assertThat(key.parser().values()).isEmpty();
      }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.workload.shape.ShapeKeysTest#keys")
    @DisplayName("is found by the Config component it sets")
    void byComponent(ShapeKey<?> key) {
      assertThat(ShapeKeys.ofComponent(key.component())).containsSame(key);
    }
  }

  @Test
  @DisplayName("come first in the settings catalog, in the table's order, with distinct names")
  void catalogOrder() {
    assertThat(SettingsCatalog.keys().subList(0, ShapeKeys.all().size()))
        .containsExactlyElementsOf(ShapeKeys.all().stream().map(ShapeKey::setting).toList());
  }

  @Test
  @DisplayName("sentinels and define names are unique across the table")
  void uniquePlaceholders() {
    assertThat(ShapeKeys.all().stream().map(key -> key.define().name())).doesNotHaveDuplicates();
    assertThat(
            ShapeKeys.all().stream()
                .map(ShapeKey::placeholder)
                .filter(ChartPlaceholder.Sentinel.class::isInstance))
        .doesNotHaveDuplicates();
  }

  @Test
  @DisplayName("ShapeValues.read reads every key of the table, and with() replaces one")
  void values() {
    ShapeValues values =
        ShapeValues.read(
            Map.of("RACER_PEER_PORT", "9000", "RACER_HOST_NETWORK", "true", "OTHER", "x"));
    assertThat(values.get(ShapeKeys.PEER_PORT)).isEqualTo(9000);
    assertThat(values.get(ShapeKeys.HOST_NETWORK)).isTrue();
    assertThat(values.get(ShapeKeys.DIAGNOSTICS_PORT)).isZero();
    assertThat(values.with(ShapeKeys.PEER_PORT, 8082))
        .isEqualTo(ShapeValues.read(Map.of("RACER_HOST_NETWORK", "true")));
    assertThatThrownBy(() -> values.with(ShapeKeys.PEER_PORT, null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("RACER_PEER_PORT");
  }

  @Nested
  @DisplayName("refuses an entry")
  class Refuses {
    private final SettingKey flag =
        new SettingKey(
            "RACER_X", "false", "false", Choice.of("true", "false"), Group.SHAPES_OBJECTS, "x");
    private final List<ShapedField> shapes =
        List.of(new ShapedField(ShapedField.Part.POD_SPEC, "x", "x follows %s"));
    private final SettingKey number =
        new SettingKey(
            "RACER_N", null, "unset", new IntegerRange(1, 10), Group.SHAPES_OBJECTS, "n");

    private <T> ShapeKey<T> entry(
        SettingKey setting,
        ShapeParser<T> parser,
        ChartPlaceholder placeholder,
        HelmDefine define) {
      return new ShapeKey<>(setting, "c", "c", parser, placeholder, define, shapes);
    }

    @Test
    @DisplayName("that shapes no field: the table says which fields each key decides")
    void shapesNothing() {
      assertThatThrownBy(
              () ->
                  new ShapeKey<>(
                      flag,
                      "c",
                      "c",
                      new ShapeParser.Flag(),
                      new ChartPlaceholder.Variants(),
                      HelmDefine.parsed("racer.x", "doc"),
                      List.of()))
          .hasMessage("RACER_X: a shape key shapes the DaemonSet; name the fields it decides");
    }

    @Test
    @DisplayName("whose variants come from a number parser")
    void variantsOfNumber() {
      assertThatThrownBy(
              () ->
                  entry(
                      number,
                      new ShapeParser.WholeNumber(),
                      new ChartPlaceholder.Variants(),
                      HelmDefine.derived("racer.n", "rule")))
          .hasMessageContaining("RACER_N: variants");
    }

    @Test
    @DisplayName("whose sentinel its own rule refuses")
    void badSentinel() {
      assertThatThrownBy(
              () ->
                  entry(
                      number,
                      new ShapeParser.WholeNumber(),
                      new ChartPlaceholder.Sentinel("11"),
                      HelmDefine.derived("racer.n", "rule")))
          .hasMessageContaining("RACER_N: sentinel 11");
    }

    @Test
    @DisplayName("whose parsed define has no default to fall back on, unless a flag (false)")
    void parsedWithoutDefault() {
      assertThatThrownBy(
              () ->
                  entry(
                      number,
                      new ShapeParser.WholeNumber(),
                      new ChartPlaceholder.Sentinel("7"),
                      HelmDefine.parsed("racer.n", "doc")))
          .hasMessageContaining("RACER_N: a parsed define");
      SettingKey unsetFlag =
          new SettingKey("RACER_Y", null, "unset", flag.rule(), Group.SHAPES_OBJECTS, "y");
      assertThat(
              entry(
                      unsetFlag,
                      new ShapeParser.Flag(),
                      new ChartPlaceholder.Variants(),
                      HelmDefine.parsed("racer.y", "doc"))
                  .unset())
          .isFalse();
    }
  }
}
