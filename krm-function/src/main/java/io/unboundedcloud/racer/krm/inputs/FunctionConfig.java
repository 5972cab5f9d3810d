package io.unboundedcloud.racer.krm.inputs;

import io.unboundedcloud.racer.workload.Release;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The function's configuration: where the images come from. Full references win over registry and
 * tag.
 *
 * <pre>
 * apiVersion: v1
 * kind: ConfigMap
 * data:
 *   imageRegistry: registry.example.com/racer   # images: REGISTRY/racer-dataplane:TAG, REGISTRY/racer-object:TAG
 *   imageTag: "0.19.0"                          # default: the Racer release this function targets
 *   dataplaneImage: registry.example.com/racer/racer-dataplane:0.19.0   # optional, wins
 *   objectImage: registry.example.com/racer/racer-object:0.19.0         # optional, wins
 *   strict: "true"                              # optional: every warning is an error
 *   allowedParameters: "RACER_NVIDIA,imageTag"  # optional: the only Application parameters allowed
 *   allowedRegistries: "mirror.example.com/racer"   # optional: where Application parameters may take images from
 *   uncheckedSettings: "RACER_NEW_KNOB"         # optional: unknown settings keys you mean, passed on unchecked
 * </pre>
 *
 * <p>The two allow-lists limit the Argo CD Application's parameters ({@code krm.parameters}): they
 * are read from the folder's own config only, and no parameter sets them.
 *
 * @param source the config object, or {@code null} when the function got none
 * @param imageRegistry {@code data.imageRegistry}, or {@code null}
 * @param imageTag {@code data.imageTag}, or {@code null} for {@link Release#RACER_VERSION}
 * @param dataplaneImage {@code data.dataplaneImage}, or {@code null}
 * @param objectImage {@code data.objectImage}, or {@code null}
 * @param strict {@code data.strict} is {@code "true"}: every warning of the run is an error
 * @param uncheckedSettings the entries of {@code data.uncheckedSettings}: racer-settings keys the
 *     catalog does not know that the user means, passed on unchecked
 */
public record FunctionConfig(
    Item source,
    String imageRegistry,
    String imageTag,
    String dataplaneImage,
    String objectImage,
    boolean strict,
    Set<String> uncheckedSettings) {

  public FunctionConfig {
    uncheckedSettings = Set.copyOf(uncheckedSettings);
  }

  /** A config that lists no unchecked settings keys. */
  public FunctionConfig(
      Item source,
      String imageRegistry,
      String imageTag,
      String dataplaneImage,
      String objectImage,
      boolean strict) {
    this(source, imageRegistry, imageTag, dataplaneImage, objectImage, strict, Set.of());
  }

  /** A config that is not strict. */
  public FunctionConfig(
      Item source,
      String imageRegistry,
      String imageTag,
      String dataplaneImage,
      String objectImage) {
    this(source, imageRegistry, imageTag, dataplaneImage, objectImage, false);
  }

  /** The {@code data} key of the registry. */
  public static final String IMAGE_REGISTRY = FunctionConfigKey.IMAGE_REGISTRY.key();

  /** The {@code data} key of the tag. */
  public static final String IMAGE_TAG = FunctionConfigKey.IMAGE_TAG.key();

  /** The {@code data} key of the full dataplane image. */
  public static final String DATAPLANE_IMAGE = FunctionConfigKey.DATAPLANE_IMAGE.key();

  /** The {@code data} key of the full racer-object image. */
  public static final String OBJECT_IMAGE = FunctionConfigKey.OBJECT_IMAGE.key();

  /** The {@code data} key of strict mode: {@code "true"} or {@code "false"} (the default). */
  public static final String STRICT = FunctionConfigKey.STRICT.key();

  /**
   * The {@code data} key that lists, comma-separated, the only parameters an Argo CD Application
   * may set; absent, every parameter may be set.
   */
  public static final String ALLOWED_PARAMETERS = FunctionConfigKey.ALLOWED_PARAMETERS.key();

  /**
   * The {@code data} key that lists, comma-separated, the registries and repository prefixes from
   * which an Argo CD Application's parameters may take images; absent, none.
   */
  public static final String ALLOWED_REGISTRIES = FunctionConfigKey.ALLOWED_REGISTRIES.key();

  /**
   * The {@code data} key that lists, comma-separated, the racer-settings keys the catalog does not
   * know that the user means (a newer dataplane's): never taken for typos, passed on unchecked.
   */
  public static final String UNCHECKED_SETTINGS = FunctionConfigKey.UNCHECKED_SETTINGS.key();

  /** Every key the function reads, in {@link FunctionConfigKey}'s order. */
  public static final List<String> KEYS = FunctionConfigKey.names();

  /**
   * The config that {@code data} sets (a ConfigMap's data, with the Application's parameters over
   * it); keys other than {@link #KEYS} are not read.
   *
   * @param source the config object, or {@code null} when the function got none
   */
  public static FunctionConfig of(Item source, Map<String, String> data) {
    return new FunctionConfig(
        source,
        data.get(IMAGE_REGISTRY),
        data.get(IMAGE_TAG),
        data.get(DATAPLANE_IMAGE),
        data.get(OBJECT_IMAGE),
        "true".equals(data.get(STRICT)),
        entries(data.get(UNCHECKED_SETTINGS)));
  }

  /** The entries of a comma-separated list, stripped, blank ones left out; none for null. */
  static Set<String> entries(String list) {
    Set<String> entries = new LinkedHashSet<>();
    if (list != null) {
      for (String entry : list.split(",", -1)) {
        if (!entry.isBlank()) {
          entries.add(entry.strip());
        }
      }
    }
    return entries;
  }

  /** The tag registry images get. */
  public String effectiveTag() {
    return present(imageTag) ? imageTag : Release.RACER_VERSION;
  }

  /** The dataplane image, or {@code null} when neither it nor a registry is set. */
  public String resolvedDataplaneImage() {
    return resolve(dataplaneImage, Release.DATAPLANE_REPOSITORY);
  }

  /** The racer-object image, or {@code null} when neither it nor a registry is set. */
  public String resolvedObjectImage() {
    return resolve(objectImage, Release.OBJECT_REPOSITORY);
  }

  private String resolve(String explicit, String repository) {
    if (present(explicit)) {
      return explicit;
    }
    if (present(imageRegistry)) {
      String registry =
          imageRegistry.endsWith("/")
              ? imageRegistry.substring(0, imageRegistry.length() - 1)
              : imageRegistry;
      return registry + "/" + repository + ":" + effectiveTag();
    }
    return null;
  }

  private static boolean present(String value) {
    return value != null && !value.isBlank();
  }
}
