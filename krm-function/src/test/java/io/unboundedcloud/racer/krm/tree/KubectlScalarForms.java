package io.unboundedcloud.racer.krm.tree;

import java.util.ArrayList;
import java.util.List;

/**
 * Every kind of plain scalar go-yaml v2.4 types, generated from its {@code resolve.go}: the words
 * of its {@code resolveMapList} as it lists them, integers in each base prefix {@code ParseInt(s,
 * 0, 64)} takes, with each sign and with underscores, the {@code 0b} branch's signed forms, floats
 * of each shape its {@code yamlStyleFloat} pattern and Go's float parser take, and the texts it
 * hands on as strings (timestamps, base 60, broken numbers). Each form says the type go-yaml gives
 * it, so tests that cross it with the fields a reader reads know what to expect.
 */
public final class KubectlScalarForms {
  private KubectlScalarForms() {}

  /** A plain scalar as written, and the type go-yaml v2.4 gives it. */
  public record Form(String text, KubectlScalar type) {
    @Override
    public String toString() {
      return text.isEmpty() ? "(empty)" : text;
    }
  }

  /** resolve.go's resolveMapList, word for word, booleans first. */
  private static final String[][] BOOLEAN_WORDS = {
    {"y", "Y", "yes", "Yes", "YES"},
    {"true", "True", "TRUE"},
    {"on", "On", "ON"},
    {"n", "N", "no", "No", "NO"},
    {"false", "False", "FALSE"},
    {"off", "Off", "OFF"},
  };

  private static final String[] NULL_WORDS = {"", "~", "null", "Null", "NULL"};
  private static final String[] FLOAT_WORDS = {
    ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf",
    "-.INF"
  };

  /** Base prefixes Go's ParseInt with base 0 reads, and digits of each base. */
  private static final String[][] INTEGERS = {
    {"", "9100"},
    {"0x", "1F"},
    {"0X", "ff"},
    {"0o", "17"},
    {"0O", "7"},
    {"0", "755"},
    {"0b", "101"},
    {"0B", "11"},
    {"", "0"},
    {"", "18446744073709551615"}
  };

  private static final String[] MANTISSAS = {"1", "1.", "1.5", "0.25", ".5", "08"};
  private static final String[] EXPONENTS = {"", "e5", "E5", "e+3", "E-3"};

  /** Texts go-yaml hands on as strings although snakeyaml or a reader's eye sees a number. */
  private static final String[] STRINGS = {
    "2026-11-30",
    "2026-11-30T10:00:00Z",
    "2026-11-30 10:00:00",
    "12:30",
    "190:20:30",
    "-.nan",
    "0x",
    "0b2",
    "1e400",
    "-0x8000000000000001",
    "0x10000000000000000",
    "1.5.1",
    "_1",
    "1Gi",
    "e5",
    "yess",
    "<<",
    "zone-a",
  };

  /** Every form, in a fixed order. */
  public static List<Form> all() {
    List<Form> forms = new ArrayList<>();
    for (String[] words : BOOLEAN_WORDS) {
      for (String word : words) {
        forms.add(new Form(word, KubectlScalar.BOOLEAN));
      }
    }
    for (String word : NULL_WORDS) {
      forms.add(new Form(word, KubectlScalar.NULL));
    }
    for (String word : FLOAT_WORDS) {
      forms.add(new Form(word, KubectlScalar.NUMBER));
    }
    for (String[] integer : INTEGERS) {
      for (String sign : new String[] {"", "+", "-"}) {
        if (!sign.isEmpty() && integer[1].length() > 19) {
          continue; // beyond int64 only ParseUint takes it, which takes no sign
        }
        forms.add(new Form(sign + integer[0] + integer[1], KubectlScalar.NUMBER));
        // underscores are dropped before parsing, wherever they stand after the first character
        String digits = integer[1].charAt(0) + "_" + integer[1].substring(1);
        forms.add(new Form(sign + integer[0] + digits, KubectlScalar.NUMBER));
      }
    }
    forms.add(new Form("0b-101", KubectlScalar.NUMBER));
    forms.add(new Form("0b+101", KubectlScalar.NUMBER));
    for (String mantissa : MANTISSAS) {
      for (String exponent : EXPONENTS) {
        for (String sign : new String[] {"", "+", "-"}) {
          forms.add(new Form(sign + mantissa + exponent, KubectlScalar.NUMBER));
        }
      }
    }
    forms.add(new Form("1_000.5", KubectlScalar.NUMBER));
    forms.add(new Form(".5_5", KubectlScalar.NUMBER));
    for (String text : STRINGS) {
      forms.add(new Form(text, KubectlScalar.STRING));
    }
    return List.copyOf(forms);
  }

  /** The forms of one type. */
  public static List<Form> of(KubectlScalar type) {
    return all().stream().filter(form -> form.type() == type).toList();
  }
}
