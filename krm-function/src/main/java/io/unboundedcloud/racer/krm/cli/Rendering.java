package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.inputs.ItemLocator;
import io.unboundedcloud.racer.krm.parameters.ApplicationParameters;
import io.unboundedcloud.racer.krm.render.Outcome;
import java.util.List;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * The processing the function and render modes run: {@code Renderer::render}, or in a test one that
 * breaks. {@code locate} names the file an item came from where its annotations do not (render
 * mode's {@code SourceFiles::located}; function mode passes {@code ItemLocator.ANNOTATIONS}).
 */
@FunctionalInterface
interface Rendering {
  Outcome render(
      List<MappingNode> items,
      MappingNode functionConfig,
      ApplicationParameters parameters,
      ItemLocator locate);
}
