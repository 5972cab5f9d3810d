package io.unboundedcloud.racer.krm.yaml.pipeline;

import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * A scalar whose tag the input wrote out ({@code count: !!str 123}), so that {@link NodeSerializer}
 * writes the tag again, as a pass-through function such as {@code cat} keeps it. snakeyaml records
 * an explicit tag only in {@code Node.resolved}, a protected field with no getter since 2.0; {@link
 * TreeComposer} composes this class instead.
 */
public final class TaggedScalar extends ScalarNode {

  TaggedScalar(ScalarNode composed) {
    super(
        composed.getTag(),
        false,
        composed.getValue(),
        composed.getStartMark(),
        composed.getEndMark(),
        composed.getScalarStyle());
    setBlockComments(composed.getBlockComments());
    setInLineComments(composed.getInLineComments());
    setEndComments(composed.getEndComments());
  }
}
