package io.unboundedcloud.racer.krm.inputs;

import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.tree.KubectlScalar;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.workload.settings.QuotedText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * The typed function config, beside the ConfigMap form: the same keys ({@link FunctionConfigKey})
 * as fields of the object itself, as the kpt catalog's {@code SetNamespace} and {@code
 * ApplySetters} hold theirs, each of its {@link FunctionConfigKey.Type}: text a string, {@code
 * strict} a boolean, the allow-lists lists of strings.
 *
 * <pre>
 * apiVersion: fn.racer.unbounded-cloud.io/v1alpha1
 * kind: RacerFunctionConfig
 * metadata:
 *   name: racer-function
 * imageRegistry: registry.example.com/racer
 * strict: true
 * allowedRegistries: [registry.example.com, mirror.example.com]
 * </pre>
 *
 * <p>It is read into the very map the ConfigMap's data give ({@code "true"}, entries joined by
 * {@code ,}), so that every later check, message and Application parameter treats both forms alike;
 * only a field of the wrong type is refused here, naming the field.
 */
public final class TypedFunctionConfig {
  /** The API group of racer-krm's function configs: a group of its own, never a served one. */
  public static final String GROUP = "fn.racer.unbounded-cloud.io";

  /** The version of the typed kind. */
  public static final String VERSION = "v1alpha1";

  /** Its apiVersion. */
  public static final String API_VERSION = GROUP + "/" + VERSION;

  /** Its kind. */
  public static final String KIND = "RacerFunctionConfig";

  /** The fields every object has, which are not keys of the config. */
  private static final List<String> OBJECT_FIELDS = List.of("apiVersion", "kind", "metadata");

  private TypedFunctionConfig() {}

  /** Whether {@code item} is the typed function config. */
  static boolean is(Item item) {
    return item.is(API_VERSION, KIND);
  }

  /**
   * The keys the typed config sets, as the ConfigMap form's data would hold them; a field of the
   * wrong type is an error naming it, and is left out.
   */
  static Map<String, String> data(Item item, Results results) {
    Map<String, String> data = new LinkedHashMap<>();
    ResourceRef ref = item.ref();
    for (NodeTuple tuple : item.node().getValue()) {
      if (!(tuple.getKeyNode() instanceof ScalarNode keyNode)
          || OBJECT_FIELDS.contains(keyNode.getValue())) {
        continue;
      }
      String key = keyNode.getValue();
      Node value = tuple.getValueNode();
      if (value instanceof ScalarNode scalar && Nodes.scalarValue(scalar) == null) {
        continue; // null, as an omitted field: Kubernetes' omitempty reading
      }
      Optional<FunctionConfigKey> known =
          List.of(FunctionConfigKey.values()).stream().filter(k -> k.key().equals(key)).findFirst();
      if (known.isEmpty()) {
        data.put(key, ""); // not read: the caller warns of it as of an unknown data key
        continue;
      }
      String problem =
          switch (known.get().type()) {
            case TEXT -> text(key, value, data);
            case TRUE_OR_FALSE -> bool(key, value, data);
            case LIST -> list(key, value, data);
          };
      if (problem != null) {
        results.add(Result.of(Severity.ERROR, problem, ref, key));
      }
    }
    return data;
  }

  private static String text(String key, Node value, Map<String, String> data) {
    String problem = notText(key, value);
    if (problem == null) {
      data.put(key, ((ScalarNode) value).getValue());
    }
    return problem;
  }

  private static String bool(String key, Node value, Map<String, String> data) {
    if (value instanceof ScalarNode scalar && Nodes.scalarValue(scalar) instanceof Boolean b) {
      data.put(key, b.toString());
      return null;
    }
    return key
        + " is "
        + shown(value)
        + ": it takes a boolean, true (every warning of the run is an error) or false (the"
        + " default), unquoted";
  }

  private static String list(String key, Node value, Map<String, String> data) {
    if (!(value instanceof SequenceNode sequence)) {
      return key
          + " is "
          + shown(value)
          + ": it takes a list of strings ("
          + key
          + ": [mirror.example.com/racer]); the ConfigMap form's comma-separated text is"
          + " data."
          + key;
    }
    List<String> entries = new ArrayList<>();
    for (Node entry : sequence.getValue()) {
      String problem = notText(key + "[" + entries.size() + "]", entry);
      if (problem != null) {
        return problem;
      }
      String text = ((ScalarNode) entry).getValue();
      if (text.contains(",")) {
        return key
            + "["
            + entries.size()
            + "] is "
            + QuotedText.of(text)
            + ": an entry holds no ',': write each as an entry of its own";
      }
      entries.add(text);
    }
    data.put(key, String.join(",", entries));
    return null;
  }

  /** Why {@code value} is no string as Kubernetes reads it, after "FIELD is "; null when it is. */
  private static String notText(String field, Node value) {
    if (!(value instanceof ScalarNode scalar)) {
      return field + " is " + shown(value) + ": it takes a string";
    }
    if (Nodes.writtenPlainWithoutTag(scalar)) {
      KubectlScalar read = KubectlScalar.of(scalar.getValue());
      if (read != KubectlScalar.STRING) {
        return field
            + " is "
            + shown(value)
            + ", but it takes a string, as the API server reads it: quote the value, "
            + QuotedText.of(scalar.getValue());
      }
    } else if (!(Nodes.scalarValue(scalar) instanceof String)) {
      return field + " is " + shown(value) + ": it takes a string";
    }
    return null;
  }

  /** A value as a message names it: its kind, and a scalar's text. */
  private static String shown(Node value) {
    if (value instanceof MappingNode) {
      return "a map";
    }
    if (value instanceof SequenceNode) {
      return "a list";
    }
    ScalarNode scalar = (ScalarNode) value;
    Object read = Nodes.scalarValue(scalar);
    String what =
        read instanceof Boolean
            ? "a boolean"
            : read instanceof Number
                ? "a number"
                : Nodes.writtenPlainWithoutTag(scalar)
                        && KubectlScalar.of(scalar.getValue()) == KubectlScalar.BOOLEAN
                    ? "a boolean"
                    : "the string";
    return what + " " + QuotedText.of(scalar.getValue());
  }
}
