package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.render.Renderer;
import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.rollout.Difference;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import io.unboundedcloud.racer.workload.chart.ChartValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Values for {@code charts/racer} that reproduce the adopted installation as far as the chart's
 * values can say it, and the verdict on installing the chart with them. Each {@link ValueGroup}
 * writes the values the adopted DaemonSet needs; what the chart renders with them is worked out
 * here without Helm: the function's render of racer-settings alone (a default install), patched
 * with the values as the chart applies them and rendered again (chart-gen's parity tests hold the
 * two equal). Every difference left between that and the live DaemonSet is a live override that no
 * value expresses.
 */
final class HelmValues {
  /**
   * Why the chart renders a field otherwise, when the function's own verdict has no reason for it:
   * the chart's values, as its values.yaml has them (chart-gen's {@code AdoptedChartTest} holds the
   * list to the chart).
   */
  static final String INEXPRESSIBLE =
      "no value of charts/racer sets it (its values: "
          + String.join(", ", ChartValue.topLevelKeys())
          + ")";

  /**
   * The ServiceAccount's pull secrets, which the pods' {@code imagePullSecrets} value does not set.
   */
  private static final String ACCOUNT_PULL_SECRETS =
      "no value of charts/racer sets the ServiceAccount's pull"
          + " secrets (imagePullSecrets are the dataplane pods' own; the ServiceAccount's are added only to pods that"
          + " list none)";

  private static final List<ValueGroup> GROUPS = List.of(new FieldValues(), new AffinityValue());

  /** The racer-settings data, which {@code settings} is. */
  private static final FieldPath SETTINGS =
      FieldValues.path(ChartValue.SETTINGS.field().orElseThrow());

  /** The ServiceAccount's annotations, where {@code serviceAccount.annotations} adds its own. */
  private static final FieldPath ACCOUNT_ANNOTATIONS =
      FieldValues.path(ChartValue.SERVICE_ACCOUNT_ANNOTATIONS.field().orElseThrow());

  private HelmValues() {}

  /**
   * What adopt made of the live installation.
   *
   * @param live the live objects
   * @param rendered the adopted objects
   * @param settings the live racer-settings, without server fields
   * @param liveDaemonSet the live DaemonSet, without server fields
   * @param functionRollout the verdict on the adopted manifests, whose reasons the chart's verdict
   *     reuses
   */
  record Adopted(
      LiveInstallation live,
      Rerendering.Rendered rendered,
      Map<String, Object> settings,
      Map<String, Object> liveDaemonSet,
      Rollout functionRollout) {}

  /**
   * The values, the chart verdict and the Helm commands.
   *
   * @param values the chart values
   * @param results the verdict on installing the chart, and what it leaves out
   * @param commands the kubectl label and annotate commands, then helm install
   */
  record Derived(Map<String, Object> values, List<Result> results, List<String> commands) {}

  static Derived derive(Adopted adopted, String valuesFile, Severity rolloutSeverity) {
    Map<String, Object> daemonSet = adopted.rendered().daemonSet();
    PinnedImages images = PinnedImages.of(daemonSet);
    Map<String, Object> functionConfig = images.functionConfig("");
    Map<String, Object> account = adopted.rendered().items().get(2);
    Renderer.Trees defaultInstall = Renderer.render(List.of(adopted.settings()), functionConfig);

    Map<String, Object> accountAnnotations = annotations(account);
    Map<String, Object> values =
        values(adopted, images, kind(defaultInstall, "DaemonSet"), account, accountAnnotations);

    // what the chart renders with these values: a default install patched with them, rendered again
    Map<String, Object> patched = PlainTrees.copyMap(kind(defaultInstall, "DaemonSet"));
    GROUPS.forEach(group -> group.apply(values, patched));
    List<Map<String, Object>> chartInput = new ArrayList<>(List.of(adopted.settings(), patched));
    List<OriginValues.Candidate> origins = OriginValues.candidates(adopted);
    origins.stream()
        .filter(origin -> origin.chartOrigin() != null)
        .forEach(origin -> chartInput.add(origin.chartOrigin()));
    Renderer.Trees chart = Renderer.render(chartInput, functionConfig);
    if (chart.results().hasError()) {
      throw new IllegalStateException("the chart's equivalent does not render: " + chart.results());
    }
    Map<String, Object> chartAccount = kind(defaultInstall, "ServiceAccount");
    if (!accountAnnotations.isEmpty()) {
      PlainTrees.merge(chartAccount, Map.of("metadata", Map.of("annotations", accountAnnotations)));
    }

    List<Result> results = new ArrayList<>();
    Rollout rollout =
        Rollout.of(
            adopted.functionRollout().workload(),
            adopted.functionRollout().ref(),
            adopted.liveDaemonSet(),
            kind(chart, "DaemonSet"),
            difference -> reason(difference, adopted.functionRollout()));
    results.addAll(
        Adoption.verdict(
            List.of(rollout),
            "helm install of " + HelmCommands.CHART + " with " + valuesFile,
            rolloutSeverity,
            "chart "));
    results.addAll(serviceAccountChanges(adopted, account, chartAccount));
    OriginValues.Judged judged = OriginValues.judge(origins, chart);
    results.addAll(judged.results());
    if (!judged.values().isEmpty()) {
      values.put(ChartValue.CACHE_ORIGINS.path(), judged.values());
    }
    return new Derived(
        ordered(values), results, HelmCommands.of(adopted.live(), judged.objects(), valuesFile));
  }

  /**
   * The chart values that install what was adopted: the live images pinned, the settings, each
   * group's values read from the DaemonSet where it differs from a default install, the
   * ServiceAccount's annotations and the labels common to all.
   */
  private static Map<String, Object> values(
      Adopted adopted,
      PinnedImages images,
      Map<String, Object> defaultDaemonSet,
      Map<String, Object> account,
      Map<String, Object> accountAnnotations) {
    Map<String, Object> daemonSet = adopted.rendered().daemonSet();
    Map<String, Object> values = new LinkedHashMap<>();
    // the images set no one field: the live references, pinned whole (PinnedImages)
    Map<String, Object> imageValues = new LinkedHashMap<>();
    imageValues.put(ChartValue.IMAGES_DATAPLANE.key(), images.dataplane());
    imageValues.put(ChartValue.IMAGES_OBJECT.key(), images.object());
    values.put(ChartValue.IMAGES.path(), imageValues);
    Map<String, Object> settings = PlainTrees.asMap(SETTINGS.valueIn(adopted.settings()));
    values.put(ChartValue.SETTINGS.path(), settings == null ? new LinkedHashMap<>() : settings);
    AdoptedDataplane dataplane = new AdoptedDataplane(daemonSet, defaultDaemonSet);
    GROUPS.forEach(group -> group.read(dataplane, values));
    if (!accountAnnotations.isEmpty()) {
      FieldPath.of(ChartValue.SERVICE_ACCOUNT_ANNOTATIONS.path()).putIn(values, accountAnnotations);
    }
    Map<String, Object> commonLabels =
        CommonLabels.of(List.of(daemonSet, account, adopted.settings()));
    if (!commonLabels.isEmpty()) {
      values.put(ChartValue.COMMON_LABELS.path(), commonLabels);
    }
    return values;
  }

  /** The reason of the function's verdict for the same field, else: the chart cannot say it. */
  private static String reason(Difference difference, Rollout function) {
    return function.template().stream()
        .filter(change -> change.difference().at().equals(difference.at()))
        .map(Rollout.Change::reason)
        .findFirst()
        .orElse(INEXPRESSIBLE);
  }

  /** The ServiceAccount fields other than labels and annotations that the chart would drop. */
  private static List<Result> serviceAccountChanges(
      Adopted adopted, Map<String, Object> account, Map<String, Object> chartAccount) {
    Map<String, Object> adoptedFields = PlainTrees.copyMap(account);
    Map<String, Object> chartFields = PlainTrees.copyMap(chartAccount);
    adoptedFields.remove("metadata");
    chartFields.remove("metadata");
    ResourceRef ref =
        adopted.live().serviceAccount() == null ? null : adopted.live().serviceAccount().ref();
    FieldPath pullSecrets = FieldPath.root().key("imagePullSecrets");
    return Difference.between(adoptedFields, chartFields, FieldPath.root()).stream()
        .map(
            difference ->
                Result.of(
                    Severity.WARNING,
                    "chart change, not a rollout: live "
                        + PlainTrees.shown(difference.before())
                        + ", new "
                        + PlainTrees.shown(difference.after())
                        + ": "
                        + (difference.at().startsWith(pullSecrets)
                            ? ACCOUNT_PULL_SECRETS
                            : INEXPRESSIBLE),
                    ref,
                    difference.at().toString()))
        .toList();
  }

  private static Map<String, Object> annotations(Map<String, Object> object) {
    Object annotations = object == null ? null : ACCOUNT_ANNOTATIONS.valueIn(object);
    return annotations instanceof Map<?, ?> map
        ? PlainTrees.copyMap(PlainTrees.asMap(map))
        : new LinkedHashMap<>();
  }

  /** The values in the order of the chart's values.yaml. */
  private static Map<String, Object> ordered(Map<String, Object> values) {
    Map<String, Object> ordered = new LinkedHashMap<>();
    ChartValue.topLevelKeys().stream()
        .filter(values::containsKey)
        .forEach(key -> ordered.put(key, values.get(key)));
    if (!ordered.keySet().equals(values.keySet())) {
      throw new IllegalStateException("values outside the chart's order: " + values.keySet());
    }
    return ordered;
  }

  /** The first rendered object of a kind, as a plain tree. */
  private static Map<String, Object> kind(Renderer.Trees outcome, String kind) {
    return outcome.objects().stream()
        .filter(object -> kind.equals(object.get("kind")))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "the chart's render has no " + kind + ": " + outcome.results()));
  }
}
