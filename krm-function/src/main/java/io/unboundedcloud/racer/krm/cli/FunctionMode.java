package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.render.Outcome;
import io.unboundedcloud.racer.krm.render.Renderer;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.yaml.ResourceList;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;

/**
 * The KRM function: one ResourceList on stdin, one on stdout. Any error result exits 1 with every input
 * item unchanged in the output, and each error also on stderr, since kustomize shows only stderr.
 */
final class FunctionMode {
  private FunctionMode() {}

  static int run(InputStream stdin, PrintStream stdout, PrintStream stderr) {
    ResourceList list;
    try {
      list = YamlReader.readResourceList(stdin);
    } catch (YamlInputException unreadable) {
      Result error = Result.error("input is not a ResourceList: " + unreadable.getMessage());
      stderr.println(error.toLine());
      if (unreadable.items().isPresent()) {
        YamlWriter.writeUnusedItems(unreadable.items().get(), List.of(error.toTree()), stdout);
      } else {
        YamlWriter.writeResourceList(new ResourceList(List.of(), null), List.of(error.toTree()), stdout);
      }
      stdout.flush();
      return 1;
    }
    Outcome outcome = Renderer.render(list.items(), list.functionConfig().orElse(null));
    for (Result result : outcome.results()) {
      stderr.println(result.toLine());
    }
    List<java.util.Map<String, Object>> results = outcome.results().stream().map(Result::toTree).toList();
    // bytes, always UTF-8, whatever the platform's default encoding (a bare container has none)
    YamlWriter.writeResourceList(
        new ResourceList(outcome.items(), list.functionConfig().orElse(null)), results, stdout);
    stdout.flush();
    return outcome.failed() ? 1 : 0;
  }
}
