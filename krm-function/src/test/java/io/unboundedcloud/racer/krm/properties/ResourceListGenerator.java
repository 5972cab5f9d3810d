package io.unboundedcloud.racer.krm.properties;

import static io.unboundedcloud.racer.krm.properties.YamlLines.anyStyle;
import static io.unboundedcloud.racer.krm.properties.YamlLines.maybeComment;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.properties.YamlLines.Words;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.krm.yaml.ResourceList;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * Seeded random ResourceLists as kustomize and kpt send them: a racer-settings ConfigMap (valid
 * values from the catalog's rules, sometimes an error), a function config, up to 30 unrelated items
 * ({@link UnrelatedItems}), up to 3 cache origins of random kinds with their own placement, and
 * sometimes the racer DaemonSet (rendered earlier, then changed by the user in fields the renderer
 * does not own) and ServiceAccount.
 */
final class ResourceListGenerator {
  static final List<String> ORIGIN_KINDS =
      List.of("DaemonSet", "Deployment", "StatefulSet", "ReplicaSet", "Job", "CronJob", "Pod");
  private static final List<String> NAMESPACES = List.of("racer", "racing", "storage-system", "");

  /** How an item is found in the output: kind, namespace and name (kustomize's identity). */
  record Key(String kind, String namespace, String name) {
    static Key of(MappingNode item) {
      String namespace = Nodes.getText(item, "metadata", "namespace");
      return new Key(
          Nodes.getText(item, "kind"),
          namespace == null ? "" : namespace,
          Nodes.getText(item, "metadata", "name"));
    }
  }

  /**
   * A generated input and what it must give.
   *
   * @param seed the seed that generated it (print it in every failure)
   * @param input the ResourceList text
   * @param namespace the installation namespace (the settings'; empty for none)
   * @param valid whether the settings are valid, so the run must succeed
   * @param origins the cache origins
   * @param existingDaemonSet whether the input holds the racer DaemonSet
   * @param existingAccount whether the input holds the racer ServiceAccount
   * @param changes the user's changes to the existing DaemonSet
   * @param accountAnnotation a workload-identity annotation the user put on the existing
   *     ServiceAccount, or null
   */
  record Case(
      long seed,
      String input,
      String namespace,
      boolean valid,
      Set<Key> origins,
      boolean existingDaemonSet,
      boolean existingAccount,
      List<UserChange> changes,
      String accountAnnotation) {
    Key daemonSet() {
      return new Key("DaemonSet", namespace, "racer");
    }

    Key account() {
      return new Key("ServiceAccount", namespace, "racer");
    }

    /**
     * Whether the function owns the item: the racer DaemonSet and ServiceAccount of the
     * installation.
     */
    boolean owns(Key key) {
      return key.equals(daemonSet()) || key.equals(account());
    }
  }

  private final Random random;
  private final long seed;
  private final UnrelatedItems unrelatedItems;

  private ResourceListGenerator(long seed) {
    this.seed = seed;
    this.random = new Random(mixed(seed));
    this.unrelatedItems = new UnrelatedItems(random);
  }

  /**
   * Spreads neighbouring seeds apart: java.util.Random's first draws barely differ for seeds n and
   * n + 1.
   */
  private static long mixed(long seed) {
    long z = seed * 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  static Case generate(long seed) {
    return new ResourceListGenerator(seed).generate();
  }

  private Case generate() {
    String namespace = NAMESPACES.get(random.nextInt(NAMESPACES.size()));
    boolean valid = random.nextInt(10) != 0;
    Map<String, String> settings =
        valid ? SettingsGenerator.valid(random) : SettingsGenerator.withError(random);
    List<String> functionConfig = functionConfig();
    List<String> entries = new ArrayList<>();
    entries.add(YamlLines.asSequenceEntry(settingsItem(namespace, settings)));
    // 0..30, most lists small: a run costs time in proportion to its size
    int unrelated = random.nextInt(1 + random.nextInt(31));
    for (int i = 0; i < unrelated; i++) {
      entries.add(YamlLines.asSequenceEntry(unrelatedItems.next(namespace)));
    }
    Set<Key> origins = new LinkedHashSet<>();
    int originCount = random.nextInt(4);
    for (int i = 0; i < originCount; i++) {
      String kind = ORIGIN_KINDS.get(random.nextInt(ORIGIN_KINDS.size()));
      String originNamespace = random.nextInt(4) == 0 ? "elsewhere" : namespace;
      String name = "origin-" + i;
      origins.add(new Key(kind, originNamespace, name));
      entries.add(YamlLines.asSequenceEntry(origin(kind, originNamespace, name)));
    }
    boolean existingDaemonSet = valid && random.nextBoolean();
    boolean existingAccount = valid && random.nextInt(3) == 0;
    List<UserChange> changes = new ArrayList<>();
    String accountAnnotation = null;
    if (existingDaemonSet || existingAccount) {
      Map<String, String> earlier =
          random.nextInt(3) == 0 ? SettingsGenerator.valid(random) : settings;
      List<String> earlierConfig = random.nextInt(4) == 0 ? functionConfig() : functionConfig;
      Map<Key, Map<String, Object>> rendered = renderEarlier(namespace, earlier, earlierConfig);
      if (existingDaemonSet) {
        Map<String, Object> daemonSet = rendered.get(new Key("DaemonSet", namespace, "racer"));
        changes.addAll(UserChange.several(random, 1 + random.nextInt(3)));
        changes.forEach(change -> change.apply(daemonSet));
        entries.add(YamlLines.asSequenceEntry(text(daemonSet)));
      }
      if (existingAccount) {
        Map<String, Object> account = rendered.get(new Key("ServiceAccount", namespace, "racer"));
        if (random.nextBoolean()) {
          accountAnnotation = "azure.workload.identity/client-id";
          Plain.map(Plain.map(account, "metadata"), "annotations")
              .put(accountAnnotation, "0000-" + seed);
        }
        entries.add(YamlLines.asSequenceEntry(text(account)));
      }
    }
    Collections.shuffle(entries, random);
    StringBuilder input = new StringBuilder();
    if (random.nextInt(4) == 0) {
      input.append("# a ResourceList from seed ").append(seed).append('\n');
    }
    input.append(envelope());
    input.append(entries.isEmpty() ? "items: []\n" : "items:\n");
    entries.forEach(input::append);
    input.append("functionConfig:\n").append(YamlLines.indented(functionConfig, 2));
    return new Case(
        seed,
        input.toString(),
        namespace,
        valid,
        origins,
        existingDaemonSet,
        existingAccount,
        changes,
        accountAnnotation);
  }

  private String envelope() {
    return switch (random.nextInt(8)) {
      case 0 -> "apiVersion: config.kubernetes.io/v1beta1\nkind: ResourceList\n";
      case 1 -> "apiVersion: config.kubernetes.io/v1\nkind: List\n";
      case 2 -> "kind: ResourceList\n";
      default -> "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\n";
    };
  }

  /** The racer DaemonSet and ServiceAccount a run on these settings renders, as plain trees. */
  private Map<Key, Map<String, Object>> renderEarlier(
      String namespace, Map<String, String> settings, List<String> functionConfig) {
    String input =
        "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n"
            + YamlLines.asSequenceEntry(settingsItem(namespace, settings))
            + "functionConfig:\n"
            + YamlLines.indented(functionConfig, 2);
    KrmRun run = KrmRun.function(input);
    if (run.exitCode() != 0) {
      throw new IllegalStateException(
          "seed " + seed + ": the earlier render failed: " + run.stderr());
    }
    ResourceList output = read(run.stdout());
    Map<Key, Map<String, Object>> objects = new java.util.HashMap<>();
    for (MappingNode item : output.items()) {
      objects.put(Key.of(item), Plain.normalizedMap(Nodes.toPlainMap(item)));
    }
    return objects;
  }

  static ResourceList read(String resourceList) {
    return YamlReader.readResourceList(
        new ByteArrayInputStream(resourceList.getBytes(StandardCharsets.UTF_8)));
  }

  /** A plain tree written by the function's own writer (how a rendered object is kept in git). */
  private static List<String> text(Map<String, Object> object) {
    return YamlWriter.manifests(List.of(Nodes.fromPlainMap(object))).lines().toList();
  }

  private List<String> settingsItem(String namespace, Map<String, String> settings) {
    YamlLines yaml = new YamlLines();
    if (random.nextInt(3) == 0) {
      yaml.line(0, "# the dataplane's settings");
    }
    yaml.line(0, "apiVersion: v1").line(0, "kind: ConfigMap").line(0, "metadata:");
    yaml.line(2, "name: racer-settings" + maybeComment(random));
    if (!namespace.isEmpty()) {
      yaml.line(2, "namespace: " + namespace);
    }
    if (random.nextBoolean()) {
      yaml.line(2, "annotations:")
          .lines(4, unrelatedItems.annotations("ConfigMap", "racer-settings", namespace));
    }
    if (settings.isEmpty() && random.nextBoolean()) {
      return yaml.lines();
    }
    if (settings.isEmpty()) {
      return yaml.line(0, "data: {}").lines();
    }
    yaml.line(0, "data:");
    for (Map.Entry<String, String> entry : settings.entrySet()) {
      String value = entry.getValue();
      String scalar = value.isEmpty() && random.nextBoolean() ? "\"\"" : anyStyle(value, random);
      yaml.line(2, entry.getKey() + ": " + scalar + maybeComment(random));
    }
    return yaml.lines();
  }

  private List<String> functionConfig() {
    YamlLines yaml = new YamlLines();
    String registry =
        random.nextBoolean()
            ? "registry.example.com/racer"
            : "mirror.example.org/" + Words.any(random);
    List<String> data = new ArrayList<>();
    data.add("imageRegistry: " + anyStyle(registry, random));
    switch (random.nextInt(4)) {
      case 0 -> data.add("imageTag: " + YamlLines.doubleQuoted("0." + random.nextInt(30) + ".0"));
      case 1 -> {
        data.add("dataplaneImage: " + registry + "/racer-dataplane:1.2.3");
        data.add("objectImage: " + registry + "/racer-object:1.2.3");
      }
      case 2 -> data.add("unknownKey: ignored");
      default -> {}
    }
    if (random.nextBoolean()) {
      // kpt: the Kptfile's configMap becomes a flow-style function-input ConfigMap
      yaml.line(0, "apiVersion: v1")
          .line(0, "kind: ConfigMap")
          .line(0, "metadata:")
          .line(2, "name: function-input");
      yaml.line(0, "data: {" + String.join(", ", data) + "}");
    } else {
      // kustomize: keys sorted, the function annotation and local-config
      yaml.line(0, "apiVersion: v1").line(0, "data:").lines(2, data).line(0, "kind: ConfigMap");
      yaml.line(0, "metadata:").line(2, "annotations:");
      yaml.line(4, "config.kubernetes.io/function: |")
          .line(6, "container:")
          .line(8, "image: ghcr.io/unbounded-cloud/racer-krm:0.1.0");
      yaml.line(4, "config.kubernetes.io/local-config: 'true'").line(2, "name: racer-function");
    }
    return yaml.lines();
  }

  /** A cache origin with its own placement, which the function replaces by the dataplane's. */
  private List<String> origin(String kind, String namespace, String name) {
    String apiVersion =
        switch (kind) {
          case "Pod" -> "v1";
          case "Job", "CronJob" -> "batch/v1";
          default -> "apps/v1";
        };
    String volume = Words.any(random);
    YamlLines yaml = new YamlLines();
    if (random.nextBoolean()) {
      yaml.line(0, "# the " + volume + " origin");
    }
    yaml.line(0, "apiVersion: " + apiVersion).line(0, "kind: " + kind).line(0, "metadata:");
    yaml.line(2, "name: " + name);
    if (!namespace.isEmpty()) {
      yaml.line(2, "namespace: " + namespace);
    }
    yaml.line(2, "labels:")
        .line(4, "racer.unbounded-cloud.io/cache-origin: " + anyStyle(volume, random));
    int podIndent;
    switch (kind) {
      case "Pod" -> {
        yaml.line(0, "spec:");
        podIndent = 2;
      }
      case "CronJob" -> {
        yaml.line(0, "spec:")
            .line(2, "schedule: \"*/10 * * * *\"")
            .line(2, "jobTemplate:")
            .line(4, "spec:")
            .line(6, "template:")
            .line(8, "spec:");
        podIndent = 10;
      }
      default -> {
        yaml.line(0, "spec:");
        if (!kind.equals("Job")) {
          yaml.line(2, "selector:")
              .line(4, "matchLabels: {app: " + name + "}" + maybeComment(random));
        }
        if (kind.equals("DaemonSet") && random.nextBoolean()) {
          yaml.line(2, "updateStrategy:")
              .line(4, "type: RollingUpdate")
              .line(4, "rollingUpdate:")
              .line(6, "maxSurge: " + (random.nextBoolean() ? "0" : "1"))
              .line(6, "maxUnavailable: 1");
        }
        yaml.line(2, "template:").line(4, "metadata:").line(6, "labels:").line(8, "app: " + name);
        yaml.line(4, "spec:");
        podIndent = 6;
      }
    }
    List<List<String>> fields = new ArrayList<>();
    fields.add(
        List.of(
            "containers:",
            "- name: origin" + maybeComment(random),
            "  image: " + anyStyle("registry.example.com/" + volume + "-origin:1.0", random),
            "  volumeMounts:",
            "  - name: origin-socket",
            "    mountPath: /run/racer/" + volume + "/origin"));
    fields.add(
        List.of(
            "volumes:",
            "- name: origin-socket",
            "  hostPath:",
            "    path: /run/racer/" + volume + "/origin",
            "    type: DirectoryOrCreate"));
    if (random.nextBoolean()) {
      fields.add(
          List.of("securityContext:", "  runAsUser: " + (random.nextInt(4) == 0 ? "1000" : "0")));
    }
    if (random.nextBoolean()) {
      fields.add(List.of("nodeSelector:", "  pool: " + Words.any(random)));
    }
    if (random.nextBoolean()) {
      fields.add(List.of("tolerations:", "- key: " + Words.any(random), "  operator: Exists"));
    }
    boolean nodeAffinity = random.nextBoolean();
    boolean antiAffinity = random.nextBoolean();
    if (nodeAffinity || antiAffinity) {
      List<String> affinity = new ArrayList<>(List.of("affinity:"));
      if (nodeAffinity) {
        affinity.addAll(
            List.of(
                "  nodeAffinity:",
                "    requiredDuringSchedulingIgnoredDuringExecution:",
                "      nodeSelectorTerms:",
                "      - matchExpressions:",
                "        - key: origin-node",
                "          operator: Exists"));
      }
      if (antiAffinity) {
        // written as the function writes it: pod anti-affinity is kept, but rewritten (see
        // OriginFidelityTest)
        affinity.addAll(
            List.of(
                "  podAntiAffinity:",
                "    requiredDuringSchedulingIgnoredDuringExecution:",
                "    - labelSelector:",
                "        matchLabels:",
                "          app: " + name,
                "      topologyKey: kubernetes.io/hostname"));
      }
      fields.add(affinity);
    }
    Collections.shuffle(fields, random);
    fields.forEach(field -> yaml.lines(podIndent, field));
    return yaml.lines();
  }
}
