package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.inputs.ManifestInputs;
import io.unboundedcloud.racer.krm.inputs.SourceFiles;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.verify.Verification;
import io.unboundedcloud.racer.krm.verify.Verified;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import java.io.OutputStream;
import java.util.List;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * {@code racer-krm verify [PATH... | -]}: whether a rendered stream (a kustomize build, a {@code
 * helm template}, a folder) is what the function renders from it. Each drift is one line on stderr;
 * exit 0 when there is none (one line on stderr says what was checked), 1 otherwise. Nothing
 * reaches stdout.
 */
final class VerifyMode implements Mode {
  static final String SETTINGS = "--settings";
  static final String STRICT = "--strict";
  static final String OUTPUT = "--output";

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
    return Stdout.ON_SUCCESS;
  }

  @Override
  public int run(Invocation call, OutputStream out) {
    List<String> paths = call.arguments().positionals();
    SourceFiles sources = new SourceFiles();
    List<MappingNode> objects;
    try {
      objects = call.manifests(paths.isEmpty() ? List.of("-") : paths, name(), sources);
    } catch (YamlInputException | ManifestFiles.Unusable unreadable) {
      call.stderr().println("error: " + unreadable.getMessage());
      return 1;
    }
    List<MappingNode> manifests =
        objects.stream()
            .filter(node -> !ManifestInputs.SKIPPED_KINDS.contains(new Item(node).kind()))
            .toList();
    Verified verdict = Verification.check(manifests);
    Results results = verdict.results();
    call.report(results, sources);
    if (results.exitCode() == 0) {
      // one line of what was checked, so that a pipeline's log shows verify looked
      call.stderr().println(verdict.checked());
    }
    return results.exitCode();
  }
}
