package io.unboundedcloud.racer.krm.inputs;

import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.workload.CacheOrigin;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.settings.KeySuggestion;
import io.unboundedcloud.racer.workload.settings.QuotedText;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * The only reader of a ResourceList: one method per kind of read, each deciding its source. Like
 * the Racer operator's {@code podread} package, the only place that reads Pods, a new kind of read
 * is a new method here, where its source is decided and reviewed.
 */
public final class Inputs {
  /** Kinds whose items carry a pod template, and so can be cache origins. */
  public static final Set<String> POD_TEMPLATE_KINDS =
      Set.of("DaemonSet", "Deployment", "StatefulSet", "ReplicaSet", "Job", "CronJob", "Pod");

  private final List<Item> items;
  private final MappingNode functionConfig;
  private final Overrides overrides;
  private final ItemLocator locate;

  /**
   * The reads a run makes more than once, each made on first use: racer-settings and the function
   * config are read once per run, whoever asks (the renderer asks for them at several steps).
   */
  private ReadOutcome<SettingsSource> settings;

  private ReadOutcome<Map<String, String>> folderFunctionConfig;
  private ReadOutcome<FunctionConfig> functionConfigRead;

  /**
   * @param items the ResourceList's items, in order
   * @param functionConfig its functionConfig, or {@code null}
   */
  public Inputs(List<MappingNode> items, MappingNode functionConfig) {
    this(items, functionConfig, ItemLocator.ANNOTATIONS, Overrides.NONE);
  }

  /**
   * @param items the ResourceList's items, in order
   * @param functionConfig its functionConfig, or {@code null}
   * @param locate names the file an item came from where its annotations do not (render mode's
   *     {@link SourceFiles#located}), for messages that name several items
   */
  public Inputs(List<MappingNode> items, MappingNode functionConfig, ItemLocator locate) {
    this(items, functionConfig, locate, Overrides.NONE);
  }

  /**
   * @param items the ResourceList's items, in order
   * @param functionConfig its functionConfig, or {@code null}
   * @param overrides values that win over those of racer-settings and of the function config (the
   *     Argo CD Application's parameters)
   */
  public Inputs(List<MappingNode> items, MappingNode functionConfig, Overrides overrides) {
    this(items, functionConfig, ItemLocator.ANNOTATIONS, overrides);
  }

  /**
   * @param items the ResourceList's items, in order
   * @param functionConfig its functionConfig, or {@code null}
   * @param locate names the file an item came from where its annotations do not
   * @param overrides values that win over those of racer-settings and of the function config
   */
  public Inputs(
      List<MappingNode> items,
      MappingNode functionConfig,
      ItemLocator locate,
      Overrides overrides) {
    this.items = items.stream().map(Item::new).toList();
    this.functionConfig = functionConfig;
    this.locate = locate;
    this.overrides = overrides;
  }

  /**
   * Whether the function mode reads an item no further than its identity ({@code apiVersion},
   * {@code kind} and {@code metadata}, as {@link Item}'s views read it) and gives it back as it
   * came, so that it may be held as text while the ResourceList is read ({@link
   * io.unboundedcloud.racer.krm.yaml.YamlReader#readResourceList(java.io.InputStream, String,
   * io.unboundedcloud.racer.krm.yaml.YamlLimits, io.unboundedcloud.racer.krm.yaml.ByteBudget,
   * java.util.function.Predicate)}): any item but a DaemonSet or a ServiceAccount (the dataplane's
   * own, perhaps renamed; {@link #renderedDataplanes} reads a DaemonSet's pod template), a
   * ConfigMap that is or was named {@link Dataplane#SETTINGS_CONFIG_MAP}, and a workload labelled
   * {@link CacheOrigin#LABEL} ({@link #cacheOrigins}, whose placement is edited). Only a matter of
   * speed: an item held as text that is read further is read again from its text.
   *
   * @param identity a mapping of the item's {@code apiVersion}, {@code kind} and {@code metadata}
   */
  public static boolean readsOnlyIdentity(MappingNode identity) {
    Item item = new Item(identity);
    String kind = item.kind();
    if (kind == null || "DaemonSet".equals(kind) || "ServiceAccount".equals(kind)) {
      return false;
    }
    if ("ConfigMap".equals(kind) && item.namesEverHeld().contains(Dataplane.SETTINGS_CONFIG_MAP)) {
      return false;
    }
    return !(POD_TEMPLATE_KINDS.contains(kind) && item.labels().containsKey(CacheOrigin.LABEL));
  }

  /** Every item, in order. */
  public List<Item> items() {
    return items;
  }

  /**
   * The ConfigMap {@code racer-settings}, found by its name or by a name kustomize recorded before
   * a prefix or suffix. Exactly one must exist: none, or several, is an error naming every
   * candidate. Its data are the ConfigMap's with the overrides over them (a key they set keeps its
   * place, a new one comes last).
   */
  public ReadOutcome<SettingsSource> settings() {
    if (settings == null) {
      settings = findSettings();
    }
    return settings;
  }

  /**
   * One pass over the items: each ConfigMap's annotations are read once, for both the function
   * annotation and the names kustomize recorded (the other items' only when none is found).
   */
  private ReadOutcome<SettingsSource> findSettings() {
    List<Item> candidates = new ArrayList<>();
    for (Item item : items) {
      if (item.is("v1", "ConfigMap")) {
        Map<String, String> annotations = item.annotations();
        if (!annotations.containsKey(Item.FUNCTION_ANNOTATION)
            && item.namesEverHeld(annotations).contains(Dataplane.SETTINGS_CONFIG_MAP)) {
          candidates.add(item);
        }
      }
    }
    if (candidates.isEmpty()
        && items.stream()
            .allMatch(item -> item.annotations().containsKey(Item.FUNCTION_ANNOTATION))) {
      return ReadOutcome.failed(Result.error(NoInput.MESSAGE));
    }
    if (candidates.isEmpty()) {
      return ReadOutcome.failed(
          Result.error(
              "no ConfigMap named "
                  + Dataplane.SETTINGS_CONFIG_MAP
                  + " among the "
                  + items.size()
                  + " input items: add one (its data are the dataplane's settings, its namespace is the"
                  + " installation namespace; an empty data map takes every default)"));
    }
    if (candidates.size() > 1) {
      return ReadOutcome.failed(severalSettings(candidates));
    }
    Item item = candidates.get(0);
    Results results = new Results();
    Map<String, String> data = scalarData(item, results);
    data.putAll(overrides.settings());
    return ReadOutcome.of(new SettingsSource(item, item.namespace(), data), results);
  }

  /**
   * The item's reference, naming the file this very item came from when that is known: for a
   * message that names several items, some of which may share a kind, namespace and name.
   */
  public ResourceRef located(Item item) {
    return locate.of(item);
  }

  /**
   * Several items as a message names them, each with its own file, the first few and then how many
   * more ({@link ObjectNames}), joined by {@code "; "}.
   */
  public String named(List<Item> items) {
    return ObjectNames.of(items, locate, "; ");
  }

  /** Whether none of {@code items} has a known file: naming them says nothing more then. */
  public boolean noneInAFile(List<Item> items) {
    return ObjectNames.noneInAFile(items, locate);
  }

  /**
   * The error for several racer-settings where the dataplane reads one, naming each object with its
   * own file: asked of each item, since same-named objects in two files have equal references (the
   * mode's {@link ItemLocator}). Render, diff, verify and adopt say it in these words.
   *
   * @param candidates two or more ConfigMaps, each taken for racer-settings
   */
  public Result severalSettings(List<Item> candidates) {
    String names =
        ObjectNames.of(candidates, locate, "; ")
            + (ObjectNames.noneInAFile(candidates, locate)
                ? " (kustomize names their files with buildMetadata: [originAnnotations] in the"
                    + " kustomization)"
                : "");
    boolean oneNamespace = candidates.stream().map(Item::namespace).distinct().count() == 1;
    return Result.error(
        "found "
            + candidates.size()
            + " "
            + Dataplane.SETTINGS_CONFIG_MAP
            + " ConfigMaps, expected"
            + " exactly one ("
            + (oneNamespace
                ? "the dataplane reads its settings from one ConfigMap"
                : "the installation namespace is ambiguous")
            + "): "
            + names
            + ". Keep one, or render each installation separately");
  }

  /**
   * racer-settings in the output of a whole kustomize build, which renamed it: the ConfigMap the
   * dataplane DaemonSet reads its settings from ({@link DataplaneWiring#settingsName()}; kustomize
   * appended a hash of its data to its name and dropped its record of the old one), in the
   * DaemonSet's namespace; or else the one {@link #settings()} finds.
   */
  public ReadOutcome<SettingsSource> builtSettings() {
    ReadOutcome<SettingsSource> byName = settings();
    if (byName.value() != null) {
      return byName;
    }
    for (Item daemonSet : dataplaneDaemonSets()) {
      String name = DataplaneWiring.of(daemonSet).settingsName();
      for (Item item : items) {
        if (item.is("v1", "ConfigMap")
            && item.name().equals(name)
            && item.namespace().equals(daemonSet.namespace())) {
          Results results = new Results();
          Map<String, String> data = scalarData(item, results);
          data.putAll(overrides.settings());
          return ReadOutcome.of(new SettingsSource(item, item.namespace(), data), results);
        }
      }
    }
    return byName;
  }

  /**
   * The function config: a ConfigMap (kustomize's transformer config, kpt's {@code function-input})
   * whose {@code data} holds {@link FunctionConfig#KEYS}, or the typed {@link TypedFunctionConfig}
   * with the same keys as its fields, read into the same map. None at all reads as an empty config;
   * an unknown key is a warning, or an error when it is a typo of a key; another kind is an error.
   * The overrides win over its keys.
   */
  public ReadOutcome<FunctionConfig> functionConfig() {
    if (functionConfigRead == null) {
      functionConfigRead = readFunctionConfig();
    }
    return functionConfigRead;
  }

  private ReadOutcome<FunctionConfig> readFunctionConfig() {
    if (functionConfig == null) {
      return finish(null, new LinkedHashMap<>(), new Results());
    }
    Item source = new Item(functionConfig);
    if (!isFunctionConfigKind(source)) {
      return ReadOutcome.failed(
          Result.of(
              Severity.ERROR,
              "functionConfig is a "
                  + source.apiVersion()
                  + " "
                  + source.kind()
                  + ": the racer function"
                  + " takes a v1 ConfigMap whose data sets "
                  + String.join(", ", FunctionConfig.KEYS)
                  + ", or a "
                  + TypedFunctionConfig.API_VERSION
                  + " "
                  + TypedFunctionConfig.KIND
                  + " with the same keys as its fields",
              source.ref(),
              "kind"));
    }
    ReadOutcome<Map<String, String>> folder = folderRead();
    Results results = new Results().addAll(folder.results());
    Map<String, String> data = new LinkedHashMap<>(folder.value());
    for (String key : data.keySet()) {
      if (!FunctionConfig.KEYS.contains(key)) {
        results.add(unknownConfigKey(key, source));
      }
    }
    return finish(source, data, results);
  }

  /**
   * What an unknown function config key gets: within {@link KeySuggestion#TYPO_EDITS} of a key, an
   * error that names it (a typo that would be ignored: {@code strictt: "true"} would run without
   * strict mode); else a warning, with the nearest key when one is near.
   */
  private static Result unknownConfigKey(String key, Item source) {
    Optional<String> nearest = KeySuggestion.nearest(key, FunctionConfig.KEYS);
    String keys = "; the keys are " + String.join(", ", FunctionConfig.KEYS);
    if (nearest.isPresent() && KeySuggestion.isTypo(key, nearest.get())) {
      return Result.of(
          Severity.ERROR,
          "unknown function config key "
              + QuotedText.cut(key)
              + ": did you mean "
              + nearest.get()
              + "? Rename it to "
              + nearest.get()
              + keys,
          source.ref(),
          fieldPrefix(source) + key);
    }
    return Result.of(
        Severity.WARNING,
        "unknown function config key "
            + QuotedText.cut(key)
            + " is ignored"
            + nearest.map(name -> "; did you mean " + name + "?").orElse("")
            + keys,
        source.ref(),
        fieldPrefix(source) + key);
  }

  /**
   * The function config's {@code data} as the folder wrote it, without the overrides: what the
   * folder allows an Application's parameters is never theirs to change. Empty when the function
   * got no config or one that is no ConfigMap ({@link #functionConfig()} reports what is wrong).
   */
  public Map<String, String> folderFunctionConfig() {
    return folderRead().value();
  }

  /** The function config's own {@code data}, and what is wrong with it, read on first use. */
  private ReadOutcome<Map<String, String>> folderRead() {
    if (folderFunctionConfig == null) {
      Item source = functionConfig == null ? null : new Item(functionConfig);
      Results results = new Results();
      if (source != null && TypedFunctionConfig.is(source)) {
        folderFunctionConfig =
            ReadOutcome.of(
                Collections.unmodifiableMap(TypedFunctionConfig.data(source, results)), results);
      } else {
        folderFunctionConfig =
            source != null && source.is("v1", "ConfigMap")
                ? ReadOutcome.of(Collections.unmodifiableMap(scalarData(source, results)), results)
                : ReadOutcome.of(Map.of(), results);
      }
    }
    return folderFunctionConfig;
  }

  /** Whether {@code source} is a function config's kind: the ConfigMap, or the typed kind. */
  private static boolean isFunctionConfigKind(Item source) {
    return source.is("v1", "ConfigMap") || TypedFunctionConfig.is(source);
  }

  /**
   * Where the function config's keys are in {@code source}: under {@code data.} in a ConfigMap (and
   * when there is no config, so an Application parameter is named as the key it sets), the object's
   * own fields in the typed kind.
   */
  private static String fieldPrefix(Item source) {
    return source != null && TypedFunctionConfig.is(source) ? "" : "data.";
  }

  /**
   * The config {@code data} sets once the overrides are over it, its values checked where they are
   * not checked later ({@code strict}); {@code source} is null when the function got no config.
   */
  private ReadOutcome<FunctionConfig> finish(
      Item source, Map<String, String> data, Results results) {
    data.putAll(overrides.functionConfig());
    String strict = data.get(FunctionConfig.STRICT);
    if (strict != null && !strict.equals("true") && !strict.equals("false")) {
      results.add(
          Result.of(
                  Severity.ERROR,
                  fieldPrefix(source)
                      + FunctionConfig.STRICT
                      + " is \""
                      + strict
                      + "\": must be exactly \"true\" (every warning is an error) or \"false\""
                      + " (the default)",
                  source == null ? null : source.ref(),
                  fieldPrefix(source) + FunctionConfig.STRICT)
              .withCurrentValue(strict));
    }
    return ReadOutcome.of(FunctionConfig.of(source, data), results);
  }

  /**
   * The dataplane DaemonSet already in the installation namespace (rendered earlier, perhaps
   * changed by the user since), found by its name or a name it held before a kustomize prefix or
   * suffix.
   */
  public ReadOutcome<Item> existingDaemonSet(String namespace) {
    return existing("apps/v1", "DaemonSet", namespace);
  }

  /**
   * Every dataplane DaemonSet among the items, in any namespace, in item order: what a live dump
   * holds before its installation namespace is known ({@code racer-krm adopt} wants exactly one).
   */
  public List<Item> dataplaneDaemonSets() {
    return items.stream()
        .filter(item -> item.is("apps/v1", "DaemonSet"))
        .filter(item -> item.namesEverHeld().contains(Dataplane.DATAPLANE_DAEMON_SET_NAME))
        .toList();
  }

  /**
   * Every DaemonSet whose pod template carries the dataplane's two selector labels, in item order:
   * what a rendered stream (a kustomize build, a {@code helm template}) holds, where kustomize has
   * dropped the names it recorded and a prefix may have renamed the DaemonSet.
   */
  public List<Item> renderedDataplanes() {
    return items.stream()
        .filter(item -> item.is("apps/v1", "DaemonSet"))
        .filter(
            item ->
                Item.stringMap(
                        Nodes.getMapping(item.node(), "spec", "template", "metadata", "labels"))
                    .entrySet()
                    .containsAll(Dataplane.labels().entrySet()))
        .toList();
  }

  /**
   * The ConfigMaps that a reference by this name in this namespace means: those of that name, or
   * else those that held it before a kustomize prefix or suffix (kustomize fixes references only
   * once a kustomization's transformers have run); none when there is none. More than one is the
   * same object twice, which the reference cannot tell apart ({@link #severalSettings}).
   */
  public List<Item> configMaps(String namespace, String name) {
    List<Item> inNamespace =
        items.stream()
            .filter(item -> item.is("v1", "ConfigMap"))
            .filter(item -> item.namespace().equals(namespace))
            .toList();
    List<Item> named = inNamespace.stream().filter(item -> name.equals(item.name())).toList();
    return !named.isEmpty()
        ? named
        : inNamespace.stream().filter(item -> item.namesEverHeld().contains(name)).toList();
  }

  /**
   * The dataplane ServiceAccount already in the installation namespace, found like the DaemonSet.
   */
  public ReadOutcome<Item> existingServiceAccount(String namespace) {
    return existing("v1", "ServiceAccount", namespace);
  }

  /**
   * Every workload with a pod template labelled {@link CacheOrigin#LABEL}, in item order, in any
   * namespace but the dataplane DaemonSet itself (in the installation namespace).
   */
  public List<Item> cacheOrigins(String installationNamespace) {
    return items.stream()
        .filter(item -> POD_TEMPLATE_KINDS.contains(item.kind()))
        .filter(item -> item.labels().containsKey(CacheOrigin.LABEL))
        .filter(item -> !isDataplane(item, installationNamespace))
        .toList();
  }

  private static boolean isDataplane(Item item, String installationNamespace) {
    return item.is("apps/v1", "DaemonSet")
        && item.namespace().equals(installationNamespace)
        && item.namesEverHeld().contains(Dataplane.DATAPLANE_DAEMON_SET_NAME);
  }

  private ReadOutcome<Item> existing(String apiVersion, String kind, String namespace) {
    List<Item> found =
        items.stream()
            .filter(item -> item.is(apiVersion, kind))
            .filter(item -> item.namespace().equals(namespace))
            .filter(item -> item.namesEverHeld().contains(Dataplane.DATAPLANE_DAEMON_SET_NAME))
            .toList();
    if (found.size() > 1) {
      String names = ObjectNames.of(found, locate, "; ");
      return ReadOutcome.failed(
          Result.error(
              "found "
                  + found.size()
                  + " "
                  + kind
                  + "s that are the dataplane's "
                  + Dataplane.DATAPLANE_DAEMON_SET_NAME
                  + ": "
                  + names
                  + ". Keep one"));
    }
    return ReadOutcome.of(found.isEmpty() ? null : found.get(0), new Results());
  }

  /**
   * A ConfigMap's {@code data}: strings as their text. Anything else is an error naming the key: a
   * map or a list, and also a scalar that YAML reads as another type (a number, a boolean, null, a
   * timestamp), which the API server refuses in {@code data} long after rendering succeeded.
   */
  private static Map<String, String> scalarData(Item item, Results results) {
    Map<String, String> data = new LinkedHashMap<>();
    Node node = Nodes.get(item.node(), "data");
    if (node == null || node instanceof ScalarNode && Nodes.text(node) == null) {
      return data;
    }
    ResourceRef ref = item.ref();
    if (!(node instanceof MappingNode mapping)) {
      results.add(Result.of(Severity.ERROR, "data must be a map of strings", ref, "data"));
      return data;
    }
    for (NodeTuple tuple : mapping.getValue()) {
      String key = tuple.getKeyNode() instanceof ScalarNode k ? k.getValue() : null;
      if (key != null && tuple.getValueNode() instanceof ScalarNode value) {
        String notString = StringData.notAString(key, value);
        if (notString != null) {
          results.add(Result.of(Severity.ERROR, notString, ref, "data." + key));
        }
        String text = Nodes.text(value);
        data.put(key, text == null ? "" : text);
      } else {
        results.add(
            Result.of(
                Severity.ERROR,
                "data."
                    + QuotedText.cut(key)
                    + " is not a string: ConfigMap data values are strings (quote numbers)",
                ref,
                "data." + key));
      }
    }
    return data;
  }
}
