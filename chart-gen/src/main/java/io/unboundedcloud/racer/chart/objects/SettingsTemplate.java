package io.unboundedcloud.racer.chart.objects;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.unboundedcloud.racer.chart.template.Fragment;
import io.unboundedcloud.racer.chart.template.ObjectTemplate;
import io.unboundedcloud.racer.chart.template.Substitutions;
import io.unboundedcloud.racer.chart.template.TemplateNode;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.chart.ChartValue;
import java.util.List;
import java.util.Map;

/**
 * {@code templates/configmap.yaml}: the racer-settings ConfigMap the dataplane reads through
 * envFrom, its data the {@code settings} value; not rendered when {@code settingsConfigMap.create}
 * is false.
 */
public final class SettingsTemplate {
  private SettingsTemplate() {}

  public static ObjectTemplate configMap() {
    Map<String, String> sentinelData =
        Map.of(HelmPlaceholders.SETTINGS_KEY, HelmPlaceholders.SETTINGS_HASH);
    Object tree =
        ModelTree.of(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName(Dataplane.SETTINGS_CONFIG_MAP)
                .withNamespace(HelmPlaceholders.NAMESPACE)
                .withLabels(Dataplane.labels())
                .endMetadata()
                .withData(sentinelData)
                .build());
    Substitutions substitutions =
        new Substitutions()
            .text(HelmPlaceholders.NAMESPACE, "$.Release.Namespace")
            .add(
                "metadata.labels", Fragment.entriesOfYaml(Defines.include(Defines.METADATA_LABELS)))
            .replace(
                "data",
                ModelTree.valueOf(sentinelData),
                Fragment.optionalEntry("data", ChartValue.SETTINGS.expression()));
    return new ObjectTemplate(
        "configmap.yaml",
        List.of(
            DataplaneTemplates.generatedComment("ConfigMap racer-settings"),
            "{{- if " + ChartValue.SETTINGS_CONFIG_MAP_CREATE.expression() + " }}"),
        new TemplateNode.Fixed(tree),
        substitutions,
        List.of("{{- end }}"));
  }
}
