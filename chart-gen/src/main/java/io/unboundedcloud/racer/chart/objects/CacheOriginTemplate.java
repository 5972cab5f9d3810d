package io.unboundedcloud.racer.chart.objects;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.unboundedcloud.racer.chart.template.Fragment;
import io.unboundedcloud.racer.chart.template.ObjectTemplate;
import io.unboundedcloud.racer.chart.template.Substitutions;
import io.unboundedcloud.racer.chart.template.TemplateNode;
import io.unboundedcloud.racer.workload.CacheOrigin;
import io.unboundedcloud.racer.workload.chart.ChartValue;
import java.util.List;

/**
 * {@code templates/cache-origin-daemonsets.yaml}: one {@code CacheOrigin.daemonSet} per {@code
 * cacheOrigins} item, with the dataplane's placement (node affinity, node selector, tolerations) as
 * the KRM function copies it onto every cache origin.
 */
public final class CacheOriginTemplate {
  private static final String ORIGIN = "$origin";

  private CacheOriginTemplate() {}

  public static ObjectTemplate daemonSets() {
    ResourceRequirements resources =
        new ResourceRequirementsBuilder()
            .addToRequests("memory", new Quantity(HelmPlaceholders.ORIGIN_MEMORY))
            .build();
    List<EnvVar> env =
        List.of(
            new EnvVarBuilder()
                .withName(HelmPlaceholders.ORIGIN_ENV)
                .withValue(HelmPlaceholders.ORIGIN_ENV)
                .build());
    CacheOrigin.Spec spec =
        new CacheOrigin.Spec(
            HelmPlaceholders.ORIGIN_NAME,
            HelmPlaceholders.ORIGIN_NAMESPACE,
            HelmPlaceholders.ORIGIN_VOLUME,
            HelmPlaceholders.ORIGIN_IMAGE,
            HelmPlaceholders.ORIGIN_ARGS,
            env,
            resources);
    Object tree = ModelTree.of(CacheOrigin.daemonSet(spec));
    Substitutions substitutions = substitutions(env, resources);
    return new ObjectTemplate(
        "cache-origin-daemonsets.yaml",
        List.of(
            DataplaneTemplates.generatedComment("CacheOrigin.daemonSet"),
            "{{- range " + ORIGIN + " := " + ChartValue.CACHE_ORIGINS.expression() + " }}",
            "---"),
        new TemplateNode.Fixed(tree),
        substitutions,
        List.of("{{- end }}"));
  }

  /** Each placeholder's Helm expression, and the blocks the chart adds to an origin. */
  private static Substitutions substitutions(List<EnvVar> env, ResourceRequirements resources) {
    return new Substitutions()
        .text(HelmPlaceholders.ORIGIN_NAME, ORIGIN + ".name")
        .text(
            HelmPlaceholders.ORIGIN_NAMESPACE, ORIGIN + ".namespace | default $.Release.Namespace")
        .text(HelmPlaceholders.ORIGIN_VOLUME, ORIGIN + ".volume")
        .text(HelmPlaceholders.ORIGIN_IMAGE, ORIGIN + ".image")
        .replace(
            "args",
            ModelTree.valueOf(HelmPlaceholders.ORIGIN_ARGS),
            Fragment.optionalEntry("args", ORIGIN + ".args"))
        .replace("env", ModelTree.valueOf(env), Fragment.optionalEntry("env", ORIGIN + ".env"))
        .replace(
            "resources",
            ModelTree.valueOf(resources),
            Fragment.optionalEntry("resources", ORIGIN + ".resources"))
        .add("metadata.labels", Fragment.entriesOfYaml(Defines.include(Defines.METADATA_LABELS)))
        .add(
            "spec.template.spec",
            Fragment.entryOfYaml("affinity", Defines.include(Defines.ORIGIN_AFFINITY)))
        .add(
            "spec.template.spec",
            Fragment.optionalEntry("nodeSelector", ChartValue.PLACEMENT_NODE_SELECTOR.expression()))
        .add(
            "spec.template.spec",
            Fragment.optionalEntry("tolerations", ChartValue.PLACEMENT_TOLERATIONS.expression()));
  }
}
