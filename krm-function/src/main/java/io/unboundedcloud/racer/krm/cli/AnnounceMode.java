package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.inputs.FunctionConfig;
import io.unboundedcloud.racer.krm.inputs.Inputs;
import io.unboundedcloud.racer.krm.inputs.ManifestInputs;
import io.unboundedcloud.racer.krm.inputs.ReadOutcome;
import io.unboundedcloud.racer.krm.inputs.SettingsSource;
import io.unboundedcloud.racer.krm.inputs.SourceFiles;
import io.unboundedcloud.racer.krm.parameters.Announcements;
import io.unboundedcloud.racer.krm.parameters.ParameterLimits;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import io.unboundedcloud.racer.workload.settings.Finding;
import io.unboundedcloud.racer.workload.settings.FindingSeverity;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * {@code racer-krm announce PATH... | -}: the Argo CD plugin's dynamic parameter announcements for
 * an app folder (its files, or {@code -}: a kustomize build's output on stdin), as a JSON array on
 * stdout. It never fails the UI: whatever the folder holds, it prints the catalog's announcements
 * and exits 0, with why a value could not be read on stderr. The Application's parameters are not
 * applied: the values announced are the folder's own. A flat folder whose function config lists
 * {@code allowedParameters} without {@code settings} gets only the keys it lists announced.
 */
final class AnnounceMode implements Mode {
  private static final String PREFIX = "racer-krm announce: ";

  /**
   * What the announcements show of a folder: its racer-settings data, and what its function config
   * allows (a flat folder's; a kustomize build on stdin holds no function config).
   */
  private record Folder(Map<String, String> settings, ParameterLimits limits) {
    static final Folder NONE = new Folder(Map.of(), ParameterLimits.NONE);
  }

  @Override
  public String name() {
    return "announce";
  }

  @Override
  public Syntax syntax() {
    return Syntax.positionals(
            1, Integer.MAX_VALUE, "the app folder, or - for a kustomize build on stdin")
        .withStdin();
  }

  @Override
  public Stdout stdout() {
    return Stdout.ALWAYS;
  }

  @Override
  public int run(Invocation call, OutputStream out) {
    Folder folder = Folder.NONE;
    try {
      folder = folder(call);
      // unlike other modes, it catches what breaks the read: an announcement that fails would fail
      // the Argo CD UI, while the catalog's defaults are still worth showing
    } catch (YamlInputException | ManifestFiles.Unusable unreadable) {
      call.stderr()
          .println(
              PREFIX
                  + "cannot read the folder ("
                  + unreadable.getMessage()
                  + "); announcing the catalog's defaults");
    } catch (RuntimeException | OutOfMemoryError | StackOverflowError unreadable) {
      call.stderr()
          .println(
              PREFIX
                  + "cannot read the folder ("
                  + unreadable
                  + "); announcing the catalog's defaults");
    }
    try {
      out.write(
          (Announcements.json(folder.settings(), folder.limits()) + "\n")
              .getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return 0;
  }

  /** The folder's racer-settings data; empty, with the reason on stderr, when it has none. */
  private Folder folder(Invocation call) {
    PrintStream stderr = call.stderr();
    SourceFiles sources = new SourceFiles();
    List<MappingNode> objects = call.manifests(call.arguments().positionals(), name(), sources);
    ReadOutcome<ManifestInputs> sorted = ManifestInputs.sort(objects, null);
    List<MappingNode> items = sorted.value() == null ? objects : sorted.value().items();
    ParameterLimits limits = ParameterLimits.NONE;
    Set<String> unchecked = Set.of();
    if (sorted.value() != null && sorted.value().functionConfig() != null) {
      Map<String, String> folderConfig =
          new Inputs(items, sorted.value().functionConfig()).folderFunctionConfig();
      ReadOutcome<ParameterLimits> read = ParameterLimits.of(folderConfig, null);
      limits = read.ok() ? read.value() : ParameterLimits.NONE;
      unchecked = FunctionConfig.of(null, folderConfig).uncheckedSettings();
    }
    ReadOutcome<SettingsSource> settings = new Inputs(items, null).builtSettings();
    for (Result result : settings.results()) {
      stderr.println(PREFIX + sources.locate(result).toLine());
    }
    if (settings.value() == null) {
      stderr.println(PREFIX + "announcing the catalog's defaults");
      return new Folder(Map.of(), limits);
    }
    for (Finding finding : SettingsCatalog.validate(settings.value().data(), unchecked)) {
      if (finding.severity() == FindingSeverity.ERROR) {
        stderr.println(PREFIX + "error: " + finding.message());
      }
    }
    return new Folder(settings.value().data(), limits);
  }
}
