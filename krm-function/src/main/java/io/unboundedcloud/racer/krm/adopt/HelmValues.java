package io.unboundedcloud.racer.krm.adopt;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.unboundedcloud.racer.krm.codec.Fabric8Trees;
import io.unboundedcloud.racer.krm.codec.TreePath;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.render.Outcome;
import io.unboundedcloud.racer.krm.render.Renderer;
import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.workload.CacheOrigin;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.InvalidConfigurationException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * Values for {@code charts/racer} that reproduce the adopted installation as far as the chart's values can
 * say it, and the verdict on installing the chart with them. What the chart renders is worked out here
 * without Helm: the chart renders what the function renders from racer-settings and the images, patched with
 * the placement and annotations values and rendered again (chart-gen's parity tests hold the two equal), so
 * every difference between that and the live DaemonSet is a live override the values cannot express.
 */
final class HelmValues {
  /** The release name the Helm commands use (the chart's delivery labels only; never in a selector). */
  static final String RELEASE = "racer";
  /** Where the chart is, relative to a checkout of this repository. */
  static final String CHART = "charts/racer";
  private static final String INEXPRESSIBLE = "no value of charts/racer sets it (its values: images, settings,"
      + " placement, serviceAccount.annotations, podAnnotations, cacheOrigins)";

  private HelmValues() {}

  /**
   * What adopt made of the live installation.
   *
   * @param live the live objects
   * @param rendered the adopted objects
   * @param settings the live racer-settings, without server fields
   * @param liveDaemonSet the live DaemonSet, without server fields
   * @param functionRollout the verdict on the adopted manifests, whose reasons the chart's verdict reuses
   */
  record Adopted(LiveInstallation live, Rerendering.Rendered rendered, Map<String, Object> settings,
      Map<String, Object> liveDaemonSet, Rollout functionRollout) {}

  /**
   * The values, the chart verdict and the Helm commands.
   *
   * @param values the chart values
   * @param results the verdict on installing the chart, and what it leaves out
   * @param commands the kubectl label and annotate commands, then helm install
   */
  record Derived(Map<String, Object> values, List<Result> results, List<String> commands) {}

  static Derived derive(Adopted adopted, String valuesFile, Severity rolloutSeverity) {
    String namespace = adopted.live().daemonSet().namespace();
    Map<String, Object> daemonSet = adopted.rendered().daemonSet();
    PinnedImages images = PinnedImages.of(daemonSet);
    MappingNode functionConfig = Nodes.fromPlainMap(images.functionConfig(""));
    Map<String, Object> account = Nodes.toPlainMap(adopted.rendered().items().get(2));

    Map<String, Object> placement = placement(pod(daemonSet));
    Map<String, Object> podAnnotations = podAnnotations(daemonSet);
    Map<String, Object> accountAnnotations = annotations(account);

    // what the chart renders: the function's fresh render, patched with the placement and annotations values
    Outcome fresh = Renderer.render(List.of(Nodes.fromPlainMap(adopted.settings())), functionConfig);
    Map<String, Object> patched = PlainTrees.copyMap(kind(fresh, "DaemonSet"));
    Map<String, Object> template = new LinkedHashMap<>();
    if (!podAnnotations.isEmpty()) {
      template.put("metadata", Map.of("annotations", podAnnotations));
    }
    template.put("spec", placement);
    merge(patched, Map.of("spec", Map.of("template", template)));
    List<Map<String, Object>> originValues = new ArrayList<>();
    List<MappingNode> chartInput = new ArrayList<>(List.of(Nodes.fromPlainMap(adopted.settings()),
        Nodes.fromPlainMap(patched)));
    for (Map<String, Object> origin : adopted.rendered().origins()) {
      Map<String, Object> value = originValue(origin, namespace);
      Map<String, Object> chartOrigin = value == null ? null : chartOrigin(value, namespace);
      originValues.add(chartOrigin == null ? null : value);
      if (chartOrigin != null) {
        chartInput.add(Nodes.fromPlainMap(chartOrigin));
      }
    }
    Outcome chart = Renderer.render(chartInput, functionConfig);
    if (chart.results().hasError()) {
      throw new IllegalStateException("the chart's equivalent does not render: " + chart.results());
    }
    Map<String, Object> chartDaemonSet = kind(chart, "DaemonSet");
    Map<String, Object> chartAccount = kind(fresh, "ServiceAccount");
    if (!accountAnnotations.isEmpty()) {
      merge(chartAccount, Map.of("metadata", Map.of("annotations", accountAnnotations)));
    }

    List<Result> results = new ArrayList<>();
    Rollout dataplane = Rollout.of(adopted.functionRollout().workload(), adopted.functionRollout().ref(),
        adopted.liveDaemonSet(), chartDaemonSet, difference -> reason(difference, adopted.functionRollout()));
    results.addAll(Adoption.verdict(List.of(dataplane), "helm install of " + CHART + " with " + valuesFile,
        rolloutSeverity, "chart "));
    results.addAll(serviceAccountChanges(adopted, account, chartAccount));

    List<Map<String, Object>> keptOrigins = new ArrayList<>();
    List<String> originObjects = new ArrayList<>();
    for (int i = 0; i < originValues.size(); i++) {
      Item live = adopted.live().origins().get(i);
      Map<String, Object> adoptedOrigin = adopted.rendered().origins().get(i);
      Optional<Difference> first = originValues.get(i) == null ? Optional.empty()
          : firstDifference(adoptedOrigin, find(chart, adoptedOrigin));
      if (originValues.get(i) == null || first.isPresent()) {
        results.add(Result.of(Severity.WARNING, "cache origin " + live.name() + " is left out of the chart values:"
            + " cacheOrigins cannot express it (" + first.map(HelmValues::describe).orElse("it is not a DaemonSet"
            + " with one container") + "); keep its adopted manifest", live.ref(), null));
      } else {
        keptOrigins.add(originValues.get(i));
        originObjects.add(live.namespace() + " daemonset/" + live.name());
      }
    }

    Map<String, Object> values = new LinkedHashMap<>();
    Map<String, Object> imageValues = new LinkedHashMap<>();
    imageValues.put("dataplane", images.dataplane());
    imageValues.put("object", images.object());
    values.put("images", imageValues);
    Map<String, Object> settings = PlainTrees.asMap(adopted.settings().get("data"));
    values.put("settings", settings == null ? new LinkedHashMap<>() : settings);
    if (!placement.isEmpty()) {
      values.put("placement", placement);
    }
    if (!accountAnnotations.isEmpty()) {
      values.put("serviceAccount", Map.of("annotations", accountAnnotations));
    }
    if (!podAnnotations.isEmpty()) {
      values.put("podAnnotations", podAnnotations);
    }
    if (!keptOrigins.isEmpty()) {
      values.put("cacheOrigins", keptOrigins);
    }
    List<String> commands = commands(adopted.live(), originObjects, valuesFile);
    return new Derived(values, results, commands);
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
  private static List<Result> serviceAccountChanges(Adopted adopted, Map<String, Object> account,
      Map<String, Object> chartAccount) {
    Map<String, Object> adoptedFields = PlainTrees.copyMap(account);
    Map<String, Object> chartFields = PlainTrees.copyMap(chartAccount);
    adoptedFields.remove("metadata");
    chartFields.remove("metadata");
    ResourceRef ref = adopted.live().serviceAccount() == null ? null : adopted.live().serviceAccount().ref();
    return Difference.between(adoptedFields, chartFields, TreeAddress.root()).stream()
        .map(difference -> Result.of(Severity.WARNING, "chart change, not a rollout: live "
            + PlainTrees.shown(difference.live()) + ", new " + PlainTrees.shown(difference.adopted()) + ": "
            + INEXPRESSIBLE, ref, difference.at().toString()))
        .toList();
  }

  /** The placement values: node selector, tolerations, and affinity without the dataplane's own expressions. */
  private static Map<String, Object> placement(Map<String, Object> pod) {
    Map<String, Object> placement = new LinkedHashMap<>();
    if (pod.get("nodeSelector") instanceof Map<?, ?> selector && !selector.isEmpty()) {
      placement.put("nodeSelector", PlainTrees.copy(selector));
    }
    if (pod.get("tolerations") instanceof List<?> tolerations && !tolerations.isEmpty()) {
      placement.put("tolerations", PlainTrees.copy(tolerations));
    }
    Map<String, Object> affinity = PlainTrees.asMap(PlainTrees.copy(pod.get("affinity")));
    if (affinity != null) {
      withoutDataplaneTerm(affinity);
      if (!affinity.isEmpty()) {
        placement.put("affinity", affinity);
      }
    }
    return placement;
  }

  /**
   * Removes the dataplane's two expressions from each required term (the chart puts them first again), and
   * the required terms altogether when all that is left is one empty term (the chart then renders the
   * dataplane's).
   */
  private static void withoutDataplaneTerm(Map<String, Object> affinity) {
    Map<String, Object> node = PlainTrees.asMap(affinity.get("nodeAffinity"));
    if (node == null) {
      return;
    }
    Map<String, Object> required = PlainTrees.asMap(node.get("requiredDuringSchedulingIgnoredDuringExecution"));
    if (required != null && required.get("nodeSelectorTerms") instanceof List<?> terms) {
      List<Object> ours = Dataplane.requiredExpressions().stream().map(e -> (Object) Fabric8Trees.write(e)).toList();
      List<Map<String, Object>> kept = new ArrayList<>();
      for (Object term : terms) {
        Map<String, Object> copy = PlainTrees.copyMap(PlainTrees.asMap(term));
        if (copy.get("matchExpressions") instanceof List<?> expressions) {
          List<Object> own = expressions.stream()
              .filter(expression -> ours.stream().noneMatch(our -> PlainTrees.same(our, expression)))
              .map(expression -> (Object) expression)
              .toList();
          if (own.isEmpty()) {
            copy.remove("matchExpressions");
          } else {
            copy.put("matchExpressions", own);
          }
        }
        kept.add(copy);
      }
      if (kept.size() == 1 && kept.get(0).isEmpty()) {
        node.remove("requiredDuringSchedulingIgnoredDuringExecution");
      } else {
        required.put("nodeSelectorTerms", kept);
      }
    }
    if (node.isEmpty()) {
      affinity.remove("nodeAffinity");
    }
  }

  /** The pod template annotations that are not the chart's own (settings-hash, CDI). */
  private static Map<String, Object> podAnnotations(Map<String, Object> daemonSet) {
    Map<String, Object> annotations = annotations(PlainTrees.asMap(TreeAddress.of("spec.template").valueIn(daemonSet)));
    annotations.remove(Dataplane.SETTINGS_HASH_ANNOTATION);
    annotations.remove(Dataplane.CDI_ANNOTATION);
    return annotations;
  }

  private static Map<String, Object> annotations(Map<String, Object> object) {
    Object annotations = object == null ? null : TreeAddress.of("metadata.annotations").valueIn(object);
    return annotations instanceof Map<?, ?> map ? PlainTrees.copyMap(PlainTrees.asMap(map)) : new LinkedHashMap<>();
  }

  /** A {@code cacheOrigins} entry for an adopted origin, or {@code null} when it is no DaemonSet of one container. */
  private static Map<String, Object> originValue(Map<String, Object> origin, String releaseNamespace) {
    Object containers = TreeAddress.of("spec.template.spec.containers").valueIn(origin);
    Object volume = TreeAddress.of("metadata.labels").key(CacheOrigin.LABEL).valueIn(origin);
    if (!"DaemonSet".equals(origin.get("kind")) || !(containers instanceof List<?> list) || list.size() != 1
        || !(volume instanceof String)) {
      return null;
    }
    Map<String, Object> container = PlainTrees.asMap(list.get(0));
    Map<String, Object> metadata = PlainTrees.asMap(origin.get("metadata"));
    Map<String, Object> value = new LinkedHashMap<>();
    value.put("name", metadata.get("name"));
    Object namespace = metadata.get("namespace");
    if (namespace != null && !releaseNamespace.equals(namespace)) {
      value.put("namespace", namespace);
    }
    value.put("volume", volume);
    value.put("image", container.get("image"));
    for (String field : List.of("args", "env", "resources")) {
      Object found = container.get(field);
      if (found instanceof List<?> items && !items.isEmpty() || found instanceof Map<?, ?> map && !map.isEmpty()) {
        value.put(field, PlainTrees.copy(found));
      }
    }
    return value;
  }

  /** The origin DaemonSet the chart renders for a {@code cacheOrigins} entry, or {@code null} when it cannot. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> chartOrigin(Map<String, Object> value, String releaseNamespace) {
    try {
      List<EnvVar> env = new ArrayList<>();
      for (Object variable : (List<Object>) value.getOrDefault("env", List.of())) {
        env.add(Fabric8Trees.read(variable, EnvVar.class, TreePath.root("env")));
      }
      Object resources = value.get("resources");
      CacheOrigin.Spec spec = new CacheOrigin.Spec(
          String.valueOf(value.get("name")),
          String.valueOf(value.getOrDefault("namespace", releaseNamespace)),
          String.valueOf(value.get("volume")),
          value.get("image") instanceof String image ? image : null,
          ((List<Object>) value.getOrDefault("args", List.of())).stream().map(String::valueOf).toList(),
          env,
          resources == null ? null : Fabric8Trees.read(resources, ResourceRequirements.class, TreePath.root("resources")));
      return Fabric8Trees.write(CacheOrigin.daemonSet(spec));
    } catch (InvalidConfigurationException | IllegalArgumentException notAnOrigin) {
      return null;
    }
  }

  /** The first difference of two origins in their spec (a label of the DaemonSet itself rolls nothing). */
  private static Optional<Difference> firstDifference(Map<String, Object> adopted, Map<String, Object> chart) {
    if (chart == null) {
      return Optional.of(new Difference(TreeAddress.root(), "the origin", null, false));
    }
    return Difference.between(ApiServerDefaults.filled(adopted).get("spec"),
        ApiServerDefaults.filled(chart).get("spec"), TreeAddress.root().key("spec")).stream().findFirst();
  }

  private static String describe(Difference difference) {
    return difference.at() + ": live " + PlainTrees.shown(difference.live()) + ", chart " + PlainTrees.shown(difference.adopted());
  }

  /** The kubectl commands that mark the live objects as the release's, per namespace, then helm install. */
  private static List<String> commands(LiveInstallation live, List<String> originObjects, String valuesFile) {
    String namespace = live.daemonSet().namespace();
    Map<String, List<String>> byNamespace = new LinkedHashMap<>();
    List<String> installation = new ArrayList<>(List.of("daemonset/" + Dataplane.DATAPLANE_DAEMON_SET_NAME));
    if (live.serviceAccount() != null) {
      installation.add("serviceaccount/" + Dataplane.DATAPLANE_DAEMON_SET_NAME);
    }
    installation.add("configmap/" + Dataplane.SETTINGS_CONFIG_MAP);
    byNamespace.put(namespace, installation);
    for (String origin : originObjects) {
      String[] parts = origin.split(" ", 2);
      byNamespace.computeIfAbsent(parts[0], key -> new ArrayList<>()).add(parts[1]);
    }
    List<String> commands = new ArrayList<>();
    byNamespace.forEach((objectsNamespace, objects) -> {
      String targets = "--namespace " + objectsNamespace + " " + String.join(" ", objects);
      commands.add("kubectl label --overwrite " + targets + " app.kubernetes.io/managed-by=Helm");
      commands.add("kubectl annotate --overwrite " + targets + " meta.helm.sh/release-name=" + RELEASE
          + " meta.helm.sh/release-namespace=" + namespace);
    });
    commands.add("helm install " + RELEASE + " " + CHART + " --namespace " + namespace + " --values " + valuesFile);
    return commands;
  }

  private static Map<String, Object> pod(Map<String, Object> daemonSet) {
    return PlainTrees.asMap(TreeAddress.of("spec.template.spec").valueIn(daemonSet));
  }

  /** The first rendered object of a kind, as a plain tree. */
  private static Map<String, Object> kind(Outcome outcome, String kind) {
    return outcome.items().stream()
        .filter(node -> kind.equals(new Item(node).kind()))
        .findFirst()
        .map(Nodes::toPlainMap)
        .orElseThrow(() -> new IllegalStateException("the chart's render has no " + kind + ": "
            + outcome.results()));
  }

  /** The rendered object of the same kind, namespace and name, or {@code null}. */
  private static Map<String, Object> find(Outcome outcome, Map<String, Object> object) {
    Map<String, Object> metadata = PlainTrees.asMap(object.get("metadata"));
    for (MappingNode node : outcome.items()) {
      Item item = new Item(node);
      if (String.valueOf(object.get("kind")).equals(item.kind())
          && String.valueOf(metadata.getOrDefault("namespace", "")).equals(item.namespace())
          && String.valueOf(metadata.get("name")).equals(item.name())) {
        return Nodes.toPlainMap(node);
      }
    }
    return null;
  }

  /** Merges a patch into a tree as a strategic merge does for these fields: maps key by key, others replaced. */
  private static void merge(Map<String, Object> target, Map<String, Object> patch) {
    patch.forEach((key, value) -> {
      Map<String, Object> existing = PlainTrees.asMap(target.get(key));
      if (value instanceof Map<?, ?> map && existing != null) {
        merge(existing, PlainTrees.asMap(map));
      } else {
        target.put(key, PlainTrees.copy(value));
      }
    });
  }
}
