package io.unboundedcloud.racer.krm.inputs;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.cli.Command;
import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.yaml.snakeyaml.Yaml;

@DisplayName(
    "the typed function config: the ConfigMap's keys as typed fields, read by the one reader")
class TypedFunctionConfigTest {
  private static final String HEAD =
      "apiVersion: fn.racer.unbounded-cloud.io/v1alpha1\nkind: RacerFunctionConfig\n"
          + "metadata: {name: racer-function}\n";

  /** A value of each key's type, in both forms: the typed field's YAML, the ConfigMap's text. */
  private static String[] sample(FunctionConfigKey key) {
    return switch (key.type()) {
      case TEXT -> new String[] {"r.example.com/" + key.key(), "r.example.com/" + key.key()};
      case TRUE_OR_FALSE -> new String[] {"true", "true"};
      case LIST -> new String[] {"[RACER_NVIDIA, imageTag]", "RACER_NVIDIA,imageTag"};
    };
  }

  private static Inputs typed(String fields) {
    return new Inputs(List.of(), ManifestNodes.one(HEAD + fields));
  }

  @Test
  @DisplayName(
      "every key of the table, in either form, reads into the same config and the same map")
  void sameKeys() {
    StringBuilder fields = new StringBuilder();
    StringBuilder data =
        new StringBuilder("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: f}\ndata:\n");
    for (FunctionConfigKey key : FunctionConfigKey.values()) {
      String[] sample = sample(key);
      fields.append(key.key()).append(": ").append(sample[0]).append('\n');
      data.append("  ").append(key.key()).append(": \"").append(sample[1]).append("\"\n");
    }
    Inputs typed = typed(fields.toString());
    Inputs configMap = new Inputs(List.of(), ManifestNodes.one(data.toString()));

    assertThat(typed.functionConfig().results()).isEmpty();
    assertThat(typed.folderFunctionConfig())
        .hasSize(FunctionConfigKey.values().length)
        .isEqualTo(configMap.folderFunctionConfig());
    FunctionConfig a = typed.functionConfig().value();
    FunctionConfig b = configMap.functionConfig().value();
    assertThat(a.strict()).isTrue();
    assertThat(List.of(a.imageRegistry(), a.imageTag(), a.dataplaneImage(), a.objectImage()))
        .isEqualTo(List.of(b.imageRegistry(), b.imageTag(), b.dataplaneImage(), b.objectImage()));
  }

  @Nested
  @DisplayName("a field of the wrong type is an error at the field, naming what to write")
  class WrongType {
    @ParameterizedTest(name = "{0}")
    @CsvSource(
        delimiter = '|',
        value = {
          "strict: \"true\"|strict|takes a boolean",
          "strict: yes|strict|takes a boolean",
          "strict: [true]|strict|a list",
          "allowedRegistries: \"a.io,b.io\"|allowedRegistries|takes a list of strings",
          "allowedRegistries: [a.io, 5]|allowedRegistries[1]|quote the value, \"5\"",
          "allowedRegistries: [\"a.io,b.io\"]|allowedRegistries[0]|holds no ','",
          "imageTag: 1.20|imageTag|quote the value, \"1.20\"",
          "imageTag: {a: b}|imageTag|takes a string",
          "imageRegistry: true|imageRegistry|a boolean"
        })
    void refused(String field, String where, String says) {
      Inputs inputs =
          typed(
              "imageRegistry: r.example.com\n"
                      .replace(
                          field.startsWith("imageRegistry")
                              ? "imageRegistry: r.example.com\n"
                              : "~",
                          "")
                  + field
                  + "\n");
      List<Result> results = inputs.functionConfig().results().list();
      assertThat(results)
          .singleElement()
          .satisfies(
              error -> {
                assertThat(error.severity()).isEqualTo(Severity.ERROR);
                assertThat(error.fieldPath()).isEqualTo(where.replaceAll("\\[\\d+]$", ""));
                assertThat(error.message()).startsWith(where + " is ").contains(says);
              });
    }
  }

  @ParameterizedTest(name = "{0}")
  @DisplayName("the whole message names the value's kind as YAML read it, and its text")
  @CsvSource(
      delimiter = '|',
      value = {
        "imageTag: [a]|imageTag is a list: it takes a string",
        "imageTag: {a: b}|imageTag is a map: it takes a string",
        "imageTag: !!int \"5\"|imageTag is a number \"5\": it takes a string",
        "imageTag: !!bool \"true\"|imageTag is a boolean \"true\": it takes a string",
        "imageTag: 1.20|imageTag is a number \"1.20\", but it takes a string, as the API server"
            + " reads it: quote the value, \"1.20\"",
        "imageTag: on|imageTag is a boolean \"on\", but it takes a string, as the API server"
            + " reads it: quote the value, \"on\"",
        "allowedRegistries: \"a.io\"|allowedRegistries is the string \"a.io\": it takes a list"
            + " of strings (allowedRegistries: [mirror.example.com/racer]); the ConfigMap form's"
            + " comma-separated text is data.allowedRegistries"
      })
  void wholeMessage(String field, String message) {
    List<Result> results =
        typed("imageRegistry: r.example.com\n" + field + "\n").functionConfig().results().list();
    assertThat(results).extracting(Result::message).containsExactly(message);
  }

  @ParameterizedTest(name = "{0}: {1}")
  @DisplayName(
      "an unknown field is the ConfigMap form's result, at the field itself: an error when it is a"
          + " key's typo, else a warning")
  @CsvSource({"imageRegistery, ERROR", "imageRegistry2, ERROR", "notes, WARNING"})
  void unknown(String field, Severity severity) {
    Result typed = typed(field + ": r.example.com\n").functionConfig().results().list().get(0);
    Result configMap =
        new Inputs(
                List.of(),
                ManifestNodes.one(
                    "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: f}\ndata: {"
                        + field
                        + ": r.example.com}\n"))
            .functionConfig()
            .results()
            .list()
            .get(0);

    assertThat(typed.severity()).isEqualTo(severity);
    assertThat(configMap.severity()).isEqualTo(severity);
    assertThat(typed.message()).isEqualTo(configMap.message()).contains(field);
    assertThat(typed.fieldPath()).isEqualTo(field);
    assertThat(configMap.fieldPath()).isEqualTo("data." + field);
  }

  @Test
  @DisplayName("a null field is an omitted one; an empty list is an empty allow-list")
  void nullAndEmpty() {
    Inputs inputs = typed("imageRegistry: r.example.com\nimageTag:\nallowedParameters: []\n");

    assertThat(inputs.functionConfig().results()).isEmpty();
    assertThat(inputs.folderFunctionConfig())
        .containsExactly(
            Map.entry("imageRegistry", "r.example.com"), Map.entry("allowedParameters", ""));
  }

  @Test
  @DisplayName("as the ResourceList's functionConfig, it renders what the ConfigMap form renders")
  void renders() {
    String settings =
        "items:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: racer-settings, namespace: racer}\n"
            + "  data: {RACER_NVIDIA: \"off\"}\n";
    String typed =
        run(
            settings
                + "functionConfig:\n  "
                + (HEAD + "imageRegistry: r.example.com/racer\nstrict: true\n")
                    .replace("\n", "\n  "));
    String configMap =
        run(
            settings
                + "functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: racer-function}\n"
                + "  data: {imageRegistry: r.example.com/racer, strict: \"true\"}\n");
    Map<String, Object> a = new Yaml().load(typed);
    Map<String, Object> b = new Yaml().load(configMap);
    assertThat((List<?>) a.get("items")).hasSize(3).isEqualTo(b.get("items"));
  }

  private static String run(String resourceList) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        Command.run(
            new String[0],
            new ByteArrayInputStream(
                ("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\n" + resourceList)
                    .getBytes(StandardCharsets.UTF_8)),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    assertThat(exit).as("%s", err).isZero();
    return out.toString(StandardCharsets.UTF_8);
  }
}
