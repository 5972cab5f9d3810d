package io.unboundedcloud.racer.krm.inputs;

import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * The rule that a ConfigMap's {@code data} holds strings, as the API server applies it. YAML reads an
 * unquoted {@code 9100} as a number, {@code true} or {@code off} as a boolean, an empty value as null:
 * rendering would succeed and {@code kubectl apply} would then refuse the ConfigMap, far from the file
 * that is wrong. So such a value is an error here, with the quoted line to write instead.
 */
final class StringData {
  private StringData() {}

  /** Why {@code value}, the value of data key {@code key}, is not a string; null when it is one. */
  static String notAString(String key, ScalarNode value) {
    Tag tag = value.getTag();
    // A plain << is YAML 1.1's merge key only where a key stands; as a value, the Go YAML readers of kubectl
    // and kustomize read it as the string "<<", which the API server takes.
    if (Tag.STR.equals(tag) || Tag.MERGE.equals(tag)) {
      return null;
    }
    String what;
    String quoted;
    if (Tag.NULL.equals(tag)) {
      what = "empty, which YAML reads as null";
      quoted = "\"\"";
    } else {
      what = value.getScalarStyle() == DumperOptions.ScalarStyle.PLAIN
          ? describe(tag) + " (" + value.getValue() + ")"
          : "tagged " + tag.getValue();
      quoted = "\"" + value.getValue().replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
    return "data." + key + " is " + what + ", but ConfigMap data holds strings only and the API server"
        + " refuses the ConfigMap: quote the value, " + key + ": " + quoted;
  }

  private static String describe(Tag tag) {
    if (Tag.INT.equals(tag) || Tag.FLOAT.equals(tag)) {
      return "a number";
    }
    if (Tag.BOOL.equals(tag)) {
      return "a boolean";
    }
    if (Tag.TIMESTAMP.equals(tag)) {
      return "a timestamp";
    }
    return "a " + tag.getValue() + " value";
  }
}
