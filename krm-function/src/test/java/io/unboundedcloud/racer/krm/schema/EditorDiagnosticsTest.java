package io.unboundedcloud.racer.krm.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.schema.LanguageServer.Answer;
import io.unboundedcloud.racer.krm.schema.LanguageServer.Completion;
import io.unboundedcloud.racer.krm.schema.LanguageServer.Diagnostic;
import io.unboundedcloud.racer.krm.schema.LanguageServer.Place;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.Yaml;

/**
 * The schemas as an editor applies them: the YAML language server ({@link LanguageServer}) checks
 * the examples and the README's files with the schema each names in its modeline, marks each
 * planted mistake once at its line, and completes racer-settings keys from the catalog.
 */
@DisplayName("the schemas in an editor's YAML language server")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EditorDiagnosticsTest {
  private static final Pattern MODELINE =
      Pattern.compile("(?m)^# yaml-language-server: \\$schema=(\\S+)$");
  private static final String PLANT = "PLANT";

  /** A document with a line to plant a mistake in, and the schema it is checked with. */
  enum Base {
    SETTINGS(
        EditorSchema.SETTINGS,
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: racer-settings
          namespace: racer
        data:
          RACER_CONTROL_SEATS: "3"
          PLANT
          MY_OWN_KEY: "anything"
        """),
    FUNCTION_CONFIG(
        EditorSchema.FUNCTION_CONFIG,
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: racer-function
        data:
          imageRegistry: registry.example.com/racer
          PLANT
        """),
    TYPED_FUNCTION_CONFIG(
        EditorSchema.FUNCTION_CONFIG,
        """
        apiVersion: fn.racer.unbounded-cloud.io/v1alpha1
        kind: RacerFunctionConfig
        metadata:
          name: racer-function
        imageRegistry: registry.example.com/racer
        PLANT
        """),
    APPLICATION(
        EditorSchema.PARAMETERS,
        """
        apiVersion: argoproj.io/v1alpha1
        kind: Application
        metadata:
          name: racer
        spec:
          source:
            repoURL: https://example.com/repo.git
            path: app
            plugin:
              name: racer-krm
              parameters:
              - name: imageTag
                string: "0.19.0"
              PLANT
          destination:
            namespace: racer
        """),
    OTHER_PLUGIN(
        EditorSchema.PARAMETERS,
        """
        apiVersion: argoproj.io/v1alpha1
        kind: Application
        metadata:
          name: other
        spec:
          sources:
          - repoURL: https://example.com/repo.git
            plugin:
              name: someone-else
              parameters:
              PLANT
        """),
    APPLICATION_SET(
        EditorSchema.PARAMETERS,
        """
        apiVersion: argoproj.io/v1alpha1
        kind: ApplicationSet
        metadata:
          name: racer
        spec:
          generators: []
          template:
            metadata:
              name: 'racer-{{ .name }}'
            spec:
              source:
                plugin:
                  name: racer-krm
                  parameters:
                  PLANT
        """);

    final EditorSchema schema;
    final String text;

    Base(EditorSchema schema, String text) {
      this.schema = schema;
      this.text = text;
    }

    /** Its text with {@code line} planted, under a modeline naming the committed schema. */
    String with(String line) {
      Path schemaFile = SchemaFiles.FOLDER.resolve(schema.file()).toAbsolutePath().normalize();
      return "# yaml-language-server: $schema="
          + schemaFile.toUri()
          + "\n"
          + text.replace(PLANT, line);
    }

    /** The line (from 0) the planted line is on, the modeline being line 0. */
    int plantedLine() {
      return 1
          + (int) text.substring(0, text.indexOf(PLANT)).chars().filter(c -> c == '\n').count();
    }
  }

  /** A planted line, and what its one diagnostic says; null when it should get none. */
  record Planted(String what, Base base, String line, String says) {
    @Override
    public String toString() {
      return what + ": " + line;
    }
  }

  static List<Planted> planted() {
    return List.of(
        new Planted(
            "an unknown RACER_* key",
            Base.SETTINGS,
            "RACER_NVIDA: \"off\"",
            "RACER_NVIDA is not allowed"),
        new Planted(
            "a wrong choice", Base.SETTINGS, "RACER_NVIDIA: \"of\"", "\"off\", \"env\", \"cdi\""),
        new Planted(
            "a bad byte count",
            Base.SETTINGS,
            "RACER_SLAB_BYTES: 2Gi",
            "RACER_SLAB_BYTES must be a positive integer, written as plain decimal digits"),
        new Planted("a port out of range", Base.SETTINGS, "RACER_PEER_PORT: \"80\"", "1024..65535"),
        new Planted(
            "an unquoted number", Base.SETTINGS, "RACER_PEER_PORT: 9100", "Expected \"string\""),
        new Planted(
            "an unquoted number in a key of your own",
            Base.SETTINGS,
            "MY_PORT: 9100",
            "Expected \"string\""),
        new Planted(
            "a key the function refuses", Base.SETTINGS, "..data: \"x\"", "not a ConfigMap key"),
        new Planted(
            "an obsolete key", Base.SETTINGS, "RACER_RAILS: \"0\"", "RACER_RAILS is obsolete"),
        new Planted("a key of your own", Base.SETTINGS, "TEAM_NOTE: \"cache for models\"", null),
        new Planted(
            "a function config typo",
            Base.FUNCTION_CONFIG,
            "imageRegistery: mirror.example.com",
            "imageRegistery is not allowed"),
        new Planted(
            "strict, not true or false",
            Base.FUNCTION_CONFIG,
            "strict: \"yes\"",
            "\"true\", \"false\""),
        new Planted("strict unquoted", Base.FUNCTION_CONFIG, "strict: true", "\"true\", \"false\""),
        new Planted(
            "an unquoted off, a boolean to Kubernetes",
            Base.SETTINGS,
            "RACER_NVIDIA: off",
            "\"off\", \"env\", \"cdi\""),
        new Planted(
            "a bad image",
            Base.FUNCTION_CONFIG,
            "dataplaneImage: \"UPPER/case:1\"",
            "dataplaneImage must be a whole image reference"),
        new Planted(
            "a comma-separated list",
            Base.FUNCTION_CONFIG,
            "allowedRegistries: \"a.example.com,b.example.com\"",
            null),
        new Planted(
            "strict as a string in the typed kind",
            Base.TYPED_FUNCTION_CONFIG,
            "strict: \"true\"",
            "Expected \"boolean\""),
        new Planted(
            "a list as text in the typed kind",
            Base.TYPED_FUNCTION_CONFIG,
            "allowedRegistries: \"a,b\"",
            "Expected \"array\""),
        new Planted(
            "a typo in the typed kind",
            Base.TYPED_FUNCTION_CONFIG,
            "imageRegistery: x",
            "imageRegistery is not allowed"),
        new Planted(
            "the typed kind's list",
            Base.TYPED_FUNCTION_CONFIG,
            "allowedRegistries: [a.example.com, b.example.com]",
            null),
        new Planted(
            "an unknown parameter",
            Base.APPLICATION,
            "- {name: RACER_NVIDA, string: \"off\"}",
            "RACER_NVIDIA"),
        new Planted(
            "a wrong choice in a parameter",
            Base.APPLICATION,
            "- {name: RACER_NVIDIA, string: \"of\"}",
            "\"off\", \"env\", \"cdi\""),
        new Planted(
            "a port out of range in a parameter",
            Base.APPLICATION,
            "- {name: RACER_PEER_PORT, string: \"80\"}",
            "1024..65535"),
        new Planted(
            "an unknown key in settings",
            Base.APPLICATION,
            "- {name: settings, map: {RACER_NVIDA: \"off\"}}",
            "RACER_NVIDA is not allowed"),
        new Planted(
            "a blank image parameter",
            Base.APPLICATION,
            "- {name: imageRegistry, string: \" \"}",
            "blank is refused"),
        new Planted(
            "a good parameter", Base.APPLICATION, "- {name: RACER_NVIDIA, string: \"cdi\"}", null),
        new Planted(
            "another plugin's parameter",
            Base.OTHER_PLUGIN,
            "- {name: anything, string: \"x\"}",
            null),
        new Planted(
            "a template in an ApplicationSet",
            Base.APPLICATION_SET,
            "- {name: RACER_NVIDIA, string: '{{ .metadata.labels.nvidia }}'}",
            null),
        new Planted(
            "a wrong choice in an ApplicationSet",
            Base.APPLICATION_SET,
            "- {name: RACER_NVIDIA, string: \"of\"}",
            "\"off\", \"env\", \"cdi\""));
  }

  private Answer answer;
  private final Map<Planted, Path> plantedFiles = new LinkedHashMap<>();
  private List<Path> modelined;
  private Path completionFile;

  @BeforeAll
  void ask(@TempDir Path temp) throws IOException, InterruptedException {
    List<Path> files = new ArrayList<>();
    int n = 0;
    for (Planted each : planted()) {
      Path file = temp.resolve("planted-" + n++ + ".yaml");
      Files.writeString(file, each.base().with(each.line()), StandardCharsets.UTF_8);
      plantedFiles.put(each, file);
      files.add(file);
    }
    modelined = withModeline();
    files.addAll(modelined);
    completionFile = temp.resolve("complete.yaml");
    Files.writeString(completionFile, Base.SETTINGS.with("RACER_"), StandardCharsets.UTF_8);
    answer =
        LanguageServer.ask(
            files,
            List.of(new Place(completionFile, Base.SETTINGS.plantedLine(), "  RACER_".length())));
  }

  /** Every example file, and every file the README names, that has a modeline. */
  static List<Path> withModeline() throws IOException {
    List<Path> files = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(SchemaFiles.ROOT.resolve("examples"))) {
      walk.filter(p -> p.toString().endsWith(".yaml")).sorted().forEach(files::add);
    }
    String readme = Files.readString(SchemaFiles.ROOT.resolve("README.md"));
    Matcher named = Pattern.compile("examples/[-\\w/]+\\.yaml").matcher(readme);
    while (named.find()) {
      Path file = SchemaFiles.ROOT.resolve(named.group());
      if (!files.contains(file)) {
        files.add(file);
      }
    }
    List<Path> out = new ArrayList<>();
    for (Path file : files) {
      if (MODELINE.matcher(Files.readString(file)).find()) {
        out.add(file);
      }
    }
    return out;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("planted")
  @DisplayName("a planted line gets one diagnostic at its line, or none when it is right")
  void planted(Planted each) {
    List<Diagnostic> found = answer.diagnostics().get(plantedFiles.get(each));
    if (each.says() == null) {
      assertThat(found).as(each.toString()).isEmpty();
    } else {
      assertThat(found).as(each.toString()).hasSize(1);
      assertThat(found.get(0).line()).as("line of %s", each).isEqualTo(each.base().plantedLine());
      assertThat(found.get(0).message()).as(each.toString()).contains(each.says());
    }
  }

  @Nested
  @DisplayName("the files users copy")
  class Files_ {
    @Test
    @DisplayName(
        "every example with a modeline, and every file the README names, gets no diagnostic")
    void clean() {
      assertThat(modelined).as("files with a modeline").hasSizeGreaterThanOrEqualTo(14);
      for (Path file : modelined) {
        assertThat(answer.diagnostics().get(file)).as("diagnostics of %s", file).isEmpty();
      }
    }

    @Test
    @DisplayName(
        "every example file that is racer-settings, a function config or an Application of the plugin names its schema")
    void named() throws IOException {
      List<Path> examples;
      try (Stream<Path> walk = Files.walk(SchemaFiles.ROOT.resolve("examples"))) {
        examples = walk.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
      }
      int checked = 0;
      for (Path file : examples) {
        String text = Files.readString(file);
        List<Object> documents = new ArrayList<>();
        new Yaml().loadAll(text).forEach(documents::add);
        if (documents.size() != 1 || !(documents.get(0) instanceof Map<?, ?> object)) {
          continue;
        }
        EditorSchema expected = schemaOf(object, text);
        if (expected == null) {
          continue;
        }
        checked++;
        Matcher modeline = MODELINE.matcher(text);
        assertThat(modeline.find()).as("%s has a modeline", file).isTrue();
        assertThat(file.getParent().resolve(modeline.group(1)).normalize())
            .as("the schema %s names", file)
            .isEqualTo(SchemaFiles.FOLDER.resolve(expected.file()).normalize());
      }
      assertThat(checked).as("example files that should name a schema").isGreaterThanOrEqualTo(14);
    }

    /** The schema a document should name, or null. */
    private EditorSchema schemaOf(Map<?, ?> object, String text) {
      Object kind = object.get("kind");
      Object metadata = object.get("metadata");
      Object name = metadata instanceof Map<?, ?> m ? m.get("name") : null;
      if ("ConfigMap".equals(kind) && "racer-settings".equals(name)) {
        return EditorSchema.SETTINGS;
      }
      if ("RacerFunctionConfig".equals(kind)
          || "ConfigMap".equals(kind) && text.contains("config.kubernetes.io/function")) {
        return EditorSchema.FUNCTION_CONFIG;
      }
      if (("Application".equals(kind) || "ApplicationSet".equals(kind))
          && text.contains("name: racer-krm")) {
        return EditorSchema.PARAMETERS;
      }
      return null;
    }
  }

  @Test
  @DisplayName("completion under data offers every catalog key not set yet, with its description")
  void completion() {
    List<Completion> offered = answer.completions().get(0);
    for (SettingKey key : SettingsCatalog.keys()) {
      if (Base.SETTINGS.text.contains(key.name() + ":")) {
        assertThat(offered)
            .as("a key set already")
            .noneMatch(item -> item.label().equals(key.name()));
        continue;
      }
      assertThat(offered)
          .as("completion of %s", key.name())
          .anySatisfy(
              item -> {
                assertThat(item.label()).isEqualTo(key.name());
                assertThat(item.documentation()).contains(key.description());
              });
    }
  }
}
