package io.unboundedcloud.racer.krm.properties;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A change a user makes to the rendered racer DaemonSet in a field the renderer does not own
 * (docs/dataplane.md, "Who owns which field of an existing DaemonSet"): applied to its plain tree,
 * then checked on the output.
 */
sealed interface UserChange {
  String DATAPLANE = "dataplane";

  /** Applies the change to a DaemonSet's plain tree. */
  void apply(Map<String, Object> daemonSet);

  /** Throws when the change is not in the output DaemonSet. */
  void check(Map<String, Object> daemonSet);

  /**
   * {@code count} changes of distinct types, none undoing another (own terms replace the rendered
   * one).
   */
  static List<UserChange> several(Random random, int count) {
    List<Integer> types = new ArrayList<>();
    for (int type = 0; type < 15; type++) {
      types.add(type);
    }
    java.util.Collections.shuffle(types, random);
    List<Integer> chosen = new ArrayList<>(types.subList(0, count));
    if (chosen.contains(7) && chosen.contains(8)) {
      chosen.remove(Integer.valueOf(8));
    }
    // replacing the required terms comes first, so that an added term is added to the user's
    chosen.sort(java.util.Comparator.comparing(type -> type == 7 ? -1 : type));
    List<UserChange> changes = new ArrayList<>();
    for (int i = 0; i < chosen.size(); i++) {
      changes.add(of(chosen.get(i), random, i));
    }
    return changes;
  }

  private static UserChange of(int type, Random random, int index) {
    String word = YamlLines.Words.any(random) + index;
    return switch (type) {
      case 0 ->
          new Toleration(
              Map.of("key", "example.com/" + word, "operator", "Exists", "effect", "NoSchedule"));
      case 1 -> new NodeSelectorEntry("example.com/pool-" + index, word);
      case 2 -> new ExtraEnv("USER_" + word.toUpperCase(), random.nextBoolean() ? "1" : word);
      case 3 -> new ExtraContainer("sidecar-" + word, "registry.example.com/" + word + ":1.0");
      case 4 -> new Annotation(random.nextBoolean(), "example.com/" + word, "value " + word);
      case 5 -> new PriorityClass(random.nextBoolean() ? "system-node-critical" : "racer-" + word);
      case 6 -> new Resources(random.nextInt(4) * 250 + 250 + "m", 1 + random.nextInt(8) + "Gi");
      case 7 -> new RequiredTerms(userTerms(random, index));
      case 8 -> new ExtraRequiredTerm(expression("example.com/zone-" + index, word));
      case 9 -> new Label("example.com/" + word, "yes-" + index);
      case 10 -> new ImagePullSecret("pull-" + word);
      case 12 -> new PodLabel("example.com/" + word, "pod-" + index);
      case 13 -> new UpdateStrategy(random.nextBoolean() ? null : 1 + random.nextInt(50) + "%");
      case 14 -> new PullPolicy(random.nextBoolean() ? "Always" : "Never");
      default ->
          new PreferredTerm(1 + random.nextInt(100), expression("example.com/disk-" + index, word));
    };
  }

  private static List<List<Map<String, Object>>> userTerms(Random random, int index) {
    List<List<Map<String, Object>>> terms = new ArrayList<>();
    int count = 1 + random.nextInt(3);
    for (int t = 0; t < count; t++) {
      List<Map<String, Object>> expressions = new ArrayList<>();
      expressions.add(
          expression("example.com/term-" + index + "-" + t, YamlLines.Words.any(random)));
      if (random.nextBoolean()) {
        // a user term may already hold one of ours: it must not be doubled
        expressions.add(
            random.nextBoolean()
                ? Map.of("key", "kubernetes.io/os", "operator", "In", "values", List.of("linux"))
                : Map.of("key", "example.com/gpu", "operator", "Exists"));
      }
      terms.add(expressions);
    }
    return terms;
  }

  private static Map<String, Object> expression(String key, String value) {
    return Map.of("key", key, "operator", "In", "values", List.of(value));
  }

  record Toleration(Map<String, Object> toleration) implements UserChange {
    public void apply(Map<String, Object> ds) {
      Plain.list(Plain.podSpec(ds), "tolerations").add(new LinkedHashMap<>(toleration));
    }

    public void check(Map<String, Object> ds) {
      Plain.require(
          Plain.listOrEmpty(Plain.podSpec(ds), "tolerations").contains(toleration), this, ds);
    }
  }

  record NodeSelectorEntry(String key, String value) implements UserChange {
    public void apply(Map<String, Object> ds) {
      Plain.map(Plain.podSpec(ds), "nodeSelector").put(key, value);
    }

    public void check(Map<String, Object> ds) {
      Plain.require(
          value.equals(Plain.mapOrEmpty(Plain.podSpec(ds), "nodeSelector").get(key)), this, ds);
    }
  }

  record ExtraEnv(String name, String value) implements UserChange {
    public void apply(Map<String, Object> ds) {
      Map<String, Object> env = new LinkedHashMap<>();
      env.put("name", name);
      env.put("value", value);
      Plain.list(Plain.container(ds, DATAPLANE), "env").add(env);
    }

    public void check(Map<String, Object> ds) {
      Plain.require(
          Plain.listOrEmpty(Plain.container(ds, DATAPLANE), "env")
              .contains(Map.of("name", name, "value", value)),
          this,
          ds);
    }
  }

  record ExtraContainer(String name, String image) implements UserChange {
    public void apply(Map<String, Object> ds) {
      Map<String, Object> container = new LinkedHashMap<>();
      container.put("name", name);
      container.put("image", image);
      container.put("args", new ArrayList<>(List.of("--verbose")));
      Plain.list(Plain.podSpec(ds), "containers").add(container);
    }

    public void check(Map<String, Object> ds) {
      Plain.require(
          Plain.listOrEmpty(Plain.podSpec(ds), "containers")
              .contains(Map.of("name", name, "image", image, "args", List.of("--verbose"))),
          this,
          ds);
    }
  }

  record Annotation(boolean onTemplate, String key, String value) implements UserChange {
    public void apply(Map<String, Object> ds) {
      Plain.map(metadata(ds), "annotations").put(key, value);
    }

    public void check(Map<String, Object> ds) {
      Plain.require(value.equals(Plain.mapOrEmpty(metadata(ds), "annotations").get(key)), this, ds);
    }

    private Map<String, Object> metadata(Map<String, Object> ds) {
      return onTemplate
          ? Plain.map(Plain.map(Plain.map(ds, "spec"), "template"), "metadata")
          : Plain.map(ds, "metadata");
    }
  }

  record Label(String key, String value) implements UserChange {
    public void apply(Map<String, Object> ds) {
      Plain.map(Plain.map(ds, "metadata"), "labels").put(key, value);
    }

    public void check(Map<String, Object> ds) {
      Plain.require(
          value.equals(Plain.mapOrEmpty(Plain.map(ds, "metadata"), "labels").get(key)), this, ds);
    }
  }

  record PriorityClass(String name) implements UserChange {
    public void apply(Map<String, Object> ds) {
      Plain.podSpec(ds).put("priorityClassName", name);
    }

    public void check(Map<String, Object> ds) {
      Plain.require(name.equals(Plain.podSpec(ds).get("priorityClassName")), this, ds);
    }
  }

  record ImagePullSecret(String name) implements UserChange {
    public void apply(Map<String, Object> ds) {
      Plain.list(Plain.podSpec(ds), "imagePullSecrets")
          .add(new LinkedHashMap<>(Map.of("name", name)));
    }

    public void check(Map<String, Object> ds) {
      Plain.require(
          Plain.listOrEmpty(Plain.podSpec(ds), "imagePullSecrets").contains(Map.of("name", name)),
          this,
          ds);
    }
  }

  record PodLabel(String key, String value) implements UserChange {
    public void apply(Map<String, Object> ds) {
      Plain.map(template(ds), "labels").put(key, value);
    }

    public void check(Map<String, Object> ds) {
      Plain.require(value.equals(Plain.mapOrEmpty(template(ds), "labels").get(key)), this, ds);
    }

    private static Map<String, Object> template(Map<String, Object> ds) {
      return Plain.map(Plain.map(Plain.map(ds, "spec"), "template"), "metadata");
    }
  }

  /**
   * The whole strategy replaced: OnDelete when {@code maxUnavailable} is null, else a rolling
   * update.
   */
  record UpdateStrategy(String maxUnavailable) implements UserChange {
    public void apply(Map<String, Object> ds) {
      Plain.map(ds, "spec").put("updateStrategy", expected());
    }

    public void check(Map<String, Object> ds) {
      Plain.require(expected().equals(Plain.map(ds, "spec").get("updateStrategy")), this, ds);
    }

    private Map<String, Object> expected() {
      Map<String, Object> strategy = new LinkedHashMap<>();
      if (maxUnavailable == null) {
        strategy.put("type", "OnDelete");
      } else {
        strategy.put(
            "rollingUpdate", new LinkedHashMap<>(Map.of("maxUnavailable", maxUnavailable)));
        strategy.put("type", "RollingUpdate");
      }
      return strategy;
    }
  }

  record PullPolicy(String policy) implements UserChange {
    public void apply(Map<String, Object> ds) {
      Plain.container(ds, DATAPLANE).put("imagePullPolicy", policy);
    }

    public void check(Map<String, Object> ds) {
      Plain.require(policy.equals(Plain.container(ds, DATAPLANE).get("imagePullPolicy")), this, ds);
    }
  }

  record Resources(String cpu, String memory) implements UserChange {
    public void apply(Map<String, Object> ds) {
      Plain.container(ds, DATAPLANE).put("resources", expected());
    }

    public void check(Map<String, Object> ds) {
      Plain.require(expected().equals(Plain.container(ds, DATAPLANE).get("resources")), this, ds);
    }

    private Map<String, Object> expected() {
      Map<String, Object> resources = new LinkedHashMap<>();
      resources.put("limits", new LinkedHashMap<>(Map.of("memory", memory)));
      resources.put("requests", new LinkedHashMap<>(Map.of("cpu", cpu, "memory", memory)));
      return resources;
    }
  }

  /** The user replaces the required node-selector terms with their own. */
  record RequiredTerms(List<List<Map<String, Object>>> terms) implements UserChange {
    public void apply(Map<String, Object> ds) {
      List<Object> replaced = new ArrayList<>();
      for (List<Map<String, Object>> expressions : terms) {
        Map<String, Object> term = new LinkedHashMap<>();
        term.put("matchExpressions", new ArrayList<>(expressions));
        replaced.add(term);
      }
      Plain.map(Plain.nodeAffinity(ds), "requiredDuringSchedulingIgnoredDuringExecution")
          .put("nodeSelectorTerms", replaced);
    }

    /**
     * One term per user term, each the dataplane's two expressions then the user's others, in
     * order.
     */
    public void check(Map<String, Object> ds) {
      List<Object> out = Plain.requiredTerms(ds);
      Plain.require(out.size() == terms.size(), this, ds);
      for (int i = 0; i < terms.size(); i++) {
        List<Object> expected = new ArrayList<>(Plain.DATAPLANE_EXPRESSIONS);
        for (Map<String, Object> expression : terms.get(i)) {
          if (!expected.contains(expression)) {
            expected.add(expression);
          }
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> term = (Map<String, Object>) out.get(i);
        Plain.require(expected.equals(term.get("matchExpressions")), this, ds);
      }
    }
  }

  /** The user adds a required term of their own beside the rendered one. */
  record ExtraRequiredTerm(Map<String, Object> expression) implements UserChange {
    public void apply(Map<String, Object> ds) {
      Map<String, Object> term = new LinkedHashMap<>();
      term.put("matchExpressions", new ArrayList<>(List.of(expression)));
      Plain.list(
              Plain.map(Plain.nodeAffinity(ds), "requiredDuringSchedulingIgnoredDuringExecution"),
              "nodeSelectorTerms")
          .add(term);
    }

    public void check(Map<String, Object> ds) {
      List<Object> expected = new ArrayList<>(Plain.DATAPLANE_EXPRESSIONS);
      expected.add(expression);
      Plain.require(
          Plain.requiredTerms(ds).contains(Map.of("matchExpressions", expected)), this, ds);
    }
  }

  record PreferredTerm(long weight, Map<String, Object> expression) implements UserChange {
    public void apply(Map<String, Object> ds) {
      Plain.list(Plain.nodeAffinity(ds), "preferredDuringSchedulingIgnoredDuringExecution")
          .add(expected());
    }

    public void check(Map<String, Object> ds) {
      Plain.require(
          Plain.listOrEmpty(
                  Plain.nodeAffinity(ds), "preferredDuringSchedulingIgnoredDuringExecution")
              .contains(expected()),
          this,
          ds);
    }

    private Map<String, Object> expected() {
      Map<String, Object> preference = new LinkedHashMap<>();
      preference.put("matchExpressions", new ArrayList<>(List.of(expression)));
      Map<String, Object> term = new LinkedHashMap<>();
      term.put("preference", preference);
      term.put("weight", weight);
      return term;
    }
  }
}
