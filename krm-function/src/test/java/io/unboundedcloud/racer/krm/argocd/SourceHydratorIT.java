package io.unboundedcloud.racer.krm.argocd;

import static io.unboundedcloud.racer.krm.argocd.ArgoCdExample.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.krm.argocd.PluginServer.Generated;
import io.unboundedcloud.racer.workload.KubernetesSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Argo CD's source hydrator (3.5, beta) with the racer-krm plugin: examples/argocd/hydrator's
 * Application against a JSON schema written from Argo CD's Application type, and what the hydrator
 * asks of a plugin (it commits the plugin's output to Git and compares it with the last commit):
 * the same bytes on every run of every example app, nothing of the sidecar's or the Application's
 * environment in the output, and Argo CD 3's empty {@code ARGOCD_ENV_*} values taken in stride.
 */
@DisplayName("The source hydrator (examples/argocd/hydrator)")
class SourceHydratorIT {
  private static final String SCHEMA =
      "krm-function/src/test/resources/argocd/application-source-hydrator.schema.json";
  private static final Map<String, Object> PLUGIN = ArgoCdExample.plugin();
  private static final ObjectMapper JSON = new ObjectMapper();

  static Map<String, Object> application() {
    return ArgoCdExample.read(ArgoCdExample.dir().resolve("hydrator/application.yaml"));
  }

  /** The dry source's plugin parameters as Argo CD hands them to generate: a JSON array. */
  static String parametersJson() throws Exception {
    return JSON.writeValueAsString(
        (Object) at(application(), "spec", "sourceHydrator", "drySource", "plugin", "parameters"));
  }

  @Nested
  @DisplayName("the Application")
  class TheApplication {
    @BeforeEach
    void validatorInstalled() {
      // without node these are reported skipped (one SKIPPED line), not failed
      KubernetesSchema.requireInstalled();
    }

    @Test
    @DisplayName("is valid for Argo CD's Application type with spec.sourceHydrator")
    void valid() {
      KubernetesSchema.assertMatchesJsonSchema(SCHEMA, List.of(application()));
    }

    @Test
    @DisplayName(
        "the schema bites: the repository root as syncSource path, a typo, a parameter without a name")
    void schemaBites() {
      for (Object root : List.of(".", "/", "./", "")) {
        Map<String, Object> atRoot =
            edited("syncSource", Map.of("targetBranch", "b", "path", root));
        assertThatThrownBy(() -> KubernetesSchema.assertMatchesJsonSchema(SCHEMA, List.of(atRoot)))
            .as("syncSource.path %s", root)
            .hasMessageContaining("/spec/sourceHydrator/syncSource/path");
      }
      Map<String, Object> typo = edited("syncSorce", Map.of("targetBranch", "b", "path", "p"));
      assertThatThrownBy(() -> KubernetesSchema.assertMatchesJsonSchema(SCHEMA, List.of(typo)))
          .hasMessageContaining("/spec/sourceHydrator");
      Map<String, Object> dry =
          new LinkedHashMap<>(at(application(), "spec", "sourceHydrator", "drySource"));
      dry.put("plugin", Map.of("name", "racer-krm", "parameters", List.of(Map.of("string", "x"))));
      Map<String, Object> nameless = edited("drySource", dry);
      assertThatThrownBy(() -> KubernetesSchema.assertMatchesJsonSchema(SCHEMA, List.of(nameless)))
          .hasMessageContaining("/spec/sourceHydrator/drySource/plugin/parameters/0");
    }

    @Test
    @DisplayName(
        "names the racer-krm plugin on the flat app folder, and commits to a folder of its own")
    void pointsAtTheApp() {
      Map<String, Object> hydrator = at(application(), "spec", "sourceHydrator");
      String dryPath = at(hydrator, "drySource", "path");
      String syncPath = at(hydrator, "syncSource", "path");

      assertThat((Object) at(hydrator, "drySource", "plugin", "name"))
          .isEqualTo(ArgoCdExample.applicationPluginName(PLUGIN));
      assertThat(ArgoCdExample.repositoryRoot().resolve(dryPath)).isEqualTo(ArgoCdExample.app());
      assertThat(syncPath)
          .as("the hydrator replaces what syncSource.path holds: never the root or the dry source")
          .isNotIn("", ".", "/", "./")
          .isNotEqualTo(dryPath)
          .doesNotStartWith(dryPath + "/")
          .doesNotStartWith("/");
      assertThat((Object) at(application(), "spec", "destination", "namespace"))
          .isEqualTo(
              at(
                  ArgoCdExample.read(ArgoCdExample.app().resolve("racer-settings.yaml")),
                  "metadata",
                  "namespace"));
    }

    private Map<String, Object> edited(String key, Object value) {
      Map<String, Object> application = application();
      Map<String, Object> hydrator = new LinkedHashMap<>(at(application, "spec", "sourceHydrator"));
      hydrator.put(key, value);
      Map<String, Object> spec = new LinkedHashMap<>(at(application, "spec"));
      spec.put("sourceHydrator", hydrator);
      Map<String, Object> copy = new LinkedHashMap<>(application);
      copy.put("spec", spec);
      return copy;
    }
  }

  @Nested
  @TestInstance(TestInstance.Lifecycle.PER_CLASS)
  @DisplayName("what the hydrator asks of the plugin, run as Argo CD's plugin server runs it")
  class Hydrates {
    private LocalKustomize kustomize;

    @BeforeAll
    void needsTheSimulation() {
      String why = LocalKustomize.unavailableReason();
      if (why != null) {
        System.out.println("SKIPPED: SourceHydratorIT, the plugin runs: " + why);
      }
      assumeTrue(why == null, why);
      kustomize = LocalKustomize.find();
    }

    /** Each example app: its folder in the repository, and the parameters its Application sets. */
    Stream<Arguments> exampleApps() throws Exception {
      return Stream.of(
          Arguments.of("app (application.yaml)", "examples/argocd/app", null),
          Arguments.of(
              "app with the hydrator's parameters", "examples/argocd/app", parametersJson()),
          Arguments.of(
              "overlay-app/overlays/east (application-overlay.yaml)",
              "examples/argocd/overlay-app/overlays/east",
              null),
          Arguments.of(
              "overlay-app/overlays/west", "examples/argocd/overlay-app/overlays/west", null),
          Arguments.of(
              "overlay-app/base with a cluster's parameters (applicationset.yaml)",
              "examples/argocd/overlay-app/base",
              "[{\"name\":\"RACER_NVIDIA\",\"string\":\"cdi\"},"
                  + "{\"name\":\"imageRegistry\",\"string\":\"mirror.example.com/racer\"}]"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("exampleApps")
    @DisplayName("two generates of each example app give the same bytes")
    void sameBytes(String name, String sourcePath, String parameters, @TempDir Path root)
        throws Exception {
      Generated first = generate(root, "first", sourcePath, parameters, Map.of());
      Generated second = generate(root, "second", sourcePath, parameters, Map.of());

      assertThat(first.exitCode()).as("%s", first).isZero();
      assertThat(first.stdout()).contains("kind: DaemonSet");
      assertThat(second.stdout()).isEqualTo(first.stdout());
    }

    @Test
    @DisplayName(
        "the hydrator's dry source renders with the Application's parameters: NVIDIA cdi, peer port 9300")
    void withTheParameters(@TempDir Path root) throws Exception {
      Generated generated =
          generate(root, "server", "examples/argocd/app", parametersJson(), Map.of());

      assertThat(generated.exitCode()).as("%s", generated).isZero();
      assertThat(generated.stderr()).isEmpty();
      Map<String, Object> settings =
          LocalKustomize.objects(generated.stdout()).stream()
              .filter(o -> "ConfigMap".equals(at(o, "kind")))
              .findFirst()
              .orElseThrow();
      assertThat((Map<String, Object>) at(settings, "data"))
          .containsEntry("RACER_NVIDIA", "cdi")
          .containsEntry("RACER_PEER_PORT", "9300");
    }

    @Test
    @DisplayName(
        "nothing of the environment reaches the output: no Secret, no value of an ARGOCD_ENV_ variable")
    void noSecrets(@TempDir Path root) throws Exception {
      String sentinel = "sentinel-credential-5f1e";
      Generated generated =
          generate(
              root,
              "server",
              "examples/argocd/overlay-app/overlays/east",
              parametersJson(),
              Map.of("ARGOCD_ENV_REGISTRY_TOKEN", sentinel));

      assertThat(generated.exitCode()).as("%s", generated).isZero();
      assertThat(generated.stdout()).doesNotContain(sentinel);
      assertThat(LocalKustomize.objects(generated.stdout()))
          .noneMatch(object -> "Secret".equals(at(object, "kind")));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"examples/argocd/app", "examples/argocd/overlay-app/overlays/east"})
    @DisplayName(
        "empty ARGOCD_ENV_ values, as Argo CD 3 passes them, change nothing: the same bytes as without")
    void emptyEnvironmentValues(String sourcePath, @TempDir Path root) throws Exception {
      Map<String, String> empty = Map.of("ARGOCD_ENV_RACER_NOTE", "", "ARGOCD_ENV_EMPTY", "");
      Generated without = generate(root, "without", sourcePath, null, Map.of());
      Generated with = generate(root, "with", sourcePath, null, empty);

      assertThat(with.exitCode()).as("%s", with).isZero();
      assertThat(with.stderr()).isEqualTo(without.stderr());
      assertThat(with.stdout()).isEqualTo(without.stdout()).contains("kind: DaemonSet");
    }

    /**
     * generate in {@code sourcePath} of a fresh checkout in the folder {@code name} of {@code temp}
     * (a test's own folder, opened for uid 999).
     */
    private Generated generate(
        Path temp,
        String name,
        String sourcePath,
        String parameters,
        Map<String, String> environment)
        throws Exception {
      Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxr-xr-x"));
      Path root = Files.createDirectories(temp.resolve(name));
      Path tools = kustomize.toolFolder(root);
      PluginServer server =
          new PluginServer(root, ArgoCdExample.generateCommand(PLUGIN), List.of(tools));
      String app =
          sourcePath.startsWith("examples/argocd/overlay-app")
              ? "examples/argocd/overlay-app"
              : sourcePath;
      Path checkout = server.receive(ArgoCdExample.repositoryRoot().resolve(app), app);
      Path folder = checkout.resolve(Path.of(app).relativize(Path.of(sourcePath)).toString());
      return server.run(folder, ArgoCdExample.generateCommand(PLUGIN), parameters, environment);
    }
  }
}
