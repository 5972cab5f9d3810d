package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.inputs.Inputs;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.inputs.ItemLocator;
import io.unboundedcloud.racer.krm.inputs.ReadOutcome;
import io.unboundedcloud.racer.krm.inputs.SettingsSource;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.workload.Dataplane;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * The objects of one live installation, picked from a dump: the DaemonSet racer (exactly one),
 * racer-settings and the ServiceAccount racer in its namespace, and the cache origins. Everything
 * else in the dump is left out (kubectl get ds,sa,cm also prints kube-root-ca.crt and the default
 * ServiceAccount).
 *
 * @param daemonSet the DaemonSet racer
 * @param settings racer-settings, in the DaemonSet's namespace
 * @param serviceAccount the ServiceAccount racer, or {@code null} when the dump has none
 * @param origins the cache origins, in dump order
 * @param leftOut every other object
 */
record LiveInstallation(
    Item daemonSet, Item settings, Item serviceAccount, List<Item> origins, List<Item> leftOut) {
  /** The command that dumps an installation, for messages. */
  static final String DUMP =
      "kubectl get daemonset/racer serviceaccount/racer configmap/racer-settings"
          + " --namespace NAMESPACE -o yaml";

  private static final Set<String> INSTALLATION_KINDS =
      Set.of("DaemonSet", "ServiceAccount", "ConfigMap");
  private static final int NAMED_IN_A_LINE = 6;

  /**
   * The installation, or the error that says why the dump holds none.
   *
   * @param locate names the file each object came from, for the messages that name several
   *     same-named objects
   */
  static ReadOutcome<LiveInstallation> pick(List<MappingNode> objects, ItemLocator locate) {
    Inputs dump = new Inputs(objects, null, locate);
    List<Item> daemonSets = dump.dataplaneDaemonSets();
    String notOne = notOneDaemonSet(daemonSets, dump);
    if (notOne != null) {
      return failed(notOne);
    }
    Item daemonSet = daemonSets.get(0);
    String namespace = daemonSet.namespace();
    Inputs installation =
        new Inputs(
            dump.items().stream()
                .filter(item -> item.namespace().equals(namespace))
                .map(Item::node)
                .toList(),
            null,
            locate);
    ReadOutcome<SettingsSource> settings = installation.settings();
    if (!settings.ok()) {
      return failed(settingsError(installation, namespace, settings));
    }
    ReadOutcome<Item> account = installation.existingServiceAccount(namespace);
    if (!account.ok() && !account.results().isEmpty()) {
      return failed(account.results().first().message());
    }
    List<Item> origins = dump.cacheOrigins(namespace);
    List<Item> leftOut =
        leftOut(dump, origins, daemonSet, settings.value().item(), account.value());
    return ReadOutcome.of(
        new LiveInstallation(daemonSet, settings.value().item(), account.value(), origins, leftOut),
        new Results());
  }

  /**
   * Why the dump holds not exactly one DaemonSet racer with a namespace to adopt, or {@code null}
   * when it does.
   */
  private static String notOneDaemonSet(List<Item> daemonSets, Inputs dump) {
    if (daemonSets.isEmpty()) {
      return noDaemonSet(dump.items());
    }
    if (daemonSets.size() > 1 && daemonSets.stream().map(Item::namespace).distinct().count() == 1) {
      return "the DaemonSet racer in namespace "
          + daemonSets.get(0).namespace()
          + " is in the input "
          + daemonSets.size()
          + " times"
          + inFiles(daemonSets, dump)
          + ": give each dump once";
    }
    if (daemonSets.size() > 1) {
      return "found "
          + daemonSets.size()
          + " DaemonSets named racer ("
          + dump.named(daemonSets)
          + "): adopt moves one installation at a time; dump one namespace ("
          + DUMP
          + ")";
    }
    if (daemonSets.get(0).namespace().isEmpty()) {
      return "the DaemonSet racer has no metadata.namespace: adopt reads live objects as the cluster"
          + " returns them ("
          + DUMP
          + ")";
    }
    return null;
  }

  /** Why the installation's racer-settings cannot be read: missing from the dump, or its error. */
  private static String settingsError(
      Inputs installation, String namespace, ReadOutcome<SettingsSource> settings) {
    boolean none =
        settings.value() == null
            && installation.items().stream()
                .noneMatch(item -> item.namesEverHeld().contains(Dataplane.SETTINGS_CONFIG_MAP));
    return none
        ? "no ConfigMap racer-settings in namespace "
            + namespace
            + " among the objects read: the dataplane's"
            + " settings are part of the installation; add them to the dump (kubectl get configmap/racer-settings"
            + " --namespace "
            + namespace
            + " -o yaml)"
        : settings.results().first().message();
  }

  /** The objects of the dump that are not part of the installation, in the dump's order. */
  private static List<Item> leftOut(
      Inputs dump, List<Item> origins, Item daemonSet, Item settings, Item account) {
    Set<MappingNode> picked = Collections.newSetFromMap(new IdentityHashMap<>());
    origins.forEach(item -> picked.add(item.node()));
    picked.add(daemonSet.node());
    picked.add(settings.node());
    if (account != null) {
      picked.add(account.node());
    }
    return dump.items().stream().filter(item -> !picked.contains(item.node())).toList();
  }

  /**
   * Each copy of one object named with its own file, where the files are known: {@code " (DaemonSet
   * racer/racer in a.yaml; DaemonSet racer/racer in b.yaml)"}; without files, the copies' names
   * would say nothing the message does not.
   */
  private static String inFiles(List<Item> copies, Inputs dump) {
    return dump.noneInAFile(copies) ? "" : " (" + dump.named(copies) + ")";
  }

  /** The info line that names what adopt leaves out, or {@code null} when nothing is. */
  Result leftOutResult() {
    if (leftOut.isEmpty()) {
      return null;
    }
    List<String> names =
        leftOut.stream().limit(NAMED_IN_A_LINE).map(item -> item.ref().describe()).toList();
    String more =
        leftOut.size() > NAMED_IN_A_LINE
            ? " and " + (leftOut.size() - NAMED_IN_A_LINE) + " more"
            : "";
    return Result.of(
        Severity.INFO,
        leftOut.size()
            + " object"
            + (leftOut.size() == 1 ? " is" : "s are")
            + " not part of the racer installation"
            + " and left out: "
            + String.join(", ", names)
            + more,
        null,
        null);
  }

  private static String noDaemonSet(List<Item> items) {
    if (items.isEmpty()) {
      return "the input holds no objects: adopt reads the live DaemonSet racer, its ServiceAccount and the"
          + " racer-settings ConfigMap ("
          + DUMP
          + ")";
    }
    String kinds = kinds(items);
    if (items.stream().noneMatch(item -> INSTALLATION_KINDS.contains(item.kind()))) {
      return "the input holds no DaemonSet, ServiceAccount or ConfigMap, only "
          + kinds
          + ": adopt reads the live"
          + " DaemonSet racer, its ServiceAccount and the racer-settings ConfigMap ("
          + DUMP
          + ")";
    }
    return "no DaemonSet named racer among the "
        + items.size()
        + " objects read ("
        + kinds
        + "): add the live"
        + " DaemonSet to the dump ("
        + DUMP
        + ")";
  }

  /** {@code 2 ConfigMaps, 1 ServiceAccount}, in the order met. */
  private static String kinds(List<Item> items) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    for (Item item : items) {
      counts.merge(String.valueOf(item.kind()), 1, Integer::sum);
    }
    return counts.entrySet().stream()
        .map(entry -> entry.getValue() + " " + entry.getKey() + (entry.getValue() == 1 ? "" : "s"))
        .collect(Collectors.joining(", "));
  }

  private static ReadOutcome<LiveInstallation> failed(String message) {
    return ReadOutcome.failed(Result.error(message));
  }
}
