package io.unboundedcloud.racer.chart.objects;

import java.util.List;

/**
 * The placeholders (in chart-gen's word, sentinels) given to the builders where the chart's Helm
 * expressions go: unique inputs in place of values the chart decides at render time. Each is valid
 * for the builder (a port in range, a DNS label, an image reference) and appears nowhere else in
 * its output, so every place it shows up is a place the Helm expression goes; no sentinel is a
 * prefix of another. The shape keys' sentinels are in their table ({@code ShapeKeys}).
 */
public final class HelmPlaceholders {
  /** The installation namespace. */
  public static final String NAMESPACE = "racer-sentinel-namespace";

  /** The dataplane image. */
  public static final String DATAPLANE_IMAGE =
      "sentinel.example/racer-dataplane:sentinel-dataplane-tag";

  /** The racer-object image. */
  public static final String OBJECT_IMAGE = "sentinel.example/racer-object:sentinel-object-tag";

  /** The settings hash annotation value. */
  public static final String SETTINGS_HASH = "sentinel-settings-hash";

  /** The settings record annotation value (the whole entry is replaced). */
  public static final String SETTINGS_RECORD = "sentinel-settings-record";

  /** The racer-settings data (the whole map is replaced). */
  public static final String SETTINGS_KEY = "SENTINEL_SETTINGS_KEY";

  /** A cache origin's name. */
  public static final String ORIGIN_NAME = "origin-name-sentinel";

  /** A cache origin's namespace. */
  public static final String ORIGIN_NAMESPACE = "origin-ns-sentinel";

  /** A cache origin's cache volume. */
  public static final String ORIGIN_VOLUME = "origin-volume-sentinel";

  /** A cache origin's image. */
  public static final String ORIGIN_IMAGE = "sentinel.example/origin:sentinel-origin-tag";

  /** A cache origin's arguments (the whole list is replaced). */
  public static final List<String> ORIGIN_ARGS = List.of("--sentinel-origin-arg");

  /** A cache origin's env variable name (the whole list is replaced). */
  public static final String ORIGIN_ENV = "SENTINEL_ORIGIN_ENV";

  /** A cache origin's memory request (the whole resources object is replaced). */
  public static final String ORIGIN_MEMORY = "77Mi";

  private HelmPlaceholders() {}
}
