package io.unboundedcloud.racer.chart.docs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.chart.objects.DataplaneDefaults;
import io.unboundedcloud.racer.chart.rules.RuleFacts;
import io.unboundedcloud.racer.chart.values.ChartValues;
import io.unboundedcloud.racer.chart.values.FlowYaml;
import io.unboundedcloud.racer.chart.values.ValueKey;
import io.unboundedcloud.racer.workload.CacheOrigin;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.DataplaneEnv;
import io.unboundedcloud.racer.workload.DataplaneVolumes;
import io.unboundedcloud.racer.workload.Release;
import io.unboundedcloud.racer.workload.chart.ChartValue;
import io.unboundedcloud.racer.workload.chart.SelectorLabels;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import io.unboundedcloud.racer.workload.settings.SettingsRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** What the Handlebars templates show, each fact from the Java that owns it. */
public final class ChartFacts {
  /** The chart's name. */
  public static final String CHART_NAME = Dataplane.DATAPLANE_DAEMON_SET_NAME;

  /** The Kubernetes versions the chart supports (the pod fields it renders are GA from 1.25). */
  public static final String KUBE_VERSION = ">=1.25.0-0";

  /** The project's repository: the chart's home and source. */
  public static final String HOME = "https://github.com/unbounded-cloud/racer-krm";

  /**
   * Who maintains the chart: the GitHub organization that owns the repository (chart-testing's
   * {@code ct lint} checks that a maintainer's name is a GitHub account).
   */
  public static final String MAINTAINER = "unbounded-cloud";

  /** The project's license, as an SPDX identifier. */
  public static final String LICENSE = "Apache-2.0";

  /**
   * The registry the Racer images are published to, for Artifact Hub's image list: a default
   * install names {@code <images.registry>/racer-dataplane:<appVersion>} and the racer-object image
   * beside it.
   */
  public static final String PUBLISHED_REGISTRY = "ghcr.io/unbounded-cloud";

  /** Racer's own site. */
  public static final String RACER_HOME = "https://unbounded-cloud.io";

  private ChartFacts() {}

  /** Every fact, by the name the templates use. */
  public static Map<String, Object> of(String chartVersion) {
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("chartName", CHART_NAME);
    facts.put("version", chartVersion);
    facts.put("appVersion", Release.RACER_VERSION);
    facts.put("kubeVersion", KUBE_VERSION);
    facts.put("home", HOME);
    facts.put("maintainer", MAINTAINER);
    facts.put("maintainerUrl", "https://github.com/" + MAINTAINER);
    facts.put("license", LICENSE);
    facts.put("publishedRegistry", PUBLISHED_REGISTRY);
    facts.put("racerHome", RACER_HOME);
    facts.putAll(dataplaneFacts());
    Map<String, Object> value = new LinkedHashMap<>();
    for (ChartValue chartValue : ChartValue.values()) {
      value.put(chartValue.name(), chartValue.path());
    }
    facts.put("value", value);
    facts.put("racerVersion", Release.RACER_VERSION);
    facts.put(
        "builderGracePeriod", DataplaneDefaults.of(ChartValue.TERMINATION_GRACE_PERIOD_SECONDS));
    facts.put("builderMinReadySeconds", DataplaneDefaults.of(ChartValue.MIN_READY_SECONDS));
    facts.put("valueRows", valueRows());
    facts.put("settingRows", settingRows());
    facts.put("obsoleteRows", obsoleteRows());
    facts.putAll(RuleFacts.of());
    return facts;
  }

  /**
   * What the builders decide and the chart's docs quote: names, ports, labels, the node affinity
   * the dataplane requires, the defaults and limits of the DaemonSet's fields.
   */
  private static Map<String, Object> dataplaneFacts() {
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("daemonSetName", Dataplane.DATAPLANE_DAEMON_SET_NAME);
    facts.put("settingsConfigMap", Dataplane.SETTINGS_CONFIG_MAP);
    facts.put("cacheOriginLabel", CacheOrigin.LABEL);
    facts.put("socketRoot", CacheOrigin.SOCKET_ROOT);
    facts.put("dataplaneRepository", Release.DATAPLANE_REPOSITORY);
    facts.put("objectRepository", Release.OBJECT_REPOSITORY);
    facts.putAll(ShapeFacts.of());
    facts.put("controlPort", Dataplane.CONTROL_PORT);
    facts.put("webhookPort", Dataplane.WEBHOOK_PORT);
    facts.put("requiredExpressionsJson", json(Dataplane.requiredExpressions()));
    facts.put(
        "requiredExpressionsText",
        Dataplane.requiredExpressions().stream()
            .map(
                e ->
                    "`"
                        + e.getKey()
                        + " "
                        + e.getOperator()
                        + (e.getValues() == null || e.getValues().isEmpty()
                            ? ""
                            : " [" + String.join(", ", e.getValues()) + "]")
                        + "`")
            .collect(Collectors.joining(", ")));
    List<Map<String, Object>> selectorLabels = new ArrayList<>();
    Dataplane.labels()
        .forEach((key, value) -> selectorLabels.add(Map.of("key", key, "value", value)));
    facts.put("selectorLabels", selectorLabels);
    facts.put(
        "resourcesDefault", "`" + FlowYaml.of(DataplaneDefaults.of(ChartValue.RESOURCES)) + "`");
    facts.put(
        "updateStrategyDefault",
        "`" + FlowYaml.of(DataplaneDefaults.of(ChartValue.UPDATE_STRATEGY)) + "`");
    facts.put("selectorLabelsText", String.join(", ", Dataplane.labels().keySet()));
    facts.put("chartLabelKeys", SelectorLabels.KEYS);
    facts.put("chartLabelKeysText", String.join(", ", SelectorLabels.KEYS));
    facts.put("ownedEnv", DataplaneEnv.ownedNames());
    facts.put("ownedEnvText", String.join(", ", DataplaneEnv.ownedNames()));
    facts.put("ownedVolumes", DataplaneVolumes.ownedNames());
    facts.put("ownedVolumesText", String.join(", ", DataplaneVolumes.ownedNames()));
    facts.put("containerName", Dataplane.CONTAINER_NAME);
    facts.put("controlSeatsKey", Dataplane.CONTROL_SEATS_KEY);
    facts.put("settingsValueLimit", SettingsRecord.VALUE_LIMIT);
    facts.put("settingsRecordLimit", SettingsRecord.RECORD_LIMIT);
    return facts;
  }

  private static List<Map<String, Object>> valueRows() {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (ValueKey key : ChartValues.keys()) {
      addRows("", key, rows);
    }
    return rows;
  }

  private static void addRows(String prefix, ValueKey key, List<Map<String, Object>> rows) {
    if (key.isGroup()) {
      key.children().forEach(child -> addRows(prefix + key.name() + ".", child, rows));
      return;
    }
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("key", prefix + key.name());
    row.put("type", typeOf(key.schema()));
    row.put("default", json(key.defaultValue()));
    row.put("description", cell(key.description()));
    rows.add(row);
  }

  /** A value's JSON type as the table shows it: "integer or null", "any". */
  private static String typeOf(Map<String, Object> schema) {
    if (schema.containsKey("$ref")) {
      return "object";
    }
    Object type = schema.get("type");
    if (type instanceof List<?> types) {
      return types.stream().map(String::valueOf).collect(Collectors.joining(" or "));
    }
    return type == null ? "any" : String.valueOf(type);
  }

  private static List<Map<String, Object>> settingRows() {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (SettingKey key : SettingsCatalog.keys()) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("key", key.name());
      row.put("default", cell(key.defaultDescription()));
      row.put("rule", cell(key.rule().describe()));
      row.put("description", cell(key.description()));
      rows.add(row);
    }
    return rows;
  }

  private static List<Map<String, Object>> obsoleteRows() {
    List<Map<String, Object>> rows = new ArrayList<>();
    SettingsCatalog.obsoleteKeys()
        .forEach(
            (key, replacement) -> {
              Map<String, Object> row = new LinkedHashMap<>();
              row.put("key", key);
              row.put("replacement", cell(replacement));
              row.put("replacementLiteral", json(replacement));
              rows.add(row);
            });
    return rows;
  }

  /** Text fit for a Markdown table cell. */
  private static String cell(String text) {
    return text.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;").replace("\n", " ");
  }

  private static String json(Object value) {
    try {
      return new ObjectMapper().writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write " + value + " as JSON", e);
    }
  }
}
