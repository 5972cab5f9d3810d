package io.unboundedcloud.racer.chart.support;

import io.unboundedcloud.racer.krm.cli.Command;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.representer.Representer;

/** The racer KRM function, run in-process on a ResourceList as kustomize or kpt would send it. */
public final class KrmFunction {
  private KrmFunction() {}

  /**
   * One run.
   *
   * @param exitCode the function's exit code
   * @param items the output ResourceList's items
   * @param results its results
   * @param stderr what it printed on stderr
   */
  public record Run(int exitCode, List<Map<String, Object>> items, List<Map<String, Object>> results, String stderr) {
    /** The field paths of its error results, in order. */
    @SuppressWarnings("unchecked")
    public List<String> errorFields() {
      return results.stream()
          .filter(r -> "error".equals(r.get("severity")))
          .map(r -> r.get("field") instanceof Map<?, ?> field ? String.valueOf(((Map<String, Object>) field).get("path")) : "")
          .toList();
    }

    /** The messages of its error results, in order. */
    public List<String> errorMessages() {
      return results.stream().filter(r -> "error".equals(r.get("severity")))
          .map(r -> String.valueOf(r.get("message"))).toList();
    }
  }

  /** Runs the function on {@code items} with {@code functionConfig}. */
  @SuppressWarnings("unchecked")
  public static Run run(List<Map<String, Object>> items, Map<String, Object> functionConfig) {
    Map<String, Object> resourceList = new LinkedHashMap<>();
    resourceList.put("apiVersion", "config.kubernetes.io/v1");
    resourceList.put("kind", "ResourceList");
    resourceList.put("items", items);
    resourceList.put("functionConfig", functionConfig);
    DumperOptions options = new DumperOptions();
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    String input = new Yaml(new Representer(options), options).dump(resourceList);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = Command.run(new String[0],
        new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    Map<String, Object> output = new Yaml(new SafeConstructor(new LoaderOptions()))
        .load(out.toString(StandardCharsets.UTF_8));
    List<Map<String, Object>> outItems = output == null || output.get("items") == null
        ? List.of() : (List<Map<String, Object>>) output.get("items");
    List<Map<String, Object>> results = output == null || output.get("results") == null
        ? List.of() : (List<Map<String, Object>>) output.get("results");
    return new Run(exit, outItems, results, err.toString(StandardCharsets.UTF_8));
  }
}
