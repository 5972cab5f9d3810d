package io.unboundedcloud.racer.krm.render;

import io.unboundedcloud.racer.krm.inputs.FunctionConfig;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.inputs.SettingsSource;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.workload.Config;
import io.unboundedcloud.racer.workload.InvalidConfigurationException;
import io.unboundedcloud.racer.workload.PodFit;
import io.unboundedcloud.racer.workload.PodFitProblem;
import io.unboundedcloud.racer.workload.settings.Finding;
import io.unboundedcloud.racer.workload.settings.FindingSeverity;
import io.unboundedcloud.racer.workload.settings.QuotedText;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import io.unboundedcloud.racer.workload.shape.ShapeKey;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.Optional;

/**
 * Turns racer-settings and the function config into a valid {@link Config}, or into results that
 * point at the ConfigMap field that made it invalid.
 */
final class DataplaneConfiguration {
  private DataplaneConfiguration() {}

  /**
   * The settings' findings as results on the settings ConfigMap; the function config's unchecked
   * keys are the user's to pass on.
   */
  static void validateSettings(SettingsSource settings, FunctionConfig function, Results results) {
    for (Finding finding :
        SettingsCatalog.validate(settings.data(), function.uncheckedSettings())) {
      Severity severity =
          finding.severity() == FindingSeverity.ERROR ? Severity.ERROR : Severity.WARNING;
      results.add(atKey(settings, severity, finding.message(), finding.key()));
    }
  }

  /** A result at {@code data.KEY} of racer-settings, with the key's value when it is set. */
  private static Result atKey(
      SettingsSource settings, Severity severity, String message, String key) {
    Result result = Result.of(severity, message, settings.item().ref(), "data." + key);
    String value = settings.data().get(key);
    return value == null ? result : result.withCurrentValue(value);
  }

  /**
   * The problems of a valid config with the pod that runs it ({@link PodFit}) as warnings: on the
   * settings ConfigMap at {@code data.KEY} for a setting, on the function config at the key that
   * chose the image for an image.
   *
   * @param gracePeriodSeconds the rendered pod's {@code terminationGracePeriodSeconds} (the user's
   *     when a patch set it), or {@code null}
   */
  static void checkFit(
      Config config,
      SettingsSource settings,
      FunctionConfig function,
      Long gracePeriodSeconds,
      Results results) {
    for (PodFitProblem problem : PodFit.check(config, settings.data(), gracePeriodSeconds)) {
      if (problem.isSetting()) {
        results.add(atKey(settings, Severity.WARNING, problem.message(), problem.field()));
      } else {
        String explicit =
            FunctionConfig.DATAPLANE_IMAGE.equals(problem.field())
                ? function.dataplaneImage()
                : function.objectImage();
        String key =
            present(explicit)
                ? problem.field()
                : present(function.imageTag())
                    ? FunctionConfig.IMAGE_TAG
                    : FunctionConfig.IMAGE_REGISTRY;
        results.add(
            new Result(
                Severity.WARNING,
                problem.message(),
                function.source() == null ? null : function.source().ref(),
                function.source() == null ? null : "data." + key,
                function.source() == null ? null : problem.value(),
                null));
      }
    }
  }

  private static boolean present(String value) {
    return value != null && !value.isBlank();
  }

  /**
   * The config, or {@code null} with an error added to {@code results}. Call only when the settings
   * raised no error, so every value parses.
   */
  static Config of(SettingsSource settings, FunctionConfig function, Results results) {
    // the Argo CD Application's parameters may give the images where the folder has no config
    if (function.source() == null
        && function.resolvedDataplaneImage() == null
        && function.resolvedObjectImage() == null) {
      results.add(Result.error(ImageMessages.NO_FUNCTION_CONFIG));
      return null;
    }
    Result scheme = ImageMessages.scheme(function);
    if (scheme != null) {
      results.add(scheme);
      return null;
    }
    String dataplaneImage = function.resolvedDataplaneImage();
    String objectImage = function.resolvedObjectImage();
    if (dataplaneImage == null || objectImage == null) {
      String which =
          dataplaneImage == null ? FunctionConfig.DATAPLANE_IMAGE : FunctionConfig.OBJECT_IMAGE;
      results.add(
          new Result(
              Severity.ERROR,
              "no "
                  + (dataplaneImage == null ? "dataplane" : "racer-object")
                  + " image: set the function"
                  + " config's data."
                  + FunctionConfig.IMAGE_REGISTRY
                  + " (images become"
                  + " <registry>/racer-dataplane:<tag> and <registry>/racer-object:<tag>; data."
                  + FunctionConfig.IMAGE_TAG
                  + tagSaid(function)
                  + "), or data."
                  + which,
              function.source() == null ? null : function.source().ref(),
              function.source() == null ? null : "data." + FunctionConfig.IMAGE_REGISTRY,
              null,
              null));
      return null;
    }
    try {
      return Config.fromSettings(settings.namespace(), dataplaneImage, objectImage, settings.data())
          .validate();
    } catch (InvalidConfigurationException invalid) {
      results.add(pointAt(invalid, settings, function));
      return null;
    }
  }

  /** What the message says of the tag: the one set, or the default when none is. */
  private static String tagSaid(FunctionConfig function) {
    return function.imageTag() != null && !function.imageTag().isBlank()
        ? " is " + QuotedText.of(function.imageTag())
        : " defaults to " + function.effectiveTag();
  }

  private static Result pointAt(
      InvalidConfigurationException invalid, SettingsSource settings, FunctionConfig function) {
    Item settingsItem = settings.item();
    Optional<ShapeKey<?>> shapeKey = ShapeKeys.ofComponent(invalid.field());
    if (shapeKey.isPresent()) {
      return onSettings(invalid, settingsItem, "data." + shapeKey.get().name());
    }
    return switch (invalid.field()) {
      case "namespace" -> onSettings(invalid, settingsItem, "metadata.namespace");
      default -> {
        String key =
            "dataplaneImage".equals(invalid.field())
                ? imageKey(function.dataplaneImage(), FunctionConfig.DATAPLANE_IMAGE)
                : imageKey(function.objectImage(), FunctionConfig.OBJECT_IMAGE);
        yield new Result(
            Severity.ERROR,
            invalid.getMessage(),
            function.source() == null ? null : function.source().ref(),
            "data." + key,
            invalid.value(),
            null);
      }
    };
  }

  private static String imageKey(String explicit, String explicitKey) {
    return present(explicit) ? explicitKey : FunctionConfig.IMAGE_REGISTRY;
  }

  private static Result onSettings(InvalidConfigurationException invalid, Item item, String path) {
    return new Result(
        Severity.ERROR, invalid.getMessage(), item.ref(), path, invalid.value(), null);
  }
}
