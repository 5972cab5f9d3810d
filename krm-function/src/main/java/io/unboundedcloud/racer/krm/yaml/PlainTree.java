package io.unboundedcloud.racer.krm.yaml;

import io.unboundedcloud.racer.krm.tree.KubectlScalar;
import io.unboundedcloud.racer.krm.tree.WrittenScalar;
import io.unboundedcloud.racer.krm.yaml.pipeline.ExactResolver;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.DumperOptions.FlowStyle;
import org.yaml.snakeyaml.DumperOptions.ScalarStyle;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * The conversions between nodes and plain Java trees behind {@link Nodes#toPlain(Node)} and {@link
 * Nodes#fromPlain(Object)}; the rules are in {@link Nodes}' class comment.
 */
final class PlainTree {

  private static final Resolver RESOLVER = ExactResolver.INSTANCE;

  /**
   * What other YAML readers (go-yaml v2's y/n, YAML 1.2's 0o and leading-zero decimals) take for
   * non-strings.
   */
  private static final Pattern OTHER_READERS_NON_STRING =
      Pattern.compile("[yYnN]|[-+]?0o[0-7_]+|[-+]?0[0-9_]+");

  private PlainTree() {}

  /** The plain value of a node: a map, list, string, number, boolean or null. */
  static Object fromNode(Node node) {
    return new ToPlain(YamlLimits.DEFAULT, false).value(node, 0, node);
  }

  /**
   * The plain value of a node, each plain untagged scalar a {@link WrittenScalar} with its text:
   * the tree that is read into Kubernetes types.
   */
  static Object readingTree(Node node) {
    return new ToPlain(YamlLimits.DEFAULT, true).value(node, 0, node);
  }

  /** The plain map of a mapping node, keys in the node's order. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> fromMapping(MappingNode node) {
    return (Map<String, Object>) fromNode(node);
  }

  /**
   * The value of a scalar as Kubernetes reads it: {@code null}, {@link Boolean}, {@link Integer},
   * {@link Long}, {@link Double} or {@link String} (see the class comment).
   */
  static Object scalarValue(ScalarNode scalar) {
    Tag tag = scalar.getTag();
    String text = scalar.getValue();
    if (Tag.NULL.equals(tag)) {
      return null;
    }
    if (Tag.BOOL.equals(tag)) {
      return switch (text) {
        case "true", "True", "TRUE" -> Boolean.TRUE;
        case "false", "False", "FALSE" -> Boolean.FALSE;
        default -> text;
      };
    }
    if (Tag.INT.equals(tag)) {
      return integer(text);
    }
    if (Tag.FLOAT.equals(tag)) {
      return floating(text);
    }
    return text;
  }

  /**
   * A node for a plain value: {@link Map}, {@link Iterable} or array, {@link CharSequence}, {@link
   * Number}, {@link Boolean}, {@link Enum} (its name), {@code null}, or a {@link Node} (used as
   * is).
   *
   * @throws IllegalArgumentException for other types, or a tree nested deeper than {@link
   *     YamlLimits#maxNestingDepth()} (a map that contains itself)
   */
  static Node toNode(Object value) {
    return toNode(value, 0);
  }

  /** A mapping node for a plain map, keys in the map's iteration order. */
  static MappingNode toMapping(Map<String, ?> map) {
    return (MappingNode) toNode(map, 0);
  }

  /**
   * A string scalar, quoted when a YAML reader would otherwise read something other than this
   * string.
   */
  static ScalarNode stringNode(String text) {
    ScalarStyle style;
    if (text.indexOf('\n') >= 0 && !hasOtherLineBreak(text)) {
      style =
          ScalarStyle
              .LITERAL; // the emitter falls back to quotes when a literal block cannot hold it
    } else if (readAsOtherThanString(text)) {
      style = ScalarStyle.DOUBLE_QUOTED;
    } else {
      style =
          ScalarStyle.PLAIN; // the emitter single-quotes where YAML syntax needs it ("a: b", "- x")
    }
    return new ScalarNode(Tag.STR, text, null, null, style);
  }

  /**
   * A line break other than {@code \n} (CR, NEL, U+2028, U+2029): a YAML 1.1 reader breaks a line
   * at each, and the emitter writes them into a literal block unindented, so the text after one
   * would leave the block; double quotes write them as escapes.
   */
  private static boolean hasOtherLineBreak(String text) {
    return text.chars().anyMatch(c -> c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029');
  }

  /**
   * Whether a reader would take the text written plain for other than a string: snakeyaml (YAML
   * 1.1), kubectl's go-yaml v2.4 ({@link KubectlScalar}: {@code 0X1F}, {@code 0B11}, {@code 0b-101}
   * too), or YAML 1.2.
   */
  private static boolean readAsOtherThanString(String text) {
    return !Tag.STR.equals(RESOLVER.resolve(NodeId.scalar, text, true))
        || OTHER_READERS_NON_STRING.matcher(text).matches()
        || KubectlScalar.of(text) != KubectlScalar.STRING;
  }

  private static Node toNode(Object value, int depth) {
    if (depth > YamlLimits.DEFAULT.maxNestingDepth()) {
      throw new IllegalArgumentException(
          "the value nests deeper than "
              + YamlLimits.DEFAULT.maxNestingDepth()
              + " levels (does a map or list contain itself?)");
    }
    if (value == null) {
      return new ScalarNode(Tag.NULL, "null", null, null, ScalarStyle.PLAIN);
    }
    if (value instanceof Node node) {
      return node;
    }
    if (value instanceof CharSequence || value instanceof Character) {
      return stringNode(value.toString());
    }
    if (value instanceof Enum<?> constant) {
      return stringNode(constant.name());
    }
    if (value instanceof Boolean bool) {
      return new ScalarNode(Tag.BOOL, bool.toString(), null, null, ScalarStyle.PLAIN);
    }
    if (value instanceof Integer
        || value instanceof Long
        || value instanceof Short
        || value instanceof Byte
        || value instanceof BigInteger) {
      return new ScalarNode(Tag.INT, value.toString(), null, null, ScalarStyle.PLAIN);
    }
    if (value instanceof Double || value instanceof Float || value instanceof BigDecimal) {
      return new ScalarNode(Tag.FLOAT, floatText((Number) value), null, null, ScalarStyle.PLAIN);
    }
    if (value instanceof Map<?, ?> map) {
      List<NodeTuple> tuples = new ArrayList<>(map.size());
      for (Map.Entry<?, ?> entry : inDefinedOrder(map)) {
        tuples.add(
            new NodeTuple(
                stringNode(String.valueOf(entry.getKey())), toNode(entry.getValue(), depth + 1)));
      }
      return new MappingNode(Tag.MAP, tuples, FlowStyle.BLOCK);
    }
    if (value instanceof Iterable<?> iterable) {
      List<Node> children = new ArrayList<>();
      for (Object child : iterable) {
        children.add(toNode(child, depth + 1));
      }
      return new SequenceNode(Tag.SEQ, children, FlowStyle.BLOCK);
    }
    if (value instanceof Object[] array) {
      return toNode(List.of(array), depth);
    }
    throw new IllegalArgumentException(
        "cannot write a "
            + value.getClass().getName()
            + " as YAML; convert it to a Map, List, String, number or boolean first");
  }

  /**
   * A map's entries in its iteration order, or sorted by key where that order comes from hashing.
   */
  private static Iterable<? extends Map.Entry<?, ?>> inDefinedOrder(Map<?, ?> map) {
    boolean hashOrdered =
        map.getClass() == HashMap.class
            || map instanceof Hashtable
            || map instanceof ConcurrentHashMap
            || map instanceof IdentityHashMap
            || map instanceof WeakHashMap
            || map.getClass().getName().startsWith("java.util.ImmutableCollections$Map");
    if (!hashOrdered || map.size() < 2) {
      return map.entrySet();
    }
    List<Map.Entry<?, ?>> entries = new ArrayList<>(map.entrySet());
    entries.sort(Comparator.comparing(entry -> String.valueOf(entry.getKey())));
    return entries;
  }

  private static String floatText(Number number) {
    if (number instanceof BigDecimal decimal) {
      return decimal.toString();
    }
    double d = number.doubleValue();
    if (Double.isNaN(d)) {
      return ".nan";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? ".inf" : "-.inf";
    }
    return Double.toString(d);
  }

  private static Object integer(String text) {
    String digits = text.replace("_", "");
    int sign = 1;
    if (digits.startsWith("-") || digits.startsWith("+")) {
      sign = digits.startsWith("-") ? -1 : 1;
      digits = digits.substring(1);
    }
    int radix = 10;
    if (digits.startsWith("0x") || digits.startsWith("0X")) {
      radix = 16;
      digits = digits.substring(2);
    } else if (digits.startsWith("0b")) {
      radix = 2;
      digits = digits.substring(2);
    } else if (digits.startsWith("0o")) {
      radix = 8;
      digits = digits.substring(2);
    } else if (digits.length() > 1 && digits.startsWith("0")) {
      radix = 8;
    }
    try {
      long value = sign * Long.parseLong(digits, radix);
      return value == (int) value ? (Object) (int) value : (Object) value;
    } catch (NumberFormatException e) {
      return text; // sexagesimal (1:20) or beyond a long: keep the text rather than guess
    }
  }

  private static Object floating(String text) {
    String lower = text.toLowerCase(java.util.Locale.ROOT);
    switch (lower) {
      case ".inf", "+.inf":
        return Double.POSITIVE_INFINITY;
      case "-.inf":
        return Double.NEGATIVE_INFINITY;
      case ".nan":
        return Double.NaN;
      default:
        break;
    }
    if (isSexagesimal(text)) {
      return text;
    }
    try {
      return Double.parseDouble(text.replace("_", ""));
    } catch (NumberFormatException e) {
      return text;
    }
  }

  /**
   * A float written in base 60 ({@code 1:20.5}), which no reader but a YAML 1.1 one takes for a
   * number: a {@code :} on a single line, what the expression {@code .*:.*} matched. Read in one
   * pass: that expression backtracked once per {@code :} over the whole text when a line break
   * followed, the square of the length of an explicitly tagged {@code !!float} of colons.
   */
  static boolean isSexagesimal(String text) {
    boolean colon = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029') {
        return false; // a line terminator, which `.` does not match
      }
      colon |= c == ':';
    }
    return colon;
  }

  /** One conversion: counts nodes against the budget and refuses an alias that contains itself. */
  private static final class ToPlain {

    private final YamlLimits limits;
    private final boolean keepWritten;
    private final Set<Node> path = Collections.newSetFromMap(new IdentityHashMap<>());
    private int visited;

    ToPlain(YamlLimits limits, boolean keepWritten) {
      this.limits = limits;
      this.keepWritten = keepWritten;
    }

    /**
     * @param enclosing the nearest node with a position, for messages (deep scalars carry none)
     */
    Object value(Node node, int depth, Node enclosing) {
      Node here = node.getStartMark() != null ? node : enclosing;
      if (++visited > limits.maxPlainTreeNodes()) {
        throw refused(
            here,
            "expands to more than "
                + limits.maxPlainTreeNodes()
                + " values (each use of an alias counts again); refused. Write it out without aliases.");
      }
      if (depth > limits.maxNestingDepth()) {
        throw refused(here, "nests deeper than " + limits.maxNestingDepth() + " levels; refused.");
      }
      if (node instanceof ScalarNode scalar) {
        Object value = scalarValue(scalar);
        // a null is null to every reader (go-yaml's nulls are snakeyaml's: ~, null, Null, NULL, "")
        return keepWritten && value != null && Nodes.writtenPlainWithoutTag(scalar)
            ? new WrittenScalar(scalar.getValue(), value)
            : value;
      }
      if (!path.add(node)) {
        throw refused(
            here,
            "contains itself through an alias, which has no plain form. "
                + "Write it out without the recursive alias.");
      }
      try {
        if (node instanceof SequenceNode sequence) {
          List<Object> list = new ArrayList<>(sequence.getValue().size());
          for (Node child : sequence.getValue()) {
            list.add(value(child, depth + 1, here));
          }
          return list;
        }
        MappingNode mapping = (MappingNode) node;
        Map<String, Object> map = new LinkedHashMap<>();
        for (NodeTuple tuple : mapping.getValue()) {
          if (!(tuple.getKeyNode() instanceof ScalarNode key)) {
            throw refused(
                here,
                "has a key that is a mapping or a sequence; "
                    + "only scalar keys are allowed here.");
          }
          map.put(key.getValue(), value(tuple.getValueNode(), depth + 1, here));
        }
        return map;
      } finally {
        path.remove(node);
      }
    }

    private static YamlInputException refused(Node node, String problem) {
      Mark mark = node.getStartMark();
      String source = mark == null || mark.getName() == null ? "yaml" : mark.getName();
      return YamlInputException.at(source, mark, "this value " + problem);
    }
  }
}
