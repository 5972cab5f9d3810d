package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.inputs.DataplaneWiring;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.inputs.ItemLocator;
import io.unboundedcloud.racer.krm.inputs.ReadOutcome;
import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.rollout.ServerFields;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * {@code racer-krm adopt}: from the live objects of an operator-managed installation to manifests
 * for Git that the function keeps as they are, and the verdict on whether applying them restarts
 * the dataplane.
 */
public final class Adoption {
  private static final String ORIGIN_REASON =
      "a cache origin gets the dataplane's node placement (node affinity,"
          + " node selector, tolerations), so that it runs wherever the dataplane runs";

  private Adoption() {}

  /**
   * How to adopt.
   *
   * @param functionConfig the function config to render with, or {@code null} to pin the live
   *     images
   * @param functionImage the racer-krm image a pinned function config declares
   * @param failOnRollout whether a rollout is an error
   * @param chartValuesFile where the chart values go (named in the Helm commands), or {@code null}
   *     for none
   */
  public record Options(
      MappingNode functionConfig,
      String functionImage,
      boolean failOnRollout,
      String chartValuesFile) {}

  /** Adopts the installation found among {@code objects} (a live dump, Lists already expanded). */
  public static AdoptionOutcome adopt(List<MappingNode> objects, Options options) {
    return adopt(objects, options, ItemLocator.ANNOTATIONS);
  }

  /**
   * As {@link #adopt(List, Options)}, for objects read from files.
   *
   * @param locate names the file each object came from where its annotations do not (adopt of
   *     files: {@code SourceFiles#located}), for the messages that name several same-named objects
   */
  public static AdoptionOutcome adopt(
      List<MappingNode> objects, Options options, ItemLocator locate) {
    try {
      return adoptOrFail(objects, options, locate);
    } catch (YamlInputException notPlainData) {
      // an alias expanding beyond the limits, say: the dump is not what kubectl prints
      return AdoptionOutcome.failed(
          Results.of(Result.error("an input object cannot be read: " + notPlainData.getMessage())));
    }
  }

  private static AdoptionOutcome adoptOrFail(
      List<MappingNode> objects, Options options, ItemLocator locate) {
    ReadOutcome<LiveInstallation> picked = LiveInstallation.pick(objects, locate);
    if (!picked.ok()) {
      return AdoptionOutcome.failed(picked.results());
    }
    LiveInstallation live = picked.value();
    Results results = new Results();
    Cleaned cleaned = Cleaned.of(live, results);
    Map<String, Object> functionConfig =
        options.functionConfig() == null ? null : new Item(options.functionConfig()).tree();
    Map<String, Object> pinned = null;
    if (functionConfig == null) {
      pinned = pinnedFunctionConfig(live, cleaned.daemonSet(), options.functionImage(), results);
      if (pinned == null) {
        return AdoptionOutcome.failed(results);
      }
      functionConfig = pinned;
    }
    Rerendering.Rendered rendered =
        Rerendering.of(
            cleaned.settings(),
            cleaned.daemonSet(),
            cleaned.account(),
            cleaned.origins(),
            functionConfig);
    results.addAll(rendered.results());
    if (rendered.results().hasError()) {
      return AdoptionOutcome.failed(results);
    }
    List<Rollout> rollouts = rollouts(live, cleaned, rendered);
    Severity rollout = options.failOnRollout() ? Severity.ERROR : Severity.WARNING;
    results.addAll(verdict(rollouts, "applying these manifests", rollout, ""));
    List<Map<String, Object>> manifests = new ArrayList<>();
    if (pinned != null) {
      manifests.add(pinned);
    }
    manifests.addAll(rendered.items());
    List<ResourceRef> rolling = rollouts.stream().filter(Rollout::rolls).map(Rollout::ref).toList();
    if (options.chartValuesFile() == null) {
      return new AdoptionOutcome(manifests, null, List.of(), results, rolling);
    }
    HelmValues.Derived chart =
        HelmValues.derive(
            new HelmValues.Adopted(
                live, rendered, cleaned.settings(), cleaned.daemonSet(), rollouts.get(0)),
            options.chartValuesFile(),
            rollout);
    results.addAll(chart.results());
    return new AdoptionOutcome(manifests, chart.values(), chart.commands(), results, rolling);
  }

  /**
   * The live objects without what the API server and controllers added ({@link LiveObjectCleaner});
   * {@code account} is {@code null} when the dump has no ServiceAccount.
   */
  record Cleaned(
      Map<String, Object> daemonSet,
      Map<String, Object> settings,
      Map<String, Object> account,
      List<Map<String, Object>> origins) {

    /** The installation cleaned, its warnings (no ServiceAccount, objects left out) in results. */
    static Cleaned of(LiveInstallation live, Results results) {
      Cleaned cleaned =
          new Cleaned(
              cleaned(live.daemonSet(), results),
              cleaned(live.settings(), results),
              live.serviceAccount() == null ? null : cleaned(live.serviceAccount(), results),
              live.origins().stream().map(origin -> cleaned(origin, results)).toList());
      if (cleaned.account() == null) {
        String namespace = live.daemonSet().namespace();
        results.add(
            Result.of(
                Severity.WARNING,
                "no ServiceAccount racer in namespace "
                    + namespace
                    + " among the"
                    + " objects read: the manifests hold a new one, without the live one's annotations (workload identity)"
                    + " or image pull secrets; add it to the dump (kubectl get serviceaccount/racer --namespace "
                    + namespace
                    + " -o yaml)",
                null,
                null));
      }
      Result leftOut = live.leftOutResult();
      if (leftOut != null) {
        results.add(leftOut);
      }
      return cleaned;
    }
  }

  /**
   * The function config that pins the images the live dataplane runs, or {@code null} with an error
   * in {@code results} when its containers do not name both.
   */
  private static Map<String, Object> pinnedFunctionConfig(
      LiveInstallation live, Map<String, Object> daemonSet, String functionImage, Results results) {
    PinnedImages images = PinnedImages.of(daemonSet);
    if (images == null) {
      results.add(
          Result.of(
              Severity.ERROR,
              "cannot pin the images the dataplane runs: "
                  + PinnedImages.missing(daemonSet)
                  + "; pass --function-config FILE with data.dataplaneImage and"
                  + " data.objectImage",
              live.daemonSet().ref(),
              DataplaneWiring.CONTAINERS.toString()));
      return null;
    }
    return images.functionConfig(functionImage);
  }

  /** What applying the rendered objects does to each live workload: the dataplane, then origins. */
  private static List<Rollout> rollouts(
      LiveInstallation live, Cleaned cleaned, Rerendering.Rendered rendered) {
    List<Rollout> rollouts = new ArrayList<>();
    rollouts.add(
        Rollout.of(
            live.daemonSet().ref().describe(),
            live.daemonSet().ref(),
            cleaned.daemonSet(),
            rendered.daemonSet(),
            RolloutReasons::of));
    for (int i = 0; i < cleaned.origins().size(); i++) {
      Item origin = live.origins().get(i);
      rollouts.add(
          Rollout.of(
              "cache origin " + origin.ref().describe(),
              origin.ref(),
              cleaned.origins().get(i),
              rendered.origins().get(i),
              difference -> ORIGIN_REASON));
    }
    return rollouts;
  }

  /**
   * The verdict on some workloads: one line when nothing rolls, else per rolling workload a
   * headline and one line per change; then the changes that roll nothing.
   *
   * @param applying what is applied, as the headline says it ({@code applying these manifests})
   * @param label what the lines start with, to tell this verdict from another ({@code chart })
   */
  static List<Result> verdict(
      List<Rollout> rollouts, String applying, Severity severity, String label) {
    List<Result> results = new ArrayList<>();
    List<Rollout> rolling = rollouts.stream().filter(Rollout::rolls).toList();
    if (rolling.isEmpty()) {
      String others =
          rollouts.size() == 1
              ? ""
              : " and of "
                  + (rollouts.size() - 1)
                  + " cache origin"
                  + (rollouts.size() == 2 ? "" : "s");
      results.add(
          Result.of(
              Severity.INFO,
              label
                  + "verdict: no rollout: "
                  + applying
                  + " leaves the pod template of "
                  + rollouts.get(0).workload()
                  + others
                  + " as it runs (equal to the live one apart from fields the API"
                  + " server defaults)",
              null,
              null));
    }
    for (Rollout rollout : rolling) {
      boolean dataplane = rollout == rollouts.get(0);
      results.add(
          Result.of(
              severity,
              label
                  + "verdict: ROLLOUT: "
                  + applying
                  + " changes the pod template of "
                  + rollout.workload()
                  + " in "
                  + rollout.template().size()
                  + " place"
                  + (rollout.template().size() == 1 ? "" : "s")
                  + ", which restarts "
                  + (dataplane ? "the dataplane on every node and drops its cache" : "its pods")
                  + (rollout.pace() == null ? "" : "; pace: " + rollout.pace()),
              null,
              null));
      results.addAll(rollout.templateResults(severity, label + "rollout: "));
    }
    for (Rollout rollout : rollouts) {
      results.addAll(
          rollout.elsewhereResults(
              label.isEmpty() ? Severity.INFO : Severity.WARNING,
              label + "change, not a rollout: "));
    }
    return results;
  }

  /** A live object without its server fields, warning about each ownerReference dropped. */
  private static Map<String, Object> cleaned(Item item, Results results) {
    ServerFields.Cleaned cleaned = ServerFields.clean(item.tree());
    if (!cleaned.ownerReferences().isEmpty()) {
      List<String> owners = cleaned.ownerReferences().stream().map(ServerFields::describe).toList();
      results.add(
          Result.of(
              Severity.WARNING,
              "dropped the ownerReference"
                  + (owners.size() == 1 ? "" : "s")
                  + " to "
                  + String.join("; ", owners)
                  + ": the manifests must not carry it (the garbage collector deletes an object"
                  + " with its owner); orphan the live object too before applying (see Moving from the operator in"
                  + " racer-krm --help)",
              item.ref(),
              "metadata.ownerReferences"));
    }
    return cleaned.object();
  }
}
