package io.unboundedcloud.racer.chart.objects;

/**
 * The names of the {@code _helpers.tpl} and {@code _validate.tpl} defines the templates call, in
 * one place (the shape keys' defines are in their table, {@code ShapeKeys}); every one is
 * documented in its file itself.
 */
public final class Defines {
  /**
   * Validates the values the schema cannot (cross-key settings, port collisions, images; in {@code
   * _validate.tpl}); prints nothing.
   */
  public static final String VALIDATE = "racer.validate";

  /** The labels the chart adds to every object's metadata: delivery labels, then commonLabels. */
  public static final String METADATA_LABELS = "racer.metadataLabels";

  /** The dataplane image. */
  public static final String DATAPLANE_IMAGE = "racer.dataplaneImage";

  /** The racer-object image. */
  public static final String OBJECT_IMAGE = "racer.objectImage";

  /** The settings hash. */
  public static final String SETTINGS_HASH = "racer.settingsHash";

  /** The record of the settings on the DaemonSet; empty when too long to record. */
  public static final String SETTINGS_RECORD = "racer.settingsRecord";

  /** The dataplane's affinity: user scheduling with the dataplane's expressions added. */
  public static final String AFFINITY = "racer.affinity";

  /** The dataplane container's resources from the values (YAML), empty when none is given. */
  public static final String RESOURCES = "racer.resources";

  /** A cache origin's affinity: the dataplane's node affinity only. */
  public static final String ORIGIN_AFFINITY = "racer.originAffinity";

  private Defines() {}

  /**
   * {@code include "name" $}: {@code $} is the root context everywhere, inside {@code range} too.
   */
  public static String include(String name) {
    return "include \"" + name + "\" $";
  }
}
