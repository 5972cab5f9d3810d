package io.unboundedcloud.racer.krm.parameters;

import io.unboundedcloud.racer.krm.inputs.FunctionConfig;
import io.unboundedcloud.racer.krm.inputs.ReadOutcome;
import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a folder lets an Application's parameters set, from its own function config (never from a
 * parameter):
 *
 * <pre>
 * data:
 *   allowedParameters: "RACER_NVIDIA,imageTag,imageRegistry"   # optional: only these parameters
 *   allowedRegistries: "mirror.example.com/racer,registry.example.com:5000"   # images under these
 * </pre>
 *
 * <p>Without {@code allowedParameters} every parameter may be set (the racer-settings keys of the
 * catalog, {@code settings}, the function config parameters); with it, only those it names ({@code
 * settings} names the map, which may then set any key of the catalog). Without {@code
 * allowedRegistries} no parameter may choose an image: {@code imageTag} still may, under the
 * folder's registry. With it, an image that {@code imageRegistry}, {@code dataplaneImage} or {@code
 * objectImage} chooses must lie under one of its prefixes ({@link RegistryPrefix}).
 *
 * @param allowedParameters the parameters allowed, or {@code null} when the folder does not limit
 *     them
 * @param allowedRegistries the registries and repository prefixes images may come from (empty:
 *     none)
 * @param source the function config, or {@code null} when the folder has none
 */
public record ParameterLimits(
    Set<String> allowedParameters, List<RegistryPrefix> allowedRegistries, ResourceRef source) {

  /** The data key that lists the parameters an Application may set. */
  public static final String ALLOWED_PARAMETERS = FunctionConfig.ALLOWED_PARAMETERS;

  /** The data key that lists the registries an Application's images may come from. */
  public static final String ALLOWED_REGISTRIES = FunctionConfig.ALLOWED_REGISTRIES;

  /** The parameters that choose an image's registry or repository. */
  public static final List<String> IMAGE_PARAMETERS =
      List.of(
          FunctionConfig.IMAGE_REGISTRY,
          FunctionConfig.DATAPLANE_IMAGE,
          FunctionConfig.OBJECT_IMAGE);

  /** No function config, or one without lists: every parameter allowed, no registry. */
  public static final ParameterLimits NONE = new ParameterLimits(null, List.of(), null);

  public ParameterLimits {
    allowedParameters =
        allowedParameters == null
            ? null
            : Collections.unmodifiableSet(new LinkedHashSet<>(allowedParameters));
    allowedRegistries = List.copyOf(allowedRegistries);
  }

  /**
   * The limits the folder's function config sets, or errors at the entries that name no parameter
   * and no registry.
   *
   * @param folderConfig the function config's data as the folder wrote it (no parameter over it)
   * @param source the function config, or {@code null} when the folder has none
   */
  public static ReadOutcome<ParameterLimits> of(
      Map<String, String> folderConfig, ResourceRef source) {
    Results results = new Results();
    Set<String> parameters = null;
    String listedParameters = folderConfig.get(ALLOWED_PARAMETERS);
    if (listedParameters != null) {
      parameters = new LinkedHashSet<>();
      for (String entry : entries(listedParameters)) {
        if (isParameterName(entry)) {
          parameters.add(entry);
        } else {
          results.add(
              Result.of(
                      Severity.ERROR,
                      "data."
                          + ALLOWED_PARAMETERS
                          + " names \""
                          + entry
                          + "\", which is no parameter of the plugin: list, comma-separated, the"
                          + " racer-settings keys (RACER_*), "
                          + ParameterNames.SETTINGS
                          + " and "
                          + String.join(", ", ParameterNames.FUNCTION_CONFIG)
                          + ParametersJson.hint(entry),
                      source,
                      "data." + ALLOWED_PARAMETERS)
                  .withCurrentValue(listedParameters));
        }
      }
    }
    List<RegistryPrefix> registries = new ArrayList<>();
    String listedRegistries = folderConfig.get(ALLOWED_REGISTRIES);
    if (listedRegistries != null) {
      for (String entry : entries(listedRegistries)) {
        RegistryPrefix prefix = RegistryPrefix.parse(entry);
        if (prefix != null) {
          registries.add(prefix);
        } else {
          results.add(
              Result.of(
                      Severity.ERROR,
                      "data."
                          + ALLOWED_REGISTRIES
                          + " lists \""
                          + entry
                          + "\", which is no registry or repository prefix: list, comma-separated,"
                          + " registries or repository paths without scheme, tag or digest (for"
                          + " example mirror.example.com/racer,registry.example.com:5000)",
                      source,
                      "data." + ALLOWED_REGISTRIES)
                  .withCurrentValue(listedRegistries));
        }
      }
    }
    return results.hasError()
        ? ReadOutcome.of(null, results)
        : ReadOutcome.of(new ParameterLimits(parameters, registries, source), results);
  }

  /** The entries of a comma-separated list, stripped, empty ones left out. */
  private static List<String> entries(String list) {
    List<String> entries = new ArrayList<>();
    for (String entry : list.split(",", -1)) {
      if (!entry.isBlank()) {
        entries.add(entry.strip());
      }
    }
    return entries;
  }

  private static boolean isParameterName(String name) {
    return ParameterNames.known().contains(name);
  }

  /**
   * Whether an Application may set racer-settings key {@code key} at all: by its own name, or in
   * the map {@code settings}.
   */
  public boolean allowsKey(String key) {
    return allowedParameters == null
        || allowedParameters.contains(key)
        || allowedParameters.contains(ParameterNames.SETTINGS);
  }

  /** An error for each parameter set that {@code allowedParameters} does not list. */
  public Results checkNames(ApplicationParameters parameters) {
    Results results = new Results();
    if (allowedParameters == null) {
      return results;
    }
    Set<String> set = new LinkedHashSet<>();
    parameters.settings().forEach(value -> set.add(value.parameter()));
    parameters.functionConfig().forEach(value -> set.add(value.parameter()));
    for (String name : set) {
      if (!allowedParameters.contains(name)) {
        List<String> widened = new ArrayList<>(allowedParameters);
        widened.add(name);
        results.add(
            Result.error(
                ParametersJson.where(name)
                    + "is not allowed by this folder: its function config"
                    + located()
                    + " lets Applications set "
                    + (allowedParameters.isEmpty()
                        ? "no parameter"
                        : "only " + String.join(", ", allowedParameters))
                    + " (data."
                    + ALLOWED_PARAMETERS
                    + "); to allow it, add it there: "
                    + ALLOWED_PARAMETERS
                    + ": \""
                    + String.join(",", widened)
                    + "\""));
      }
    }
    return results;
  }

  /**
   * An error for each rendered image that a parameter chose and that lies under no allowed prefix,
   * and a warning for each that pins nothing (no digest, no tag or {@code latest}: strict mode
   * makes it an error).
   *
   * <p>An image no image parameter chose stays as the folder pins it: where the folder's own config
   * pins it by digest, a parameter that changes it anyway (a tag over a tag that carried the
   * digest) is an error too.
   *
   * @param parameters the Application's parameters
   * @param config the function config with the parameters over it
   * @param folder the function config as the folder wrote it, no parameter over it
   * @param dataplaneImage the dataplane image it renders (a valid reference)
   * @param objectImage the racer-object image it renders (a valid reference)
   */
  public Results checkImages(
      ApplicationParameters parameters,
      FunctionConfig config,
      FunctionConfig folder,
      String dataplaneImage,
      String objectImage) {
    Results results = new Results();
    Map<String, String> set = parameters.functionConfigValues();
    check(
        chooser(set, FunctionConfig.DATAPLANE_IMAGE, config.dataplaneImage()),
        new Judged("dataplane", dataplaneImage, folder.resolvedDataplaneImage()),
        set,
        results);
    check(
        chooser(set, FunctionConfig.OBJECT_IMAGE, config.objectImage()),
        new Judged("racer-object", objectImage, folder.resolvedObjectImage()),
        set,
        results);
    return results;
  }

  /**
   * One image as it is judged.
   *
   * @param which "dataplane" or "racer-object", as messages name it
   * @param image the image rendered
   * @param folders the image the folder's own config renders, or {@code null} when it gives none
   */
  private record Judged(String which, String image, String folders) {
    /** Whether the folder pins its image by digest and this one is another. */
    boolean dropsFolderDigest() {
      return folders != null && folders.indexOf('@') >= 0 && !folders.equals(image);
    }
  }

  /**
   * The parameter that chose an image: its own ({@code dataplaneImage}, {@code objectImage}), or
   * {@code imageRegistry} where no full image is set; {@code null} when the folder chose it.
   */
  private static String chooser(Map<String, String> set, String own, String explicit) {
    if (present(set.get(own))) {
      return own;
    }
    if (!present(explicit) && present(set.get(FunctionConfig.IMAGE_REGISTRY))) {
      return FunctionConfig.IMAGE_REGISTRY;
    }
    return null;
  }

  private void check(String parameter, Judged judged, Map<String, String> set, Results results) {
    String which = judged.which();
    String image = judged.image();
    boolean tagged = present(set.get(FunctionConfig.IMAGE_TAG));
    if (parameter == null) {
      if (tagged && judged.dropsFolderDigest()) {
        results.add(Result.error(digestDropped(FunctionConfig.IMAGE_TAG, judged)));
      } else if (tagged && RegistryPrefix.isUnpinned(image)) {
        results.add(unpinned(FunctionConfig.IMAGE_TAG, which, image));
      }
      return;
    }
    // each image on its own, whatever was said of the other: imageRegistry chooses both, and one
    // may lie under an allowed prefix while the other does not
    if (allowedRegistries.stream().noneMatch(prefix -> prefix.covers(image))) {
      results.add(Result.error(refusal(parameter, which, image)));
    } else if (RegistryPrefix.isUnpinned(image)) {
      results.add(unpinned(parameter, which, image));
    }
  }

  private String refusal(String parameter, String which, String image) {
    String name = RegistryPrefix.repositoryName(image);
    String example =
        allowedRegistries.stream().map(RegistryPrefix::prefix).collect(Collectors.joining(","));
    String prefix = name.lastIndexOf('/') < 0 ? name : name.substring(0, name.lastIndexOf('/'));
    example = (example.isEmpty() ? "" : example + ",") + prefix;
    String where =
        ParametersJson.where(parameter) + "chooses the " + which + " image " + image + ", ";
    if (source == null) {
      return where
          + "but the folder has no function config, so it allows no registry for the"
          + " Application's images: give it a function config whose data."
          + ALLOWED_REGISTRIES
          + " lists the registries or repository prefixes the images may come from,"
          + " comma-separated (for example "
          + ALLOWED_REGISTRIES
          + ": \""
          + example
          + "\")";
    }
    return where
        + (allowedRegistries.isEmpty()
            ? "but this folder allows no registry for the Application's images (its function"
                + " config"
                + located()
                + " has no data."
                + ALLOWED_REGISTRIES
                + ")"
            : "which lies under none of the registries this folder allows (data."
                + ALLOWED_REGISTRIES
                + " of its function config"
                + located()
                + ": "
                + allowedRegistries.stream()
                    .map(RegistryPrefix::prefix)
                    .collect(Collectors.joining(", "))
                + "; a prefix covers what lies under it at a '/')")
        + ": to allow it, list its registry or repository prefix there, comma-separated: "
        + ALLOWED_REGISTRIES
        + ": \""
        + example
        + "\"";
  }

  private static String digestDropped(String parameter, Judged judged) {
    String key =
        judged.which().equals("dataplane")
            ? FunctionConfig.DATAPLANE_IMAGE
            : FunctionConfig.OBJECT_IMAGE;
    return ParametersJson.where(parameter)
        + "renders the "
        + judged.which()
        + " image "
        + judged.image()
        + " in place of "
        + judged.folders()
        + ", which the folder pins by digest: a parameter that chooses no image may not drop a"
        + " digest the folder pins; leave "
        + parameter
        + " out to keep the pin, or choose the image whole with "
        + key
        + " under an entry of the folder's data."
        + ALLOWED_REGISTRIES;
  }

  private static Result unpinned(String parameter, String which, String image) {
    return new Result(
        Severity.WARNING,
        ParametersJson.where(parameter)
            + "renders the "
            + which
            + " image "
            + image
            + ", which pins no version (no digest, and no tag or latest): each node runs what the"
            + " registry holds when it pulls; give a tag or a digest",
        null,
        null,
        image,
        null);
  }

  private String located() {
    return source == null ? "" : " (" + source.describe() + ")";
  }

  private static boolean present(String value) {
    return value != null && !value.isBlank();
  }
}
