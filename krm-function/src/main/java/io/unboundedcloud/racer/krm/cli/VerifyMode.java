package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.inputs.ManifestInputs;
import io.unboundedcloud.racer.krm.inputs.SourceFiles;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.verify.VerdictJson;
import io.unboundedcloud.racer.krm.verify.Verification;
import io.unboundedcloud.racer.krm.verify.Verified;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * {@code racer-krm verify [PATH... | -] [--settings FILE] [--strict] [--output text|json]}: whether
 * a rendered stream (a kustomize build, a {@code helm template}, a folder) is what the function
 * renders from it, and what the function would warn about it. Each drift and warning is one line on
 * stderr; exit 0 when there is no error (one line on stderr says what was checked), 1 otherwise;
 * {@code --strict} makes each warning an error. {@code --settings} gives the racer-settings that
 * live outside the stream. Stdout holds nothing, or with {@code --output json} the verdict.
 */
final class VerifyMode implements Mode {
  static final String SETTINGS = "--settings";
  static final String STRICT = "--strict";
  static final String OUTPUT = "--output";

  /** Why a warning is an error, as strict mode says it. */
  private static final String STRICT_REASON = "verify --strict";

  @Override
  public String name() {
    return "verify";
  }

  @Override
  public Syntax syntax() {
    return Syntax.positionals(
            0, Integer.MAX_VALUE, "rendered streams: files, directories, or - for stdin")
        .withStdin()
        .flags(
            Flag.valued(SETTINGS, "a file, or - for stdin"),
            Flag.toggle(STRICT),
            Flag.choice(OUTPUT, "text", "json"));
  }

  @Override
  public Stdout stdout() {
    return Stdout.ALWAYS; // --output json: the verdict, also on drift (exit 1)
  }

  @Override
  public int run(Invocation call, OutputStream out) {
    List<String> paths =
        call.arguments().positionals().isEmpty() ? List.of("-") : call.arguments().positionals();
    Optional<String> settingsPath = call.arguments().value(SETTINGS);
    if (settingsPath.filter("-"::equals).isPresent() && paths.contains("-")) {
      throw new UsageException(
          "verify reads stdin for one input only: with "
              + SETTINGS
              + " -, name the rendered stream's files");
    }
    boolean strict = call.arguments().has(STRICT);
    SourceFiles sources = new SourceFiles();
    Given given = read(call, paths, settingsPath, sources);
    if (given == null) {
      return 1;
    }
    Verified verdict = Verification.check(given.manifests(), given.settings(), sources::located);
    Results results = new Results();
    verdict.results().forEach(result -> results.add(sources.locate(result)));
    if (strict) {
      results.makeStrict(STRICT_REASON);
    }
    results.forEach(result -> call.stderr().println(result.toLine()));
    if (results.exitCode() == 0 && verdict.checked() != null) {
      // one line of what was checked, so that a pipeline's log shows verify looked
      call.stderr().println(verdict.checked());
    }
    if (call.arguments().value(OUTPUT).filter("json"::equals).isPresent()) {
      try {
        out.write(VerdictJson.of(verdict, results, strict).getBytes(StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return results.exitCode();
  }

  /** The rendered objects to verify (what kustomize skips left out) and the settings given. */
  private record Given(List<MappingNode> manifests, List<MappingNode> settings) {}

  /** The inputs read, or {@code null} with the error on stderr. */
  private Given read(
      Invocation call, List<String> paths, Optional<String> settingsPath, SourceFiles sources) {
    List<MappingNode> objects;
    List<MappingNode> settings;
    try {
      List<String> all = new ArrayList<>(paths);
      settingsPath.ifPresent(all::add);
      call.admit(all, null);
      objects = call.manifests(paths, name(), sources);
      settings =
          settingsPath.isEmpty()
              ? List.of()
              : call.manifests(List.of(settingsPath.get()), name(), sources);
    } catch (YamlInputException | ManifestFiles.Unusable unreadable) {
      call.stderr().println("error: " + unreadable.getMessage());
      return null;
    }
    if (settingsPath.isPresent() && settings.stream().noneMatch(VerifyMode::isConfigMap)) {
      call.stderr()
          .println(
              "error: "
                  + SETTINGS
                  + " "
                  + settingsPath.get()
                  + " holds no ConfigMap: give the racer-settings ConfigMap the stream's DaemonSet"
                  + " reads (kubectl get configmap racer-settings -n NAMESPACE -o yaml)");
      return null;
    }
    List<MappingNode> manifests =
        objects.stream()
            .filter(node -> !ManifestInputs.SKIPPED_KINDS.contains(new Item(node).kind()))
            .toList();
    return new Given(manifests, settings);
  }

  private static boolean isConfigMap(MappingNode node) {
    return new Item(node).is("v1", "ConfigMap");
  }
}
