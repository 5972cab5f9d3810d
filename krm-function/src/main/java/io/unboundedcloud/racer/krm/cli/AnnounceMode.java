package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.inputs.Inputs;
import io.unboundedcloud.racer.krm.inputs.ManifestInputs;
import io.unboundedcloud.racer.krm.inputs.Read;
import io.unboundedcloud.racer.krm.inputs.SettingsSource;
import io.unboundedcloud.racer.krm.inputs.SourceFiles;
import io.unboundedcloud.racer.krm.parameters.Announcements;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import io.unboundedcloud.racer.workload.settings.Finding;
import io.unboundedcloud.racer.workload.settings.FindingSeverity;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * {@code racer-krm announce PATH...}: the Argo CD plugin's dynamic parameter announcements for an
 * app folder (its files, or {@code -}: a kustomize build's output on stdin), as a JSON array on
 * stdout. It never fails the UI: whatever the folder holds, it prints the catalog's announcements
 * and exits 0, with why a value could not be read on stderr. The Application's parameters are not
 * applied: the values announced are the folder's own.
 */
final class AnnounceMode {
  private static final String PREFIX = "racer-krm announce: ";

  private AnnounceMode() {}

  static int run(List<String> args, InputStream stdin, PrintStream stdout, PrintStream stderr) {
    for (String arg : args) {
      if (arg.startsWith("-") && !arg.equals("-")) {
        throw new UsageException("unknown flag " + arg);
      }
    }
    if (args.isEmpty()) {
      throw new UsageException("announce needs the app folder, or - for a build on stdin");
    }
    Map<String, String> settings = Map.of();
    try {
      settings = folderSettings(args, stdin, stderr);
    } catch (RuntimeException | OutOfMemoryError | StackOverflowError unreadable) {
      stderr.println(
          PREFIX
              + "cannot read the folder ("
              + unreadable
              + "); announcing the catalog's defaults");
    }
    stdout.println(Announcements.json(settings));
    return 0;
  }

  /** The folder's racer-settings data; empty, with the reason on stderr, when it has none. */
  private static Map<String, String> folderSettings(
      List<String> args, InputStream stdin, PrintStream stderr) {
    List<MappingNode> objects = new ArrayList<>();
    SourceFiles sources = new SourceFiles();
    for (String arg : args) {
      objects.addAll(
          arg.equals("-")
              ? YamlReader.readManifests(stdin, "stdin", YamlLimits.DEFAULT)
              : ManifestFiles.objects(List.of(Path.of(arg)), "announce", stderr, sources));
    }
    Read<ManifestInputs> sorted = ManifestInputs.sort(objects, null);
    List<MappingNode> items = sorted.value() == null ? objects : sorted.value().items();
    Read<SettingsSource> settings = new Inputs(items, null).builtSettings();
    for (Result result : settings.results()) {
      stderr.println(PREFIX + sources.locate(result).toLine());
    }
    if (settings.value() == null) {
      stderr.println(PREFIX + "announcing the catalog's defaults");
      return Map.of();
    }
    for (Finding finding : SettingsCatalog.validate(settings.value().data())) {
      if (finding.severity() == FindingSeverity.ERROR) {
        stderr.println(PREFIX + "error: " + finding.message());
      }
    }
    return settings.value().data();
  }
}
