package io.unboundedcloud.racer.krm.yaml.pipeline;

import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * snakeyaml's resolver (YAML 1.1's implicit types) without its length bounds. snakeyaml gives up on
 * an int or a float longer than 1,024 characters and a timestamp longer than 50, and calls them
 * strings, to keep its regular expressions off long input; a reader without those bounds (PyYAML,
 * yaml.v3 for a float or a timestamp, so kyaml) reads them as what they look like. With the bounds,
 * a plain value of 1,100 digits after {@code 1.} read as a string and was written plain again, or a
 * string the function made from it written without quotes, to be read as a float downstream.
 *
 * <p>Within the bounds this is snakeyaml's resolver; beyond them, an int, a float or a timestamp is
 * told by one pass over the value ({@link LongNumber}), in time linear in its length and without
 * recursion, where snakeyaml's expressions would overflow the stack on repeated groups. The bools,
 * nulls and the merge key are shorter than their bounds, so those bounds cut nothing.
 *
 * <p>Plain scalars of up to {@value #REMEMBERED_LENGTH} characters have their tag remembered
 * ({@link ResolvedTags}): a resource's keys and many of its values repeat from item to item, and
 * snakeyaml's resolver runs up to three regular expressions on each, a new {@code Matcher} every
 * time: a third of the bytes reading and writing allocated ({@code AllocationPerByteTest}).
 */
public final class ExactResolver extends Resolver {

  /** snakeyaml's bound on the length of an int or a float it resolves. */
  static final int NUMBER_BOUND = 1024;

  /** snakeyaml's bound on the length of a timestamp it resolves. */
  static final int TIMESTAMP_BOUND = 50;

  /** One shared instance: a resolver holds no state after construction. */
  public static final ExactResolver INSTANCE = new ExactResolver();

  /** The longest value whose tag is remembered: keys, names, ports, short values. */
  static final int REMEMBERED_LENGTH = 64;

  private final ResolvedTags remembered = new ResolvedTags();

  @Override
  public Tag resolve(NodeId kind, String value, boolean implicit) {
    if (kind != NodeId.scalar || !implicit || value == null || value.length() > REMEMBERED_LENGTH) {
      return resolveAnew(kind, value, implicit);
    }
    Tag known = remembered.get(value);
    if (known == null) {
      known = resolveAnew(kind, value, implicit);
      remembered.put(value, known);
    }
    return known;
  }

  private Tag resolveAnew(NodeId kind, String value, boolean implicit) {
    Tag bounded = super.resolve(kind, value, implicit);
    if (kind != NodeId.scalar
        || !implicit
        || !Tag.STR.equals(bounded)
        || value.length() <= TIMESTAMP_BOUND) {
      return bounded;
    }
    if (value.length() > NUMBER_BOUND) {
      if (LongNumber.isInt(value)) {
        return Tag.INT;
      }
      if (LongNumber.isFloat(value)) {
        return Tag.FLOAT;
      }
    }
    return LongNumber.isTimestamp(value) ? Tag.TIMESTAMP : bounded;
  }
}
