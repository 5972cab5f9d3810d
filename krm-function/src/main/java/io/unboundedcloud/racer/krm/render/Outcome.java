package io.unboundedcloud.racer.krm.render;

import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import java.util.List;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * What a run gives: the items to write (every input item, changed or not, then the new ones) and results.
 *
 * @param items the output items
 * @param results every result, in the order found
 */
public record Outcome(List<MappingNode> items, List<Result> results) {
  public Outcome {
    items = List.copyOf(items);
    results = List.copyOf(results);
  }

  /** Whether any result is an error: the run then exits 1 and its items are the input's, unchanged. */
  public boolean failed() {
    return results.stream().anyMatch(result -> result.severity() == Severity.ERROR);
  }
}
