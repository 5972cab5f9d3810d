package io.unboundedcloud.racer.krm.inputs;

import io.unboundedcloud.racer.krm.tree.KubectlScalar;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.workload.settings.ConfigMapValue;
import io.unboundedcloud.racer.workload.settings.QuotedText;
import java.util.Locale;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * The rule that a ConfigMap's {@code data} holds strings, as the API server applies it to what
 * kubectl, Helm or Argo CD send. They read an unquoted {@code 9100} as a number, {@code true},
 * {@code off} or {@code y} as a boolean, an empty value as null ({@link KubectlScalar}): rendering
 * would succeed and the apply would then fail, far from the file that is wrong. So such a value is
 * an error here, with the quoted line to write instead ({@code 1e5} and {@code 1.} are floats to
 * them). What they read as a string passes, snakeyaml's opinion aside: a date, a time of day such
 * as {@code 12:30}, {@code 1e400} (beyond float64). The message is {@link ConfigMapValue}'s, which
 * the chart's validation template says too.
 */
public final class StringData {
  private StringData() {}

  /** Why {@code value}, the value of data key {@code key}, is not a string; null when it is one. */
  static String notAString(String key, ScalarNode value) {
    Tag tag = value.getTag();
    String text = value.getValue();
    // written back as it came: plain and untagged when its tag is the one snakeyaml infers, so what
    // the tools downstream read is what go-yaml makes of the text
    KubectlScalar read = Nodes.writtenPlainWithoutTag(value) ? KubectlScalar.of(text) : null;
    String what;
    if (read != null) {
      what =
          switch (read) {
            case STRING -> null;
            case NUMBER -> "a number (" + text + ")";
            case BOOLEAN -> "a boolean (" + text + ")";
            case NULL -> "empty, which YAML reads as null";
          };
    } else if (Tag.STR.equals(tag)) {
      what = null;
    } else {
      what =
          value.isPlain()
              ? "a " + tag.getValue() + " value (" + text + ")"
              : "tagged " + tag.getValue();
    }
    if (what == null) {
      return null;
    }
    String quoted = read == KubectlScalar.NULL ? "\"\"" : QuotedText.of(text);
    return String.format(
        Locale.ROOT, ConfigMapValue.NOT_A_STRING_MESSAGE, "data." + key, what, key, quoted);
  }
}
