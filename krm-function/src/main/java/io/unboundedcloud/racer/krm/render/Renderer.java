package io.unboundedcloud.racer.krm.render;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.unboundedcloud.racer.krm.inputs.FunctionConfig;
import io.unboundedcloud.racer.krm.inputs.Inputs;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.inputs.Overrides;
import io.unboundedcloud.racer.krm.inputs.Read;
import io.unboundedcloud.racer.krm.inputs.SettingsSource;
import io.unboundedcloud.racer.krm.parameters.ApplicationParameters;
import io.unboundedcloud.racer.krm.parameters.ParameterAttribution;
import io.unboundedcloud.racer.krm.parameters.ParameterLimits;
import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import io.unboundedcloud.racer.workload.Config;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.NodePlacement;
import io.unboundedcloud.racer.workload.settings.SettingsHash;
import io.unboundedcloud.racer.workload.settings.SettingsRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
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
    return render(items, functionConfig, ApplicationParameters.NONE, UnaryOperator.identity());
  }

  /**
   * @param items the ResourceList's items (edited in place only when the run succeeds)
   * @param functionConfig its functionConfig, or {@code null}
   * @param locate names the file an item came from where its annotations do not (render mode)
   */
  public static Outcome render(
      List<MappingNode> items, MappingNode functionConfig, UnaryOperator<ResourceRef> locate) {
    return render(items, functionConfig, ApplicationParameters.NONE, locate);
  }

  /**
   * @param items the ResourceList's items (edited in place only when the run succeeds)
   * @param functionConfig its functionConfig, or {@code null}
   * @param parameters the Argo CD Application's parameters
   */
  public static Outcome render(
      List<MappingNode> items, MappingNode functionConfig, ApplicationParameters parameters) {
    return render(items, functionConfig, parameters, UnaryOperator.identity());
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
      UnaryOperator<ResourceRef> locate) {
    Results results = new Results();
    List<MappingNode> output = null;
    Inputs inputs = new Inputs(items, functionConfig, locate, parameters.overrides());
    try {
      Read<ParameterLimits> limits =
          ParameterLimits.of(
              inputs.folderFunctionConfig(),
              functionConfig == null ? null : new Item(functionConfig).ref());
      results.addAll(limits.results());
      if (limits.ok()) {
        results.addAll(limits.value().checkNames(parameters));
      }
      if (!results.hasError()) {
        output = renderInto(inputs, parameters, limits.value(), results);
      }
    } catch (YamlInputException unreadable) {
      // an object we had to read is not plain data (an alias expanding past the limits): no item is
      // lost
      results.add(Result.error("an input object cannot be read: " + unreadable.getMessage()));
      output = null;
    }
    if (!parameters.isEmpty()) {
      results = attributed(results, parameters, inputs, functionConfig);
    }
    return new Outcome(results.hasError() || output == null ? items : output, results);
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
  private static List<MappingNode> renderInto(
      Inputs inputs, ApplicationParameters parameters, ParameterLimits limits, Results results) {
    Read<FunctionConfig> functionRead = inputs.functionConfig();
    List<MappingNode> output = renderWith(inputs, functionRead, parameters, limits, results);
    if (functionRead.value() != null && functionRead.value().strict()) {
      results.makeStrict();
    }
    if (output != null && !results.hasError()) {
      writeOverrides(inputs.settings().value(), parameters.overrides());
    }
    return output;
  }

  private static List<MappingNode> renderWith(
      Inputs inputs,
      Read<FunctionConfig> functionRead,
      ApplicationParameters parameters,
      ParameterLimits limits,
      Results results) {
    Read<SettingsSource> settingsRead = inputs.settings();
    results.addAll(settingsRead.results());
    results.addAll(functionRead.results());
    if (!settingsRead.ok() || !functionRead.ok()) {
      return null;
    }
    SettingsSource settings = settingsRead.value();
    DataplaneConfiguration.validateSettings(settings, results);
    if (results.hasError()) {
      return null;
    }
    Config config = DataplaneConfiguration.of(settings, functionRead.value(), results);
    if (config == null) {
      return null;
    }
    // the images are valid references now: judged as they will be rendered
    results.addAll(
        limits.checkImages(
            parameters,
            functionRead.value(),
            FunctionConfig.of(null, inputs.folderFunctionConfig()),
            config.dataplaneImage(),
            config.objectImage()));
    if (results.hasError()) {
      return null;
    }
    String namespace = settings.namespace();
    Read<Item> existingDaemonSet = inputs.existingDaemonSet(namespace);
    Read<Item> existingAccount = inputs.existingServiceAccount(namespace);
    results.addAll(existingDaemonSet.results());
    results.addAll(existingAccount.results());
    if (results.hasError()) {
      return null;
    }
    DaemonSet daemonSet =
        Dataplane.daemonSet(
            config, SettingsHash.of(settings.data()), SettingsRecord.of(settings.data()));
    ServiceAccount account = Dataplane.serviceAccount(config);
    if (existingDaemonSet.value() != null) {
      DaemonSet theirs = readExisting(existingDaemonSet.value(), DaemonSet.class, results);
      if (theirs == null || !checkNoSeatsEnv(existingDaemonSet.value(), theirs, results)) {
        return null;
      }
      DaemonSetNotices.add(existingDaemonSet.value(), theirs, config, results);
      daemonSet = DaemonSetOwnership.merge(daemonSet, theirs);
    }
    if (existingAccount.value() != null) {
      ServiceAccount theirs = readExisting(existingAccount.value(), ServiceAccount.class, results);
      if (theirs == null) {
        return null;
      }
      account = ServiceAccountOwnership.merge(account, theirs);
    }
    PodSpec pod = daemonSet.getSpec().getTemplate().getSpec();
    DataplaneConfiguration.checkFit(
        config, settings, functionRead.value(), pod.getTerminationGracePeriodSeconds(), results);
    NodePlacement placement = NodePlacement.placementOf(pod);
    List<OriginPlacement.Edit> edits = new ArrayList<>();
    for (Item origin : inputs.cacheOrigins(namespace)) {
      OriginPlacement.Edit edit = OriginPlacement.plan(origin, placement, results);
      if (edit != null) {
        edits.add(edit);
      }
    }
    if (functionRead.value().strict()) {
      // before any item is edited: a run that strict mode fails gives every item back as it came
      results.makeStrict();
    }
    if (results.hasError()) {
      return null;
    }
    List<MappingNode> output = new ArrayList<>();
    for (Item item : inputs.items()) {
      output.add(item.node());
    }
    place(output, existingAccount.value(), account);
    place(output, existingDaemonSet.value(), daemonSet);
    edits.forEach(OriginPlacement.Edit::apply);
    return output;
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
   * Puts an object where the existing item stood (keeping its node when nothing changed), or at the
   * end.
   */
  private static void place(List<MappingNode> output, Item existing, Object object) {
    Map<String, Object> rendered = ObjectCodec.plain(object);
    if (existing == null) {
      output.add(Nodes.fromPlainMap(rendered));
    } else if (!ObjectCodec.same(existing.node(), rendered)) {
      output.set(output.indexOf(existing.node()), Nodes.fromPlainMap(rendered));
    }
  }

  private static <T> T readExisting(Item item, Class<T> type, Results results) {
    try {
      return ObjectCodec.read(item.node(), type, "");
    } catch (IllegalArgumentException unreadable) {
      results.add(
          Result.of(
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
              Diagnostics.field(unreadable, null)));
      return null;
    }
  }

  /**
   * An explicit seat-policy variable would shadow racer-settings: the Racer operator's Go package
   * {@code workload}, v0.19.0, never sets one, nor may a user.
   */
  private static boolean checkNoSeatsEnv(Item item, DaemonSet daemonSet, Results results) {
    List<Container> containers =
        daemonSet.getSpec() == null
                || daemonSet.getSpec().getTemplate() == null
                || daemonSet.getSpec().getTemplate().getSpec() == null
            ? List.of()
            : daemonSet.getSpec().getTemplate().getSpec().getContainers();
    boolean ok = true;
    for (Container container : containers == null ? List.<Container>of() : containers) {
      if (!Dataplane.CONTAINER_NAME.equals(container.getName())) {
        continue;
      }
      for (EnvVar env : container.getEnv() == null ? List.<EnvVar>of() : container.getEnv()) {
        if (Dataplane.CONTROL_SEATS_KEY.equals(env.getName())) {
          results.add(
              Result.of(
                      Severity.ERROR,
                      "explicit env "
                          + Dataplane.CONTROL_SEATS_KEY
                          + " on the "
                          + container.getName()
                          + " container would shadow racer-settings: remove it and set "
                          + Dataplane.CONTROL_SEATS_KEY
                          + " in the "
                          + Dataplane.SETTINGS_CONFIG_MAP
                          + " ConfigMap",
                      item.ref(),
                      FieldPath.of("spec.template.spec.containers")
                          .named(container.getName())
                          .key("env")
                          .named(Dataplane.CONTROL_SEATS_KEY)
                          .toString())
                  .withCurrentValue(env.getValue()));
          ok = false;
        }
      }
    }
    return ok;
  }
}
