package io.unboundedcloud.racer.workload.shape;

import io.unboundedcloud.racer.workload.settings.SettingKey;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One racer-settings key that shapes the dataplane DaemonSet: everything the function and the chart
 * need to read it, in one row of {@link ShapeKeys}.
 *
 * @param setting its row of the settings catalog: name, default, rule, docs
 * @param component the {@code Config} component it sets, as {@code Config.validate()} names it
 * @param label what it is, in words (the chart's NOTES, chart-gen's messages)
 * @param parser how its string becomes the component's value
 * @param placeholder what chart-gen gives the builders in its place
 * @param define the chart's define that reads it
 * @param shapes the fields of the DaemonSet its value decides, each with why in words
 * @param <T> the component's type
 */
public record ShapeKey<T>(
    SettingKey setting,
    String component,
    String label,
    ShapeParser<T> parser,
    ChartPlaceholder placeholder,
    HelmDefine define,
    List<ShapedField> shapes) {

  public ShapeKey {
    Objects.requireNonNull(setting, "setting");
    Objects.requireNonNull(component, "component");
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(parser, "parser");
    Objects.requireNonNull(placeholder, "placeholder");
    Objects.requireNonNull(define, "define");
    shapes = List.copyOf(shapes);
    String name = setting.name();
    if (shapes.isEmpty()) {
      throw new IllegalArgumentException(
          name + ": a shape key shapes the DaemonSet; name the fields it decides");
    }
    if (placeholder instanceof ChartPlaceholder.Variants && parser.values().size() < 2) {
      throw new IllegalArgumentException(name + ": variants need a parser of a few values");
    }
    if (placeholder instanceof ChartPlaceholder.Sentinel sentinel
        && setting.rule().check(sentinel.value()).isPresent()) {
      throw new IllegalArgumentException(
          name + ": sentinel " + sentinel.value() + " breaks its rule");
    }
    if (define.isParsed()
        && setting.defaultValue() == null
        && !(parser instanceof ShapeParser.Flag)) {
      throw new IllegalArgumentException(
          name + ": a parsed define needs a default to fall back on");
    }
  }

  /** The racer-settings key, e.g. {@code RACER_PEER_PORT}. */
  public String name() {
    return setting.name();
  }

  /**
   * Equal when they name the same racer-settings key, which is what an entry of the table stands
   * for. Written out rather than the record's generated form: that one links hidden classes on its
   * first call, which the runtime's class-data archive does not keep, so every run would make them
   * again (RuntimeArchiveIT).
   */
  @Override
  public boolean equals(Object other) {
    return other instanceof ShapeKey<?> that && name().equals(that.name());
  }

  @Override
  public int hashCode() {
    return name().hashCode();
  }

  /**
   * Its value in racer-settings data that passed the catalog's checks; unset or empty reads the
   * default.
   */
  public T read(Map<String, String> settings) {
    String value = settings.get(name());
    return parser.parse(value == null || value.isEmpty() ? setting.defaultValue() : value);
  }

  /** Its value when racer-settings does not set it. */
  public T unset() {
    return parser.parse(setting.defaultValue());
  }
}
