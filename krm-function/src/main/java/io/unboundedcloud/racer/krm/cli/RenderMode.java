package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.render.Outcome;
import io.unboundedcloud.racer.krm.render.Renderer;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * {@code racer-krm render PATH... [--function-config FILE]}: the same processing on YAML files and
 * directories, printing only the resulting manifests. On error nothing reaches stdout, since an empty
 * success would make Argo CD prune the installation.
 */
final class RenderMode {
  /** Kinds that are build instructions, not manifests. */
  private static final Set<String> SKIPPED_KINDS = Set.of("Kustomization", "Component", "Kptfile");

  private RenderMode() {}

  static int run(List<String> args, PrintStream stdout, PrintStream stderr) {
    List<Path> paths = new ArrayList<>();
    Path functionConfigFile = null;
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (arg.equals("--function-config")) {
        if (i + 1 >= args.size()) {
          throw new UsageException("--function-config needs a file");
        }
        functionConfigFile = Path.of(args.get(++i));
      } else if (arg.startsWith("--function-config=")) {
        functionConfigFile = Path.of(arg.substring("--function-config=".length()));
      } else if (arg.startsWith("-")) {
        throw new UsageException("unknown flag " + arg);
      } else {
        paths.add(Path.of(arg));
      }
    }
    if (paths.isEmpty()) {
      throw new UsageException("render needs at least one file or directory");
    }
    List<MappingNode> items = new ArrayList<>();
    MappingNode functionConfig = null;
    try {
      items.addAll(ManifestFiles.objects(paths, "render", stderr));
      if (functionConfigFile != null) {
        functionConfig = ManifestFiles.functionConfig(functionConfigFile);
      }
    } catch (YamlInputException | ManifestFiles.Unusable unreadable) {
      stderr.println("error: " + unreadable.getMessage());
      return 1;
    }
    items.removeIf(node -> SKIPPED_KINDS.contains(new Item(node).kind()));
    if (functionConfig == null) {
      List<MappingNode> declared =
          items.stream().filter(node -> new Item(node).annotations().containsKey(Item.FUNCTION_ANNOTATION)).toList();
      if (declared.size() > 1) {
        stderr.println(
            "error: " + declared.size() + " objects carry the " + Item.FUNCTION_ANNOTATION + " annotation ("
                + String.join(", ", declared.stream().map(n -> new Item(n).ref().describe()).toList())
                + "); name the function config with --function-config FILE");
        return 1;
      }
      if (declared.size() == 1) {
        functionConfig = declared.get(0);
        items.remove(functionConfig);
      }
    }
    Outcome outcome = Renderer.render(items, functionConfig);
    for (Result result : outcome.results()) {
      stderr.println(result.toLine());
    }
    if (outcome.failed()) {
      return 1;
    }
    List<MappingNode> manifests =
        outcome.items().stream().filter(node -> !new Item(node).isLocalConfig()).toList();
    YamlWriter.writeManifests(manifests, stdout);
    stdout.flush();
    return 0;
  }
}
