package io.unboundedcloud.racer.krm.argocd;

import static io.unboundedcloud.racer.krm.argocd.ArgoCdExample.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.krm.argocd.PluginServer.Generated;
import io.unboundedcloud.racer.krm.parameters.ParameterNames;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Application's parameters on a flat app folder (examples/argocd/app), and the parameters the
 * plugin announces, run as Argo CD's plugin server runs plugin.yaml's commands: uid 999, files
 * 0644, no HOME, the ARGOCD_APP_* variables, ARGOCD_APP_PARAMETERS and the PARAM_* variables. The
 * reference for a parametrized generate is generate on a copy of the folder edited to hold the same
 * values.
 */
@DisplayName("The Argo CD plugin's parameters (examples/argocd/plugin.yaml) on a flat app folder")
class PluginParametersIT {
  private static final Map<String, Object> PLUGIN = ArgoCdExample.plugin();
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Characters that broke parameters elsewhere (argo-cd#8792 lost values with '='). */
  static final String AWKWARD =
      "a=b=c  two  spaces \"double\" 'single' back\\slash\nline two\tü 日本 🚀";

  /**
   * {@link #AWKWARD} as an error message quotes it: quotes, backslashes and controls escaped, the
   * rest as it was.
   */
  static final String AWKWARD_QUOTED =
      "\"a=b=c  two  spaces \\\"double\\\" 'single' back\\\\slash\\nline two\\tü 日本 🚀\"";

  @Nested
  @DisplayName("definition")
  class Definition {
    @Test
    @DisplayName(
        "announces settings (a map) and the function config parameters statically, each with a title and a tooltip")
    void staticParameters() throws Exception {
      List<Map<String, Object>> announced = at(PLUGIN, "spec", "parameters", "static");
      List<String> expected = new ArrayList<>();
      expected.add(ParameterNames.SETTINGS);
      expected.addAll(ParameterNames.FUNCTION_CONFIG);

      assertThat(announced).extracting(p -> p.get("name")).containsExactlyElementsOf(expected);
      assertThat(announced).allSatisfy(p -> assertThat(p).containsKeys("title", "tooltip"));
      assertThat(announced)
          .filteredOn(p -> ParameterNames.SETTINGS.equals(p.get("name")))
          .singleElement()
          .satisfies(p -> assertThat(p).containsEntry("collectionType", "map"));
      AnnouncementSchema.assertValid(JSON.writeValueAsString(announced));
    }

    @Test
    @DisplayName(
        "announces the settings keys dynamically with racer-krm-announce from the image's PATH")
    void dynamicParameters() {
      assertThat(ArgoCdExample.announceCommand(PLUGIN)).containsExactly("racer-krm-announce");
    }

    @Test
    @DisplayName("the schema refuses what Argo CD's type cannot hold: the check can fail")
    void schemaBites() throws Exception {
      assertThat(
              AnnouncementSchema.problems(
                      "[{\"name\":\"a\",\"collectionType\":\"list\",\"map\":{\"k\":1},\"tooltp\":\"x\"},"
                          + "{\"title\":\"no name\"}]")
                  .stream()
                  .map(problem -> problem.substring(0, problem.indexOf(':'))))
          .containsExactlyInAnyOrder("/0", "/0/collectionType", "/0/map/k", "/1");
      assertThat(AnnouncementSchema.problems("{\"name\":\"not an array\"}")).isNotEmpty();
    }
  }

  @Nested
  @TestInstance(TestInstance.Lifecycle.PER_CLASS)
  @DisplayName("generate with the Application's parameters")
  class Generate {
    @BeforeAll
    void needsRoot() {
      skipUnlessThePluginServerRuns();
    }

    @Test
    @DisplayName(
        "string parameters, the settings map and function config parameters reach racer-settings, the DaemonSet and the images, as a folder that holds them")
    void reachTheRender(@TempDir Path root) throws Exception {
      Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
      String parameters =
          """
          [{"name":"RACER_NVIDIA","string":"cdi"},\
          {"name":"settings","map":{"RACER_PEER_PORT":"9300","RACER_HOST_NETWORK":"true"}},\
          {"name":"imageRegistry","string":"mirror.example.com/racer"},\
          {"name":"imageTag","string":"0.19.1"}]""";
      PluginServer server = server(root.resolve("parameters"));
      Generated generated = server.generate(server.receive(ArgoCdExample.app()), parameters);
      PluginServer reference = server(root.resolve("reference"));
      Path edited = reference.receive(ArgoCdExample.app());
      edit(
          edited.resolve("racer-settings.yaml"),
          "RACER_NVIDIA: \"off\"",
          "RACER_NVIDIA: \"cdi\"",
          "RACER_PEER_PORT: \"8082\"",
          "RACER_PEER_PORT: \"9300\"\n  RACER_HOST_NETWORK: \"true\"");
      edit(
          edited.resolve("racer-function.yaml"),
          "imageRegistry: registry.example.com/racer",
          "imageRegistry: mirror.example.com/racer\n  imageTag: \"0.19.1\"");

      assertThat(generated.exitCode()).as("%s", generated).isZero();
      assertThat(generated.stderr()).isEmpty();
      List<Map<String, Object>> objects = LocalKustomize.objects(generated.stdout());
      assertThat(objects)
          .containsExactlyInAnyOrderElementsOf(
              LocalKustomize.objects(reference.generate(edited).stdout()));
      Map<String, Object> settings = find(objects, "ConfigMap", "racer-settings");
      assertThat((Map<String, Object>) at(settings, "data"))
          .containsEntry("RACER_NVIDIA", "cdi")
          .containsEntry("RACER_PEER_PORT", "9300")
          .containsEntry("RACER_HOST_NETWORK", "true");
      Map<String, Object> dataplane = find(objects, "DaemonSet", "racer");
      assertThat((Object) at(dataplane, "spec", "template", "spec", "hostNetwork")).isEqualTo(true);
      assertThat(String.valueOf((Object) at(dataplane, "spec", "template", "spec", "containers")))
          .contains("mirror.example.com/racer/racer-dataplane:0.19.1")
          .contains("mirror.example.com/racer/racer-object:0.19.1")
          .contains(":9300");
    }

    @Test
    @DisplayName(
        "awkward values reach the key's rule byte for byte: generate fails loudly, quoting them")
    void exactValues(@TempDir Path root) throws Exception {
      PluginServer server = server(root);
      Generated generated =
          server.generate(
              server.receive(ArgoCdExample.app()),
              JSON.writeValueAsString(
                  List.of(Map.of("name", "settings", "map", Map.of("RACER_SHARES", AWKWARD)))));

      assertThat(generated.exitCode()).as("%s", generated).isNotZero();
      assertThat(generated.stdout()).isEmpty();
      assertThat(generated.stderr()).contains("RACER_SHARES is " + AWKWARD_QUOTED);
    }

    @Test
    @DisplayName(
        "a folder whose allowedParameters leaves a parameter out: generate fails loudly on it, renders with the one it lists")
    void allowedParameters(@TempDir Path root) throws Exception {
      PluginServer server = server(root);
      Path app = server.receive(ArgoCdExample.app());
      edit(
          app.resolve("racer-function.yaml"),
          "strict: \"true\"",
          "strict: \"true\"\n  allowedParameters: RACER_NVIDIA");

      Generated refused = server.generate(app, "[{\"name\":\"imageTag\",\"string\":\"0.19.1\"}]");
      Generated allowed = server.generate(app, "[{\"name\":\"RACER_NVIDIA\",\"string\":\"cdi\"}]");

      assertThat(refused.exitCode()).as("%s", refused).isNotZero();
      assertThat(refused.stdout()).isEmpty();
      assertThat(refused.stderr())
          .contains(
              "Application parameter imageTag (ARGOCD_APP_PARAMETERS) is not allowed by this"
                  + " folder")
          .contains("allowedParameters: \"RACER_NVIDIA,imageTag\"");
      assertThat(allowed.exitCode()).as("%s", allowed).isZero();
      assertThat(allowed.stdout()).contains("RACER_NVIDIA: cdi");
    }

    @Test
    @DisplayName(
        "an Application that names the plugin and sets no parameter (null) renders as before")
    void noParameters(@TempDir Path root) throws Exception {
      PluginServer server = server(root);
      Path app = server.receive(ArgoCdExample.app());

      Generated none = server.generate(app, "[]");
      Generated nullParameters = server.generate(app);

      assertThat(none.exitCode()).as("%s", none).isZero();
      assertThat(none.stdout()).isEqualTo(nullParameters.stdout());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.argocd.PluginParametersIT#wrongParameters")
    @DisplayName(
        "fails loudly on a wrong parameter: non-zero exit, nothing on stdout, the parameter named on stderr")
    void failsLoudly(String what, String parameters, String reason, @TempDir Path root)
        throws Exception {
      PluginServer server = server(root);

      Generated generated = server.generate(server.receive(ArgoCdExample.app()), parameters);

      assertThat(generated.exitCode()).as("%s", generated).isNotZero();
      assertThat(generated.stdout()).isEmpty();
      assertThat(generated.stderr()).contains(reason);
    }
  }

  static Stream<Arguments> wrongParameters() {
    return Stream.of(
        Arguments.of(
            "a value its key refuses",
            "[{\"name\":\"RACER_PEER_PORT\",\"string\":\"80\"}]",
            "Application parameter RACER_PEER_PORT (ARGOCD_APP_PARAMETERS) (from the Application's"
                + " spec.source.plugin.parameters): RACER_PEER_PORT is \"80\""),
        Arguments.of(
            "an unknown name",
            "[{\"name\":\"RACER_NVIDA\",\"string\":\"cdi\"}]",
            "Application parameter RACER_NVIDA (ARGOCD_APP_PARAMETERS) is unknown"),
        Arguments.of(
            "a key set twice",
            "[{\"name\":\"RACER_NVIDIA\",\"string\":\"cdi\"},"
                + "{\"name\":\"settings\",\"map\":{\"RACER_NVIDIA\":\"off\"}}]",
            "RACER_NVIDIA is set twice by the Application's parameters"),
        Arguments.of(
            "settings as a string",
            "[{\"name\":\"settings\",\"string\":\"RACER_NVIDIA=cdi\"}]",
            "Application parameter settings (ARGOCD_APP_PARAMETERS) is a string"),
        Arguments.of(
            "RACER_NVIDIA as a map",
            "[{\"name\":\"RACER_NVIDIA\",\"map\":{\"a\":\"b\"}}]",
            "Application parameter RACER_NVIDIA (ARGOCD_APP_PARAMETERS) is a map"),
        Arguments.of(
            "a settings key outside the catalog",
            "[{\"name\":\"settings\",\"map\":{\"LD_PRELOAD\":\"/tmp/x.so\"}}]",
            "Application parameter settings (ARGOCD_APP_PARAMETERS) key LD_PRELOAD is not a"
                + " racer-settings key of the catalog"),
        Arguments.of(
            "an image under no registry the folder allows",
            "[{\"name\":\"dataplaneImage\",\"string\":\"evil.example.com/pwn\"}]",
            "Application parameter dataplaneImage (ARGOCD_APP_PARAMETERS) chooses the dataplane"
                + " image evil.example.com/pwn, which lies under none of the registries this folder"
                + " allows"),
        Arguments.of(
            "a registry beside an allowed one at no '/' boundary",
            "[{\"name\":\"imageRegistry\",\"string\":\"mirror.example.com/racerevil\"}]",
            "to allow it, list its registry or repository prefix there, comma-separated:"
                + " allowedRegistries: \"registry.example.com/racer,mirror.example.com/racer,"
                + "mirror.example.com/racerevil\""),
        Arguments.of(
            "a value that is not UTF-8 (U+FFFD, as Argo CD's JSON encoding leaves such bytes)",
            "[{\"name\":\"RACER_NVIDIA\",\"string\":\"cd\uFFFD\"}]",
            "Application parameter RACER_NVIDIA (ARGOCD_APP_PARAMETERS) is not valid UTF-8"),
        Arguments.of(
            "an image that is no image reference",
            "[{\"name\":\"imageRegistry\",\"string\":\"Mirror Example\"}]",
            "Application parameter imageRegistry (ARGOCD_APP_PARAMETERS)"));
  }

  @Nested
  @TestInstance(TestInstance.Lifecycle.PER_CLASS)
  @DisplayName("announcements (parameters.dynamic), valid against Argo CD's ParameterAnnouncement")
  class Announce {
    @BeforeAll
    void needsRoot() {
      skipUnlessThePluginServerRuns();
    }

    @Test
    @DisplayName(
        "one string parameter per catalog key, showing the folder's value before the Application's parameters, else the default")
    void flatApp(@TempDir Path root) throws Exception {
      PluginServer server = server(root);

      Generated announced =
          server.run(
              server.receive(ArgoCdExample.app()),
              ArgoCdExample.announceCommand(PLUGIN),
              "[{\"name\":\"RACER_PEER_PORT\",\"string\":\"9300\"}]");

      assertThat(announced.exitCode()).as("%s", announced).isZero();
      assertThat(announced.stderr()).isEmpty();
      AnnouncementSchema.assertValid(announced.stdout());
      Map<String, Map<String, Object>> byName = byName(announced.stdout());
      assertThat(byName.keySet())
          .containsExactlyElementsOf(
              SettingsCatalog.keys().stream().map(SettingKey::name).toList());
      assertThat(byName.get("RACER_PEER_PORT")).containsEntry("string", "8082");
      assertThat(byName.get("RACER_NVIDIA")).containsEntry("string", "off");
      assertThat(byName.get("RACER_SHARES")).containsEntry("string", "4");
      assertThat(byName.get("RACER_DIAGNOSTICS_PORT")).containsEntry("string", "");
      assertThat(String.valueOf(byName.get("RACER_DIAGNOSTICS_PORT").get("tooltip")))
          .contains("unset: 9090, or 9091 when the peer port is 9090")
          .contains("1024..65535");
      assertThat(byName.values())
          .allSatisfy(
              a ->
                  assertThat(a)
                      .containsEntry("collectionType", "string")
                      .containsEntry("itemType", "string")
                      .containsEntry("required", false));
      assertThat(byName)
          .doesNotContainKeys(SettingsCatalog.obsoleteKeys().keySet().toArray(String[]::new));
    }

    @Test
    @DisplayName(
        "never fails the UI: a folder that does not render still gets the catalog with defaults, exit 0, the reason on stderr")
    void brokenFolder(@TempDir Path root) throws Exception {
      PluginServer server = server(root);
      Path app = server.receive(ArgoCdExample.app());
      Files.writeString(
          app.resolve("racer-settings.yaml"),
          Files.readString(app.resolve("racer-settings.yaml")) + "  RACER_SLAB_BYTES: [\n");

      Generated announced = server.run(app, ArgoCdExample.announceCommand(PLUGIN), null);

      assertThat(announced.exitCode()).as("%s", announced).isZero();
      assertThat(announced.stderr()).contains("racer-settings.yaml");
      AnnouncementSchema.assertValid(announced.stdout());
      Map<String, Map<String, Object>> byName = byName(announced.stdout());
      assertThat(byName).hasSameSizeAs(SettingsCatalog.keys());
      assertThat(byName.get("RACER_PEER_PORT")).containsEntry("string", "8082");
      assertThat(byName.get("RACER_NVIDIA")).containsEntry("string", "env");
    }
  }

  static void skipUnlessThePluginServerRuns() {
    String why = PluginServer.unavailableReason();
    if (why != null) {
      System.out.println("SKIPPED: PluginParametersIT: " + why);
    }
    assumeTrue(why == null, why);
  }

  static Map<String, Map<String, Object>> byName(String json) throws IOException {
    Map<String, Map<String, Object>> byName = new java.util.LinkedHashMap<>();
    for (Object announcement : JSON.readValue(json, List.class)) {
      @SuppressWarnings("unchecked")
      Map<String, Object> map = (Map<String, Object>) announcement;
      byName.put(String.valueOf(map.get("name")), map);
    }
    return byName;
  }

  private static PluginServer server(Path root) throws IOException {
    Files.createDirectories(root);
    return new PluginServer(root, ArgoCdExample.generateCommand(PLUGIN));
  }

  /** Replaces each {@code from} with its {@code to}; each must be in the file. */
  private static void edit(Path file, String... fromTo) throws IOException {
    String text = Files.readString(file);
    for (int i = 0; i < fromTo.length; i += 2) {
      assertThat(text).as("%s", file).contains(fromTo[i]);
      text = text.replace(fromTo[i], fromTo[i + 1]);
    }
    Files.writeString(file, text);
  }

  private static Map<String, Object> find(
      List<Map<String, Object>> objects, String kind, String name) {
    return objects.stream()
        .filter(o -> kind.equals(at(o, "kind")) && name.equals(at(o, "metadata", "name")))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + kind + " " + name));
  }
}
