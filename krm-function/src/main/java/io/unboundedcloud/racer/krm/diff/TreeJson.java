package io.unboundedcloud.racer.krm.diff;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Plain trees (maps, lists, strings, numbers, booleans, nulls) as JSON text through jackson-core's
 * generator: the reports of diff, verify and adopt. Two spaces an indent, {@code ": "} between a
 * key and its value, empty maps and lists as {@code {}} and {@code []}, keys in the map's order:
 * the layout these reports had before the generator wrote them, which scripts may compare as text.
 *
 * <p>Only jackson-core: databind's introspection is what the runtime's start-up keeps out (the
 * class-data archive is held to that). The generator writes UTF-8, so a lone surrogate, which UTF-8
 * cannot carry, is written as its {@code \\uD800} escape rather than passed through; a pair (an
 * emoji) is written as its four UTF-8 bytes.
 */
public final class TreeJson {
  private static final JsonFactory FACTORY =
      new JsonFactoryBuilder()
          .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
          .characterEscapes(new ControlEscapes())
          .build();

  private TreeJson() {}

  /** {@code tree} as JSON text, a newline last. */
  public static String of(Object tree) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (JsonGenerator json = FACTORY.createGenerator(bytes)) {
      json.setPrettyPrinter(layout());
      write(tree, json);
    } catch (IOException e) {
      // a generator on a byte array fails only on a tree it cannot write: a bug here
      throw new UncheckedIOException(e);
    }
    return bytes.toString(StandardCharsets.UTF_8) + "\n";
  }

  private static DefaultPrettyPrinter layout() {
    DefaultIndenter indent = new DefaultIndenter("  ", "\n");
    Separators separators =
        Separators.createDefaultInstance()
            .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
            .withObjectEmptySeparator("")
            .withArrayEmptySeparator("");
    return new DefaultPrettyPrinter(separators)
        .withObjectIndenter(indent)
        .withArrayIndenter(indent);
  }

  private static void write(Object value, JsonGenerator json) throws IOException {
    if (value instanceof Map<?, ?> map) {
      json.writeStartObject();
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        json.writeFieldName(String.valueOf(entry.getKey()));
        write(entry.getValue(), json);
      }
      json.writeEndObject();
    } else if (value instanceof List<?> list) {
      json.writeStartArray();
      for (Object item : list) {
        write(item, json);
      }
      json.writeEndArray();
    } else if (value == null) {
      json.writeNull();
    } else if (value instanceof Boolean bool) {
      json.writeBoolean(bool);
    } else if (value instanceof Integer || value instanceof Long) {
      json.writeNumber(((Number) value).longValue());
    } else if (value instanceof Number number && Double.isFinite(number.doubleValue())) {
      // as Java writes it (1.5, 1.0E-5, a BigDecimal's own digits): what the reports always wrote
      json.writeNumber(number.toString());
    } else {
      // a string, and what JSON has no number for (.nan, .inf) as YAML writes it
      json.writeString(value instanceof Double d ? yamlSpecial(d) : String.valueOf(value));
    }
  }

  private static String yamlSpecial(double value) {
    return Double.isNaN(value) ? ".nan" : value > 0 ? ".inf" : "-.inf";
  }

  /**
   * JSON's standard escapes, but a control character without a short form of its own in JSON's
   * grammar as the reports always wrote it, {@code \\u0008} (lower-case hex); Jackson's own would
   * be {@code \\b} and {@code \\u001F}, the same strings to a parser, different bytes to a script
   * comparing text.
   */
  private static final class ControlEscapes extends CharacterEscapes {
    private static final long serialVersionUID = 1L;
    private final int[] ascii = standardAsciiEscapesForJSON();

    ControlEscapes() {
      for (int c = 0; c < 0x20; c++) {
        if (c != '\n' && c != '\r' && c != '\t') {
          ascii[c] = ESCAPE_CUSTOM;
        }
      }
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return ascii;
    }

    @Override
    public SerializableString getEscapeSequence(int c) {
      return c < 0x20 ? new SerializedString(String.format("\\u%04x", c)) : null;
    }
  }
}
