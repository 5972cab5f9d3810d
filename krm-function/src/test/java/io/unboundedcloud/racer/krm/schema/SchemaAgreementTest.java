package io.unboundedcloud.racer.krm.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import io.unboundedcloud.racer.krm.cli.Command;
import io.unboundedcloud.racer.krm.inputs.FunctionConfigKey;
import io.unboundedcloud.racer.workload.Release;
import io.unboundedcloud.racer.workload.settings.Choice;
import io.unboundedcloud.racer.workload.settings.ChoiceOrRange;
import io.unboundedcloud.racer.workload.settings.CrossKeyRule;
import io.unboundedcloud.racer.workload.settings.Finding;
import io.unboundedcloud.racer.workload.settings.IntegerRange;
import io.unboundedcloud.racer.workload.settings.Rule;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * For every rule a schema states, values generated from the rule's edges are accepted by the schema
 * exactly when the function accepts them, checked with a JSON Schema engine of its own
 * (networknt's, draft-07), not the editor's: the two engines and the function agree. What a schema
 * declares it cannot state (rules across keys) is left out, and counted.
 */
@DisplayName("the schemas accept a value exactly when the function does")
class SchemaAgreementTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonSchemaFactory FACTORY =
      JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7);

  private static JsonSchema compiled(EditorSchema schema) {
    try {
      return FACTORY.getSchema(JSON.readTree(schema.text()));
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  private static boolean accepts(JsonSchema schema, Object document) {
    JsonNode tree = JSON.valueToTree(document);
    return schema.validate(tree).isEmpty();
  }

  /** Values at and around the edges of a rule, and words that look like its values. */
  static Set<String> edges(Rule rule) {
    Set<String> values = new LinkedHashSet<>();
    if (rule instanceof IntegerRange range) {
      numbers(range.min(), range.max(), values);
    } else if (rule instanceof ChoiceOrRange choice) {
      numbers(choice.min(), choice.max(), values);
      words(choice.values(), values);
    } else if (rule instanceof Choice choice) {
      words(choice.values(), values);
    } else {
      throw new AssertionError("no edges for " + rule);
    }
    values.addAll(List.of("", " ", "x", "2Gi", "1e3", "-1", "+1", "0x10", "\u0661\u0662", "null"));
    return values;
  }

  private static void numbers(long min, long max, Set<String> values) {
    for (long n : new long[] {min - 1, min, min + 1, max - 1, max}) {
      if (n >= 0) {
        values.add(Long.toString(n));
      }
    }
    if (max < Long.MAX_VALUE) {
      values.add(Long.toString(max + 1));
    } else {
      values.add("9223372036854775808"); // past a long
    }
    values.add("0" + min);
    values.add(min + " ");
    values.add(" " + min);
    values.add("+" + min);
    values.add(min + "Mi");
    values.add(min + ".0");
    values.add("99999999999999999999999");
  }

  private static void words(List<String> words, Set<String> values) {
    for (String word : words) {
      values.add(word);
      values.add(word.toUpperCase(java.util.Locale.ROOT));
      values.add(word + " ");
      values.add(word.substring(0, word.length() - 1));
      values.add(word + word.charAt(word.length() - 1));
    }
  }

  private static Map<String, Object> settings(Map<String, String> data) {
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("apiVersion", "v1");
    document.put("kind", "ConfigMap");
    document.put("metadata", Map.of("name", "racer-settings", "namespace", "racer"));
    document.put("data", data);
    return document;
  }

  /** Whether a finding is a rule across keys: it names another key of a rule {@code key} is in. */
  private static boolean acrossKeys(String key, Finding finding) {
    for (CrossKeyRule rule : CrossKeyRule.values()) {
      List<String> keys = new ArrayList<>(rule.others());
      keys.add(rule.key());
      if (keys.contains(key)
          && keys.stream()
              .anyMatch(other -> !other.equals(key) && finding.message().contains(other))) {
        return true;
      }
    }
    return false;
  }

  @Nested
  @DisplayName("racer-settings")
  class Settings {
    private final JsonSchema schema = compiled(EditorSchema.SETTINGS);

    @Test
    @DisplayName("each catalog key's value, from its rule's edges")
    void values() {
      List<String> disagreements = new ArrayList<>();
      int compared = 0;
      int acrossKeys = 0;
      int accepted = 0;
      for (SettingKey key : SettingsCatalog.keys()) {
        for (String value : edges(key.rule())) {
          List<Finding> findings = SettingsCatalog.validate(Map.of(key.name(), value));
          if (findings.stream().anyMatch(f -> acrossKeys(key.name(), f))) {
            acrossKeys++; // a rule the schema says it cannot state: the function is the judge
            continue;
          }
          boolean function = findings.isEmpty();
          boolean editor = accepts(schema, settings(Map.of(key.name(), value)));
          compared++;
          accepted += function ? 1 : 0;
          if (function != editor) {
            disagreements.add(
                key.name() + ": \"" + value + "\" function " + function + ", schema " + editor);
          }
        }
      }
      assertThat(disagreements).as("values the schema and the function judge apart").isEmpty();
      assertThat(compared).as("values compared").isGreaterThan(600);
      assertThat(accepted)
          .as("values both accept, of %s", compared)
          .isBetween(compared / 10, compared / 2);
      assertThat(acrossKeys).as("values left to the rules across keys").isLessThan(compared / 10);
    }

    @Test
    @DisplayName(
        "keys: catalog keys, near misses, obsolete keys, the user's own, and the ConfigMap key rule's edges")
    void keys() {
      Set<String> keys = new LinkedHashSet<>();
      for (SettingKey key : SettingsCatalog.keys()) {
        keys.add(key.name());
        keys.add(key.name() + "S");
        keys.add(key.name().substring(0, key.name().length() - 1));
        keys.add(key.name().toLowerCase(java.util.Locale.ROOT));
      }
      keys.addAll(SettingsCatalog.obsoleteKeys().keySet());
      keys.addAll(
          List.of(
              "RACER_",
              "RACER",
              "racer_x",
              "MY_KEY",
              "my.key",
              "a-b_c.d",
              ".",
              "..",
              "...",
              "..a",
              ".a",
              "a..",
              "a/b",
              "a b",
              "\u00e4",
              "a".repeat(253),
              "a".repeat(254),
              "RACER_" + "A".repeat(247),
              "RACER_" + "A".repeat(248)));
      List<String> disagreements = new ArrayList<>();
      for (String key : keys) {
        String value = SettingsCatalog.key(key).map(SettingKey::defaultValue).orElse("x");
        value = value == null ? "2" : value;
        boolean function = SettingsCatalog.validate(Map.of(key, value)).isEmpty();
        boolean editor = accepts(schema, settings(Map.of(key, value)));
        if (function != editor) {
          disagreements.add(key + ": function " + function + ", schema " + editor);
        }
      }
      assertThat(disagreements).as("keys the schema and the function judge apart").isEmpty();
    }
  }

  @Nested
  @DisplayName("the function config")
  class FunctionConfig {
    private final JsonSchema schema = compiled(EditorSchema.FUNCTION_CONFIG);

    private static final List<String> REGISTRIES =
        List.of(
            "registry.example.com/racer",
            "registry.example.com/racer/",
            "registry.example.com",
            "localhost:5000",
            "localhost:5000/racer",
            "[::1]:5000",
            "r.io/a__b",
            "r.io/a___b",
            "r.io/a-b",
            "r.io/-a",
            "r.io/a.",
            "UPPER/case",
            "upper.IO/racer",
            "https://r.io/racer",
            "r.io//racer",
            "r.io/racer//",
            "r.io:port",
            "r .io",
            "r.io/ra cer",
            "r.io/racer:1");

    private static final List<String> TAGS =
        List.of(
            Release.RACER_VERSION,
            "v1",
            "_x",
            "-x",
            ".x",
            "A-b_c.D",
            "a".repeat(128),
            "a".repeat(129),
            "a:b",
            "a@b",
            "a b",
            "ä");

    private static final List<String> REFERENCES =
        List.of(
            "r.io/racer/racer-dataplane:1",
            "r.io/racer/racer-dataplane",
            "racer-dataplane:1",
            "r.io/racer/racer-dataplane@sha256:" + "a".repeat(64),
            "r.io/racer/racer-dataplane:1@sha256:" + "a".repeat(64),
            "r.io/racer/racer-dataplane@sha256:" + "a".repeat(31),
            "r.io/racer/racer-dataplane:",
            "UPPER/case:1",
            "https://r.io/racer:1",
            "r.io/Racer:1",
            "r.io/racer:-1",
            " r.io/racer:1");

    /** The function's verdict: its exit code on this config, with no other problem in the run. */
    private static boolean function(Map<String, String> data) {
      StringBuilder yaml =
          new StringBuilder(
              "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n"
                  + "- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: racer-settings,"
                  + " namespace: racer}\nfunctionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n"
                  + "  metadata: {name: racer-function}\n  data:\n");
      try {
        for (Map.Entry<String, String> entry : data.entrySet()) {
          yaml.append("    ")
              .append(entry.getKey())
              .append(": ")
              .append(JSON.writeValueAsString(entry.getValue()))
              .append('\n');
        }
      } catch (java.io.IOException e) {
        throw new AssertionError(e);
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int exit =
          Command.run(
              new String[0],
              new ByteArrayInputStream(yaml.toString().getBytes(StandardCharsets.UTF_8)),
              new PrintStream(out, true, StandardCharsets.UTF_8),
              new PrintStream(err, true, StandardCharsets.UTF_8));
      assertThat(exit).as("exit code of %s: %s", data, err).isIn(0, 1);
      return exit == 0;
    }

    private boolean editor(Map<String, String> data) {
      return accepts(
          schema,
          Map.of(
              "apiVersion",
              "v1",
              "kind",
              "ConfigMap",
              "metadata",
              Map.of("name", "f"),
              "data",
              data));
    }

    private void agree(
        String key, List<String> values, Map<String, String> with, List<String> out) {
      for (String value : values) {
        Map<String, String> data = new LinkedHashMap<>(with);
        data.put(key, value);
        boolean function = function(data);
        boolean editor = editor(data);
        if (function != editor) {
          out.add(key + ": \"" + value + "\" function " + function + ", schema " + editor);
        }
      }
    }

    @Test
    @DisplayName("the image keys, from the image grammar's edges, and strict")
    void values() {
      List<String> disagreements = new ArrayList<>();
      agree(FunctionConfigKey.IMAGE_REGISTRY.key(), REGISTRIES, Map.of(), disagreements);
      agree(
          FunctionConfigKey.IMAGE_TAG.key(),
          TAGS,
          Map.of(FunctionConfigKey.IMAGE_REGISTRY.key(), "registry.example.com/racer"),
          disagreements);
      agree(
          FunctionConfigKey.DATAPLANE_IMAGE.key(),
          REFERENCES,
          Map.of(FunctionConfigKey.OBJECT_IMAGE.key(), "r.io/racer/racer-object:1"),
          disagreements);
      agree(
          FunctionConfigKey.OBJECT_IMAGE.key(),
          REFERENCES,
          Map.of(FunctionConfigKey.DATAPLANE_IMAGE.key(), "r.io/racer/racer-dataplane:1"),
          disagreements);
      agree(
          FunctionConfigKey.STRICT.key(),
          List.of("true", "false", "", "yes", "True", " true", "1"),
          Map.of(FunctionConfigKey.IMAGE_REGISTRY.key(), "registry.example.com/racer"),
          disagreements);
      assertThat(disagreements).as("values the schema and the function judge apart").isEmpty();
    }
  }
}
