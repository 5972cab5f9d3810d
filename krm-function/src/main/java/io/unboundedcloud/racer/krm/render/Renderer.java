package io.unboundedcloud.racer.krm.render;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.unboundedcloud.racer.krm.inputs.DataplaneWiring;
import io.unboundedcloud.racer.krm.inputs.FunctionConfig;
import io.unboundedcloud.racer.krm.inputs.Inputs;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.inputs.ItemLocator;
import io.unboundedcloud.racer.krm.inputs.Overrides;
import io.unboundedcloud.racer.krm.inputs.ReadOutcome;
import io.unboundedcloud.racer.krm.inputs.SettingsSource;
import io.unboundedcloud.racer.krm.parameters.ApplicationParameters;
import io.unboundedcloud.racer.krm.parameters.ParameterAttribution;
import io.unboundedcloud.racer.krm.parameters.ParameterLimits;
import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import io.unboundedcloud.racer.workload.Config;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.NodePlacement;
import io.unboundedcloud.racer.workload.settings.SettingsHash;
import io.unboundedcloud.racer.workload.settings.SettingsRecord;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * One run of the function: read the inputs, render the dataplane, merge it into what was there,
 * copy its placement onto the cache origins. On any error the items come back exactly as they came
 * in.
 */
public final class Renderer {
  private Renderer() {}

  /**
   * @param items the ResourceList's items (edited in place only when the run succeeds)
   * @param functionConfig its functionConfig, or {@code null}
   */
  public static Outcome render(List<MappingNode> items, MappingNode functionConfig) {
    return render(items, functionConfig, ApplicationParameters.NONE, ItemLocator.ANNOTATIONS);
  }

  /**
   * @param items the ResourceList's items (edited in place only when the run succeeds)
   * @param functionConfig its functionConfig, or {@code null}
   * @param locate names the file an item came from where its annotations do not (render mode)
   */
  public static Outcome render(
      List<MappingNode> items, MappingNode functionConfig, ItemLocator locate) {
    return render(items, functionConfig, ApplicationParameters.NONE, locate);
  }

  /**
   * @param items the ResourceList's items (edited in place only when the run succeeds)
   * @param functionConfig its functionConfig, or {@code null}
   * @param parameters the Argo CD Application's parameters
   */
  public static Outcome render(
      List<MappingNode> items, MappingNode functionConfig, ApplicationParameters parameters) {
    return render(items, functionConfig, parameters, ItemLocator.ANNOTATIONS);
  }

  /**
   * @param items the ResourceList's items (edited in place only when the run succeeds)
   * @param functionConfig its functionConfig, or {@code null}
   * @param parameters the Argo CD Application's parameters: they win over racer-settings and the
   *     function config, and the output's racer-settings holds what they set
   * @param locate names the file an item came from where its annotations do not (render mode)
   */
  public static Outcome render(
      List<MappingNode> items,
      MappingNode functionConfig,
      ApplicationParameters parameters,
      ItemLocator locate) {
    Run run =
        run(
            items,
            functionConfig,
            parameters,
            locate,
            Renderer::plainOfNode,
            OriginPlacement::placementView);
    if (run.plan() == null) {
      return new Outcome(items, run.results());
    }
    List<MappingNode> output = new ArrayList<>(items);
    for (Placed placed : run.plan().placed()) {
      int at = placed.existing() == null ? -1 : output.indexOf(placed.existing().node());
      if (at < 0 || placed.changed()) {
        MappingNode node = Nodes.fromPlainMap(placed.rendered());
        if (at < 0) {
          output.add(node);
        } else {
          output.set(at, node);
        }
      }
    }
    run.plan().edits().forEach(OriginPlacement.Edit::apply);
    return new Outcome(output, run.results());
  }

  /**
   * The renderer for objects held as plain trees (verify and adopt work on them, and compare
   * trees): the run of {@link #render(List, MappingNode)}, giving plain trees back. The objects
   * become YAML nodes here, once, for {@link Inputs}, which reads every kind of input as nodes; the
   * dataplane objects already there are read from the trees given, the rendered ones come back as
   * the codec writes them, and the objects the run leaves alone are the very trees given. Only an
   * origin whose placement the run edits (in its node, as for any input) is read back.
   *
   * @param objects the objects, in order; none is changed
   * @param functionConfig the function config, a ConfigMap as a plain tree
   * @return every object, changed or not, then the new ones; with an error, the objects given
   */
  public static Trees render(
      List<Map<String, Object>> objects, Map<String, Object> functionConfig) {
    Map<MappingNode, Map<String, Object>> given = new IdentityHashMap<>();
    List<MappingNode> items = new ArrayList<>();
    List<Map<String, Object>> withConfig = new ArrayList<>(objects);
    withConfig.add(functionConfig);
    for (Map<String, Object> object : withConfig) {
      MappingNode node = Nodes.fromPlainMap(object);
      given.put(node, object);
      items.add(node);
    }
    MappingNode configNode = items.remove(items.size() - 1);
    Run run =
        run(
            items,
            configNode,
            ApplicationParameters.NONE,
            ItemLocator.ANNOTATIONS,
            item -> given.get(item.node()),
            item -> given.get(item.node()));
    if (run.plan() == null) {
      return new Trees(objects, run.results());
    }
    List<Map<String, Object>> output = new ArrayList<>(objects);
    for (Placed placed : run.plan().placed()) {
      if (placed.existing() == null) {
        output.add(placed.rendered());
      } else if (placed.changed()) {
        output.set(items.indexOf(placed.existing().node()), placed.rendered());
      }
    }
    for (OriginPlacement.Edit edit : run.plan().edits()) {
      edit.apply();
      int at = items.indexOf(edit.origin().node());
      output.set(at, Nodes.toPlainMap(items.get(at)));
    }
    return new Trees(output, run.results());
  }

  /**
   * What {@link #render(List, Map)} gives.
   *
   * @param objects the output objects, as plain trees
   * @param results every result, errors first ({@link Results})
   */
  public record Trees(List<Map<String, Object>> objects, Results results) {
    public Trees {
      objects = List.copyOf(objects);
      results = Results.copyOf(results);
    }
  }

  /**
   * What a run makes: the plan, or {@code null} when the run fails (its items stay as they came).
   */
  private record Run(Plan plan, Results results) {}

  /**
   * What a successful run changes: the ServiceAccount and the DaemonSet, each where the one it
   * replaces stood (or new), then the origins' placement.
   */
  private record Plan(List<Placed> placed, List<OriginPlacement.Edit> edits) {}

  /**
   * A rendered object and the input it replaces ({@code null}: it is new); {@code changed} is false
   * when the one there holds the same data, which then stays as it was written.
   */
  private record Placed(Item existing, Map<String, Object> rendered, boolean changed) {}

  /**
   * An item's plain tree, from its YAML; {@code null} when it is no plain data, which {@link
   * #readExisting} reports.
   */
  private static Object plainOfNode(Item item) {
    return ObjectCodec.plainOf(item);
  }

  private static Run run(
      List<MappingNode> items,
      MappingNode functionConfig,
      ApplicationParameters parameters,
      ItemLocator locate,
      Function<Item, Object> plainOf,
      Function<Item, Object> originPlainOf) {
    Results results = new Results();
    Plan plan = null;
    Inputs inputs = new Inputs(items, functionConfig, locate, parameters.overrides());
    try {
      ReadOutcome<ParameterLimits> limits =
          ParameterLimits.of(
              inputs.folderFunctionConfig(),
              functionConfig == null ? null : new Item(functionConfig).ref());
      results.addAll(limits.results());
      if (limits.ok()) {
        results.addAll(limits.value().checkNames(parameters));
      }
      if (!results.hasError()) {
        plan = renderInto(inputs, parameters, limits.value(), plainOf, originPlainOf, results);
      }
    } catch (YamlInputException unreadable) {
      // an object we had to read is not plain data (an alias expanding past the limits): no item is
      // lost
      results.add(Result.error("an input object cannot be read: " + unreadable.getMessage()));
      plan = null;
    }
    if (!parameters.isEmpty()) {
      results = attributed(results, parameters, inputs, functionConfig);
    }
    return new Run(results.hasError() ? null : plan, results);
  }

  /** The results, those about a key a parameter set naming that parameter. */
  private static Results attributed(
      Results results,
      ApplicationParameters parameters,
      Inputs inputs,
      MappingNode functionConfig) {
    SettingsSource settings = inputs.settings().value();
    ResourceRef settingsRef = settings == null ? null : settings.item().ref();
    ResourceRef functionRef = functionConfig == null ? null : new Item(functionConfig).ref();
    ParameterAttribution attribution =
        new ParameterAttribution(parameters, settingsRef, functionRef);
    return Results.copyOf(results.stream().map(attribution::attribute).toList());
  }

  /**
   * Renders, then makes every warning an error when the function config asks for strict mode: the
   * items then come back unchanged. Only a run without error writes the overrides into
   * racer-settings.
   */
  private static Plan renderInto(
      Inputs inputs,
      ApplicationParameters parameters,
      ParameterLimits limits,
      Function<Item, Object> plainOf,
      Function<Item, Object> originPlainOf,
      Results results) {
    ReadOutcome<FunctionConfig> functionRead = inputs.functionConfig();
    Plan plan =
        renderWith(inputs, functionRead, parameters, limits, plainOf, originPlainOf, results);
    if (functionRead.value() != null && functionRead.value().strict()) {
      results.makeStrict();
    }
    if (plan != null && !results.hasError()) {
      writeOverrides(inputs.settings().value(), parameters.overrides());
    }
    return plan;
  }

  private static Plan renderWith(
      Inputs inputs,
      ReadOutcome<FunctionConfig> functionRead,
      ApplicationParameters parameters,
      ParameterLimits limits,
      Function<Item, Object> plainOf,
      Function<Item, Object> originPlainOf,
      Results results) {
    ReadOutcome<SettingsSource> settingsRead = inputs.settings();
    results.addAll(settingsRead.results());
    results.addAll(functionRead.results());
    if (!settingsRead.ok() || !functionRead.ok()) {
      return null;
    }
    SettingsSource settings = settingsRead.value();
    Config config = configure(inputs, settings, functionRead.value(), parameters, limits, results);
    if (config == null) {
      return null;
    }
    Owned owned = owned(inputs, settings, config, functionRead.value(), plainOf, results);
    if (owned == null) {
      return null;
    }
    PodSpec pod = owned.daemonSet().getSpec().getTemplate().getSpec();
    DataplaneConfiguration.checkFit(
        config, settings, functionRead.value(), pod.getTerminationGracePeriodSeconds(), results);
    List<OriginPlacement.Edit> edits =
        originEdits(inputs, settings.namespace(), pod, originPlainOf, results);
    if (functionRead.value().strict()) {
      // before any item is edited: a run that strict mode fails gives every item back as it came
      results.makeStrict();
    }
    if (results.hasError()) {
      return null;
    }
    return new Plan(
        List.of(
            placed(owned.existingAccount(), owned.theirAccount(), owned.account()),
            placed(owned.existingDaemonSet(), owned.theirDaemonSet(), owned.daemonSet())),
        edits);
  }

  /**
   * The dataplane's configuration from valid settings and the function config, its images judged as
   * they will be rendered; {@code null} when an error is in {@code results}.
   */
  private static Config configure(
      Inputs inputs,
      SettingsSource settings,
      FunctionConfig functionConfig,
      ApplicationParameters parameters,
      ParameterLimits limits,
      Results results) {
    DataplaneConfiguration.validateSettings(settings, functionConfig, results);
    if (results.hasError()) {
      return null;
    }
    Config config = DataplaneConfiguration.of(settings, functionConfig, results);
    if (config == null) {
      return null;
    }
    // the images are valid references now: judged as they will be rendered
    results.addAll(
        limits.checkImages(
            parameters,
            functionConfig,
            FunctionConfig.of(null, inputs.folderFunctionConfig()),
            config.dataplaneImage(),
            config.objectImage()));
    return results.hasError() ? null : config;
  }

  /**
   * The DaemonSet and ServiceAccount to write, each merged into the one already among the inputs
   * (its plain tree kept for the output), or as built where there is none.
   */
  private record Owned(
      DaemonSet daemonSet,
      ServiceAccount account,
      Item existingDaemonSet,
      Object theirDaemonSet,
      Item existingAccount,
      Object theirAccount) {}

  /**
   * Records the function config's {@code uncheckedSettings} on the DaemonSet ({@link
   * Dataplane#UNCHECKED_SETTINGS_ANNOTATION}), sorted, when it lists any: verify renders again with
   * them.
   */
  private static void recordUnchecked(DaemonSet daemonSet, FunctionConfig function) {
    if (!function.uncheckedSettings().isEmpty()) {
      daemonSet
          .getMetadata()
          .getAnnotations()
          .put(
              Dataplane.UNCHECKED_SETTINGS_ANNOTATION,
              String.join(",", new TreeSet<>(function.uncheckedSettings())));
    }
  }

  /** The objects to write, or {@code null} when an existing one cannot be read or kept. */
  private static Owned owned(
      Inputs inputs,
      SettingsSource settings,
      Config config,
      FunctionConfig functionConfig,
      Function<Item, Object> plainOf,
      Results results) {
    String namespace = settings.namespace();
    ReadOutcome<Item> existingDaemonSet = inputs.existingDaemonSet(namespace);
    ReadOutcome<Item> existingAccount = inputs.existingServiceAccount(namespace);
    results.addAll(existingDaemonSet.results());
    results.addAll(existingAccount.results());
    if (results.hasError()) {
      return null;
    }
    DaemonSet daemonSet =
        Dataplane.daemonSet(
            config, SettingsHash.of(settings.data()), SettingsRecord.of(settings.data()));
    recordUnchecked(daemonSet, functionConfig);
    ServiceAccount account = Dataplane.serviceAccount(config);
    Object theirDaemonSet = null;
    Object theirAccount = null;
    if (existingDaemonSet.value() != null) {
      theirDaemonSet = plainOf.apply(existingDaemonSet.value());
      DaemonSet theirs =
          readExisting(existingDaemonSet.value(), theirDaemonSet, DaemonSet.class, results);
      if (theirs == null || !checkNoSeatsEnv(existingDaemonSet.value(), theirDaemonSet, results)) {
        return null;
      }
      DaemonSetNotices.add(existingDaemonSet.value(), theirs, config, results);
      daemonSet = DaemonSetOwnership.merge(daemonSet, theirs);
    }
    if (existingAccount.value() != null) {
      theirAccount = plainOf.apply(existingAccount.value());
      ServiceAccount theirs =
          readExisting(existingAccount.value(), theirAccount, ServiceAccount.class, results);
      if (theirs == null) {
        return null;
      }
      account = ServiceAccountOwnership.merge(account, theirs);
    }
    return new Owned(
        daemonSet,
        account,
        existingDaemonSet.value(),
        theirDaemonSet,
        existingAccount.value(),
        theirAccount);
  }

  /**
   * The edit of each cache origin in {@code namespace} that copies the dataplane pod's placement.
   */
  private static List<OriginPlacement.Edit> originEdits(
      Inputs inputs,
      String namespace,
      PodSpec pod,
      Function<Item, Object> originPlainOf,
      Results results) {
    NodePlacement placement = NodePlacement.placementOf(pod);
    List<OriginPlacement.Edit> edits = new ArrayList<>();
    for (Item origin : inputs.cacheOrigins(namespace)) {
      OriginPlacement.Edit edit =
          OriginPlacement.plan(origin, originPlainOf.apply(origin), placement, results);
      if (edit != null) {
        edits.add(edit);
      }
    }
    return edits;
  }

  /**
   * racer-settings holds the data the dataplane was rendered from (its container reads them): each
   * overridden key gets its value, where it differs from the ConfigMap's own.
   */
  private static void writeOverrides(SettingsSource settings, Overrides overrides) {
    MappingNode node = settings.item().node();
    for (Map.Entry<String, String> entry : overrides.settings().entrySet()) {
      Node current = Nodes.get(node, "data", entry.getKey());
      if (current instanceof ScalarNode scalar && entry.getValue().equals(scalar.getValue())) {
        continue;
      }
      Nodes.put(Nodes.ensureMapping(node, "data"), entry.getKey(), entry.getValue());
    }
  }

  /**
   * A rendered object where the existing item stood (kept as written when it holds the same data),
   * or new.
   */
  private static Placed placed(Item existing, Object theirs, Object object) {
    Map<String, Object> rendered = ObjectCodec.plain(object);
    return new Placed(existing, rendered, existing != null && !PlainTrees.same(theirs, rendered));
  }

  /**
   * Reads an object already there as its fabric8 type; {@code plain} is {@code null} when its YAML
   * is no plain data.
   */
  private static <T> T readExisting(Item item, Object plain, Class<T> type, Results results) {
    try {
      return ObjectCodec.read(plain, item.node(), type, "");
    } catch (IllegalArgumentException unreadable) {
      results.add(notValid(item, unreadable));
      return null;
    }
  }

  private static Result notValid(Item item, IllegalArgumentException unreadable) {
    return Result.of(
        Severity.ERROR,
        "the existing "
            + item.kind()
            + " "
            + item.name()
            + " is not a valid "
            + item.apiVersion()
            + " "
            + item.kind()
            + ": "
            + Diagnostics.firstLine(unreadable)
            + "; fix or remove it",
        item.ref(),
        Diagnostics.field(unreadable, null));
  }

  /**
   * An explicit seat-policy variable would shadow racer-settings: the Racer operator's Go package
   * {@code workload}, v0.19.0, never sets one, nor may a user.
   */
  private static boolean checkNoSeatsEnv(Item item, Object daemonSet, Results results) {
    Map<String, Object> container =
        daemonSet instanceof Map<?, ?> tree
            ? DataplaneWiring.of(PlainTrees.asMap(tree)).container()
            : null;
    boolean ok = true;
    if (container != null && container.get("env") instanceof List<?> env) {
      for (Object entry : env) {
        if (entry instanceof Map<?, ?> variable
            && Dataplane.CONTROL_SEATS_KEY.equals(variable.get("name"))) {
          Object value = variable.get("value");
          results.add(
              Result.of(
                      Severity.ERROR,
                      "explicit env "
                          + Dataplane.CONTROL_SEATS_KEY
                          + " on the "
                          + Dataplane.CONTAINER_NAME
                          + " container would shadow racer-settings: remove it and set "
                          + Dataplane.CONTROL_SEATS_KEY
                          + " in the "
                          + Dataplane.SETTINGS_CONFIG_MAP
                          + " ConfigMap",
                      item.ref(),
                      DataplaneWiring.CONTAINER
                          .key("env")
                          .named(Dataplane.CONTROL_SEATS_KEY)
                          .toString())
                  .withCurrentValue(value == null ? null : String.valueOf(value)));
          ok = false;
        }
      }
    }
    return ok;
  }
}
