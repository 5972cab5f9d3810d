package io.unboundedcloud.racer.krm.render;

import io.unboundedcloud.racer.krm.results.Results;
import java.util.List;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * What a run gives: the items to write (every input item, changed or not, then the new ones) and
 * results. With an error result ({@link Results#hasError()}) the items are the input's, unchanged.
 *
 * @param items the output items
 * @param results every result, errors first ({@link Results})
 */
public record Outcome(List<MappingNode> items, Results results) {
  public Outcome {
    items = List.copyOf(items);
    results = Results.copyOf(results);
  }
}
