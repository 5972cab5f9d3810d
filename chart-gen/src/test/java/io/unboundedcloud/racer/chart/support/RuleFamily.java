package io.unboundedcloud.racer.chart.support;

import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.List;
import java.util.Map;

/**
 * The rule families the chart's Go templates write again beside the Java that judges them, each
 * with the named templates ({@code define}s of {@code _helpers.tpl} and {@code _validate.tpl}) that
 * hold it and the Java it must equal. A drift of one shows in a test's message as its family.
 */
public enum RuleFamily {
  /** Every shape key's define, from the table, so a new key lands in this family by itself. */
  PORTS(
      "ports",
      "Config.port (a listener left unset), the settings that shape the pod",
      shapeDefines()),
  IMAGES(
      "images",
      "FunctionConfig's image resolution",
      "racer.image",
      "racer.dataplaneImage",
      "racer.objectImage"),
  AFFINITY_MERGE(
      "affinity merge",
      "Scheduling.addDataplaneTerms, NodePlacement",
      "racer.requiredExpressions",
      "racer.expressionIdentity",
      "racer.nodeAffinity",
      "racer.affinity",
      "racer.originAffinity"),
  SETTINGS_HASH_AND_RECORD(
      "settings hash and record",
      "SettingsHash, SettingsRecord",
      "racer.settingsText",
      "racer.settingsHash",
      "racer.settingsRecord"),
  VALIDATION_MESSAGES(
      "validation messages",
      "SettingsCatalog, CrossKeyRule, Config.validate, ImageGrammar, ConfigMapValue",
      "racer.settingShown",
      "racer.settingNumber",
      "racer.validateStrings",
      "racer.validateSettings",
      "racer.validateImage",
      "racer.validateConfig",
      "racer.validate"),
  KEY_SUGGESTION("key suggestion", "KeySuggestion", "racer.keyDistance", "racer.keySuggestion"),
  QUANTITY_CORRECTION(
      "quantity correction",
      "QuantityCorrection",
      "racer.quantityCorrection",
      "racer.bytesCorrection"),
  POD_FIT("PodFit", "PodFit, and the unknown-key warning", "racer.warnings");

  /**
   * The named templates that belong to no family, and why: no Java twin (names, labels, a lookup;
   * the chart's own checks of values the function has no twin for), or held by the slow parity
   * tests only.
   */
  public static final Map<String, String> OUTSIDE =
      Map.ofEntries(
          Map.entry("racer.chart", "the chart label's value: no Java twin"),
          Map.entry("racer.deliveryLabels", "Helm's delivery labels: no Java twin"),
          Map.entry(
              "racer.metadataLabels", "the labels of every object, the builders' and commonLabels"),
          Map.entry("racer.setting", "a lookup of one settings value"),
          Map.entry(
              "racer.resources",
              "the resources value's quantities as strings: CustomizationParityTest (slow)"),
          Map.entry("racer.validatePodLabels", "a chart-only check (podLabels)"),
          Map.entry("racer.validateCacheOrigins", "a chart-only check (cacheOrigins' names)"),
          Map.entry(
              "racer.validateQuantities",
              "a chart-only check (resources' quantities), in the function's words: InvalidValuesTest (slow)"),
          Map.entry(
              "racer.validateQuantity",
              "a chart-only check (one quantity: a resources value's, an emptyDir's sizeLimit), in the function's words: InvalidValuesTest (slow)"),
          Map.entry(
              "racer.validateUpdateStrategy", "a chart-only check (updateStrategy's percentages)"),
          Map.entry("racer.validateCommonLabels", "a chart-only check (commonLabels)"),
          Map.entry(
              "racer.validateName", "a chart-only check (one name or label; names.NameValuesTest)"),
          Map.entry(
              "racer.validateNames",
              "a chart-only check (every name and label; names.NameValuesTest)"),
          Map.entry("racer.validatePodAdditions", "a chart-only check (the pod additions)"));

  private final String title;
  private final String java;
  private final List<String> defines;

  RuleFamily(String title, String java, String... defines) {
    this.title = title;
    this.java = java;
    this.defines = List.of(defines);
  }

  private static String[] shapeDefines() {
    return ShapeKeys.all().stream().map(key -> key.define().name()).toArray(String[]::new);
  }

  /** The named templates that hold it. */
  public List<String> defines() {
    return defines;
  }

  /** What a failing assertion of {@code testCase} says first: the family, its templates, Java. */
  public String describe(String testCase) {
    return "rule family \""
        + title
        + "\" ("
        + String.join(", ", defines)
        + " against "
        + java
        + "), "
        + testCase;
  }
}
