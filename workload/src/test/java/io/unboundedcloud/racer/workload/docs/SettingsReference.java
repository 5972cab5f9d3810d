package io.unboundedcloud.racer.workload.docs;

import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.NodeAgentPorts;
import io.unboundedcloud.racer.workload.PodFit;
import io.unboundedcloud.racer.workload.Release;
import io.unboundedcloud.racer.workload.settings.Group;
import io.unboundedcloud.racer.workload.settings.KeySuggestion;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Writes {@code docs/settings.md}, the settings reference, from {@link SettingsCatalog}: the
 * catalog is the one source of every key, default and rule, so the page is generated, never edited
 * by hand.
 *
 * <p>Run from the repository root: {@value #REGENERATE}
 */
public final class SettingsReference {
  /** The command that regenerates the page; stale-check failures print it. */
  public static final String REGENERATE =
      "mvn -B -q -pl workload -DskipTests test-compile exec:java"
          + " -Dexec.classpathScope=test -Dexec.mainClass=io.unboundedcloud.racer.workload.docs.SettingsReference";

  /** Where the page lives, from the repository root. */
  static final String PAGE = "docs/settings.md";

  private SettingsReference() {}

  /** Writes the page into the checkout that holds the working directory. */
  public static void main(String[] args) throws IOException {
    Path file = RepositoryRoot.find().resolve(PAGE);
    Files.createDirectories(file.getParent());
    Files.writeString(file, markdown(), StandardCharsets.UTF_8);
    System.err.println("wrote " + file.toAbsolutePath().normalize());
  }

  /** The whole page, deterministic: the catalog's order, LF line ends, one trailing newline. */
  public static String markdown() {
    StringBuilder page = new StringBuilder();
    page.append(
            "<!-- Generated from SettingsCatalog (workload); do not edit. Regenerate from the repository root:\n")
        .append("     ")
        .append(REGENERATE)
        .append(" -->\n")
        .append("# racer-settings: the settings reference\n\n")
        .append(
            "The dataplane is configured by one ConfigMap, `racer-settings`, kept in Git next to the rest of\n")
        .append(
            "the installation. Its namespace is the installation namespace. Every key of its `data` reaches the\n")
        .append(
            "dataplane container as an environment variable (`envFrom`), and racer-krm (the KRM function and\n")
        .append(
            "the chart alike) checks every value against the table below before rendering anything.\n\n")
        .append(
            "Values are strings, as in every ConfigMap. Numbers are plain unsigned decimals (`268435456`,\n")
        .append(
            "never `256Mi`); quote anything YAML would otherwise read as a number, a boolean or null\n")
        .append(
            "(`RACER_PEER_PORT: \"9100\"`, `RACER_NVIDIA: \"off\"`). An unset key takes its default.\n\n");
    table(
        page,
        Group.SHAPES_OBJECTS,
        "Keys that shape the rendered objects",
        "The renderer reads these to build the DaemonSet (ports, host network, NVIDIA mode); the seat policy\n"
            + "reaches the dataplane through `envFrom` only. The four listener ports (peer, diagnostics, control "
            + Dataplane.CONTROL_PORT
            + ",\nwebhook "
            + Dataplane.WEBHOOK_PORT
            + ") must be distinct.\n");
    table(
        page,
        Group.DATAPLANE_TUNING,
        "Dataplane tuning keys",
        "The dataplane's own tuning: passed through `envFrom` untouched, and validated at render time so a\n"
            + "bad value fails the render instead of the pods. A rule that names another key is checked with that\n"
            + "key's value, or its default when it is unset.\n");
    page.append("## Keys that must not be present\n\n")
        .append(
            "The dataplane refuses to start when any of these is set, even to an empty value, so each is an\n")
        .append("error at render time, naming what replaced it.\n\n")
        .append("| key | what replaced it |\n|---|---|\n");
    for (Map.Entry<String, String> obsolete : SettingsCatalog.obsoleteKeys().entrySet()) {
      page.append("| `")
          .append(obsolete.getKey())
          .append("` | ")
          .append(cell(obsolete.getValue()))
          .append(" |\n");
    }
    page.append("\n## Keys the catalog does not know\n\n")
        .append(
            "- An unknown `RACER_*` key within "
                + KeySuggestion.TYPO_EDITS
                + " edits of a catalog key (`RACER_NVIDA`) is taken for a typo: an error\n")
        .append(
            "  that names the key it is near, in the function and in the chart (`helm template`"
                + " fails). An\n")
        .append(
            "  edit is one character inserted, deleted or replaced, or two adjacent characters"
                + " swapped: the\n")
        .append(
            "  Damerau-Levenshtein distance in its optimal-string-alignment form (no character is"
                + " edited\n")
        .append("  again once swapped): `RACER_NIVDA` is 2 edits from `RACER_NVIDIA`.\n")
        .append(
            "- Any other unknown `RACER_*` key is a warning (a newer dataplane may read keys this"
                + " catalog\n")
        .append(
            "  does not list), an error only in strict mode; the warning names the nearest known key"
                + " when\n")
        .append("  one is within a quarter of the key's length (`RACER_REQUEST_TIMEOUT` suggests\n")
        .append("  `RACER_REQUEST_TIMEOUT_MS`, 3 edits away).\n")
        .append(
            "- A key you mean that the catalog does not know (a newer dataplane's) goes in `"
                + SettingsCatalog.UNCHECKED_KEYS
                + "`:\n")
        .append(
            "  comma-separated in the function config (`"
                + SettingsCatalog.UNCHECKED_KEYS
                + ": \"RACER_NEW_KNOB\"`, [krm.md](krm.md)), a list in\n")
        .append(
            "  the chart's values (`"
                + SettingsCatalog.UNCHECKED_KEYS
                + ": [RACER_NEW_KNOB]`). A key listed there is passed to the\n")
        .append(
            "  dataplane unchecked, with no warning, strict or not; a catalog key listed there is"
                + " checked all\n")
        .append("  the same.\n")
        .append(
            "- Keys that do not start with `RACER_` are yours: passed through untouched and never checked.\n")
        .append(
            "- Images, namespace and names are not settings: they are the function config (KRM, see\n")
        .append("  [krm.md](krm.md)) or chart values (`charts/racer/README.md`).\n");
    podChecks(page);
    return page.toString();
  }

  /** The checks of {@link PodFit}, with the ports of {@link NodeAgentPorts}. */
  private static void podChecks(StringBuilder page) {
    page.append("\n## Checks against the pod\n\n")
        .append(
            "Some values are valid alone yet wrong for the pod that runs them. Each of these is a warning of\n")
        .append(
            "the KRM function and of the chart (in its NOTES), and an error in strict mode (the function\n")
        .append("config's `strict: \"true\"`, the chart's `strict: true`):\n\n")
        .append("- `")
        .append(PodFit.SHUTDOWN_TIMEOUT_KEY)
        .append("` longer than the pod's `terminationGracePeriodSeconds` (")
        .append(PodFit.DEFAULT_GRACE_PERIOD_SECONDS)
        .append(" unless a patch or a\n")
        .append(
            "  chart value sets it): the kubelet kills the dataplane before it has shut down. Raise the grace\n")
        .append("  period, or lower the deadline.\n")
        .append("- An image tag of another major or minor release than Racer ")
        .append(Release.RACER_VERSION)
        .append(", which the DaemonSet is built for: a patch\n")
        .append(
            "  release of it fits; a digest alone, or a tag that is no version (`latest`), cannot be judged.\n")
        .append(
            "- With `RACER_HOST_NETWORK=true`, a peer or diagnostics port that a node agent commonly holds on\n")
        .append("  the node's network:\n\n")
        .append("| port | commonly held by |\n|---|---|\n");
    NodeAgentPorts.all()
        .forEach(
            (port, agent) ->
                page.append("| ").append(port).append(" | ").append(cell(agent)).append(" |\n"));
  }

  private static void table(StringBuilder page, Group group, String title, String introduction) {
    page.append("## ")
        .append(title)
        .append("\n\n")
        .append(introduction)
        .append('\n')
        .append("| key | default | rule | what it does |\n|---|---|---|---|\n");
    for (SettingKey key : SettingsCatalog.keys()) {
      if (key.group() == group) {
        page.append("| `")
            .append(key.name())
            .append("` | ")
            .append(cell(key.defaultDescription()))
            .append(" | ")
            .append(cell(key.rule().describe()))
            .append(" | ")
            .append(cell(key.description()))
            .append(" |\n");
      }
    }
    page.append('\n');
  }

  /** A table cell: a pipe would end the cell, a line break the row. */
  private static String cell(String text) {
    return text.replace("|", "\\|").replace("\n", " ");
  }
}
