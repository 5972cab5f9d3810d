package io.unboundedcloud.racer.krm.argocd;

import static io.unboundedcloud.racer.krm.argocd.ArgoCdExample.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.unboundedcloud.racer.krm.argocd.PluginServer.Generated;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
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
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

@DisplayName("The Argo CD config management plugin (examples/argocd/plugin.yaml)")
class ConfigManagementPluginIT {
  private static final Map<String, Object> PLUGIN = ArgoCdExample.plugin();

  @Nested
  @DisplayName("definition")
  class Definition {

    @Test
    @DisplayName(
        "is a ConfigManagementPlugin named racer-krm, without spec.version, that the example Application names")
    void namedByTheApplication() {
      Map<String, Object> application = ArgoCdExample.application();

      assertThat((Object) at(PLUGIN, "apiVersion")).isEqualTo("argoproj.io/v1alpha1");
      assertThat((Object) at(PLUGIN, "kind")).isEqualTo("ConfigManagementPlugin");
      assertThat((Object) at(PLUGIN, "metadata", "name")).isEqualTo("racer-krm");
      assertThat((Object) at(PLUGIN, "spec", "version"))
          .as(
              "spec.version renames the plugin to name-version, and Argo CD means to drop it (argo-cd#16178)")
          .isNull();
      assertThat((Object) at(application, "spec", "source", "plugin", "name"))
          .isEqualTo(ArgoCdExample.applicationPluginName(PLUGIN));
    }

    @Test
    @DisplayName(
        "runs racer-krm-generate from the image's PATH: no shell line, no pipe that could hide a failure")
    void generateIsTheScript() throws IOException {
      assertThat(ArgoCdExample.generateCommand(PLUGIN)).containsExactly("racer-krm-generate");
      String script =
          Files.readString(
              ArgoCdExample.repositoryRoot()
                  .resolve("krm-function/src/main/runtime/racer-krm-generate"));
      assertThat(script.lines().findFirst()).hasValue("#!/bin/bash");
      assertThat(script)
          .as("the script fails on any failed command, unset variable or failed pipe stage")
          .contains("\nset -eu -o pipefail\n");
    }

    @Test
    @DisplayName(
        "the example Application deploys the app folder into the namespace of its racer-settings, with prune")
    void applicationMatchesTheApp() {
      Map<String, Object> application = ArgoCdExample.application();
      Path appFolder =
          ArgoCdExample.repositoryRoot()
              .resolve(String.valueOf((Object) at(application, "spec", "source", "path")));
      Map<String, Object> settings = ArgoCdExample.read(appFolder.resolve("racer-settings.yaml"));

      assertThat(appFolder).isEqualTo(ArgoCdExample.app());
      assertThat((Object) at(application, "spec", "destination", "namespace"))
          .isEqualTo(at(settings, "metadata", "namespace"));
      assertThat((Object) at(application, "spec", "syncPolicy", "automated", "prune"))
          .isEqualTo(true);
    }
  }

  @Nested
  @TestInstance(TestInstance.Lifecycle.PER_CLASS)
  @DisplayName(
      "generate on a flat app folder, run as Argo CD's plugin server runs it (uid 999, files 0644, no HOME)")
  class Generate {

    @BeforeAll
    void needsRoot() {
      String why = PluginServer.unavailableReason();
      if (why != null) {
        System.out.println("SKIPPED: " + why);
      }
      assumeTrue(why == null, why);
    }

    @Test
    @DisplayName(
        "prints only manifests: the settings, the racer ServiceAccount and DaemonSet, the origin with the dataplane's placement")
    void rendersTheApp(@TempDir Path root) throws Exception {
      PluginServer server = new PluginServer(root, ArgoCdExample.generateCommand(PLUGIN));

      Generated generated = server.generate(server.receive(ArgoCdExample.app()));

      assertThat(generated.exitCode()).as("%s", generated).isZero();
      assertThat(generated.stderr()).as("the example renders without warnings").isEmpty();
      List<Map<String, Object>> manifests = manifests(generated.stdout());
      assertThat(manifests)
          .map(ConfigManagementPluginIT::identity)
          .containsExactlyInAnyOrder(
              "v1 ConfigMap racer/racer-settings",
              "v1 ServiceAccount racer/racer",
              "apps/v1 DaemonSet racer/racer",
              "apps/v1 DaemonSet racer/models-origin");
      Map<String, Object> dataplane = find(manifests, "racer", "DaemonSet");
      Map<String, Object> origin = find(manifests, "models-origin", "DaemonSet");
      assertThat(
              String.valueOf(
                  ((List<?>) at(dataplane, "spec", "template", "spec", "containers"))
                      .stream().map(container -> at(container, "image")).toList()))
          .as("the images come from the function config in racer-function.yaml")
          .contains("registry.example.com/racer/racer-dataplane:");
      assertThat((Object) at(dataplane, "spec", "template", "spec", "affinity", "nodeAffinity"))
          .isNotNull();
      for (String[] field :
          List.of(
              new String[] {"affinity", "nodeAffinity"},
              new String[] {"nodeSelector"},
              new String[] {"tolerations"})) {
        assertThat((Object) at(at(origin, "spec", "template", "spec"), field))
            .as("the origin's %s", String.join(".", field))
            .isEqualTo(at(at(dataplane, "spec", "template", "spec"), field));
      }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.argocd.ConfigManagementPluginIT#brokenSettings")
    @DisplayName(
        "fails loudly on broken settings: non-zero exit, nothing on stdout, the reason on stderr")
    void failsLoudly(String broken, UnaryOperator<String> edit, String reason, @TempDir Path root)
        throws Exception {
      PluginServer server = new PluginServer(root, ArgoCdExample.generateCommand(PLUGIN));
      Path app = server.receive(ArgoCdExample.app());
      Path settings = app.resolve("racer-settings.yaml");
      String original = Files.readString(settings);
      String changed = edit.apply(original);
      assertThat(changed).as("the edit applies to the example's settings").isNotEqualTo(original);
      Files.writeString(settings, changed);

      Generated generated = server.generate(app);

      assertThat(generated.exitCode()).as("%s", generated).isNotZero();
      assertThat(generated.stdout()).as("stdout of a failed generate").isEmpty();
      assertThat(generated.stderr()).as("Argo CD shows stderr as the reason").contains(reason);
    }
  }

  static Stream<Arguments> brokenSettings() {
    return Stream.of(
        Arguments.of(
            "a peer port below 1024",
            (UnaryOperator<String>)
                s -> s.replace("RACER_PEER_PORT: \"8082\"", "RACER_PEER_PORT: \"80\""),
            "RACER_PEER_PORT is \"80\""),
        Arguments.of(
            "a key the dataplane refuses to start with",
            (UnaryOperator<String>) s -> s + "  RACER_RAILS: \"2\"\n",
            "RACER_RAILS"),
        Arguments.of(
            "a settings file that is not YAML",
            (UnaryOperator<String>) s -> s + "  RACER_SLAB_BYTES: [\n",
            "racer-settings.yaml"));
  }

  @Nested
  @DisplayName("discover (for Applications that name no plugin)")
  class Discover {
    private final Discovery discovery = new Discovery(PLUGIN);

    @Test
    @DisplayName("claims a folder with racer-settings.yaml at its root: the example app")
    void claimsTheApp() {
      assertThat((Object) at(PLUGIN, "spec", "discover", "fileName"))
          .isEqualTo("racer-settings.yaml");
      assertThat(discovery.claims(ArgoCdExample.app())).isTrue();
    }

    @Test
    @DisplayName(
        "never claims a parent of an app, nor a folder Argo CD would build with kustomize or Helm")
    void leavesOtherFoldersAlone() throws IOException {
      Path repository = ArgoCdExample.repositoryRoot();
      for (String folder :
          List.of(
              "",
              "examples",
              "examples/argocd",
              "examples/kustomize/base",
              "examples/kustomize/overlay",
              "charts/racer")) {
        assertThat(discovery.claims(repository.resolve(folder)))
            .as("claims '%s'", folder)
            .isFalse();
      }
      List<Path> claimedBuilds = new ArrayList<>();
      Files.walkFileTree(
          repository,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path folder, BasicFileAttributes attributes) {
              if (Set.of(".git", "target", "node_modules")
                  .contains(folder.getFileName().toString())) {
                return FileVisitResult.SKIP_SUBTREE;
              }
              if (discovery.claims(folder)
                  && Stream.of(
                          "kustomization.yaml", "kustomization.yml", "Kustomization", "Chart.yaml")
                      .anyMatch(build -> Files.exists(folder.resolve(build)))) {
                claimedBuilds.add(folder);
              }
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
              return FileVisitResult
                  .CONTINUE; // other builds may delete their output while this walks
            }
          });
      assertThat(claimedBuilds)
          .as("folders holding a kustomization or a chart, taken from kustomize or Helm")
          .isEmpty();
    }

    @Test
    @DisplayName(
        "looks at the app folder's root only, where a find.glob of **/racer-settings.yaml would take every parent")
    void rootOnly(@TempDir Path repository) throws IOException {
      Path app = Files.createDirectories(repository.resolve("clusters/prod/racer"));
      Files.copy(
          ArgoCdExample.app().resolve("racer-settings.yaml"), app.resolve("racer-settings.yaml"));
      Discovery anywhere =
          new Discovery(
              Map.of(
                  "spec",
                  Map.of("discover", Map.of("find", Map.of("glob", "**/racer-settings.yaml")))));

      assertThat(discovery.claims(app)).isTrue();
      assertThat(discovery.claims(repository.resolve("clusters/prod"))).isFalse();
      assertThat(discovery.claims(repository)).isFalse();
      assertThat(anywhere.claims(app)).isTrue();
      assertThat(anywhere.claims(repository.resolve("clusters/prod"))).isTrue();
      assertThat(anywhere.claims(repository)).isTrue();
    }
  }

  /**
   * Parses stdout as Argo CD does: a YAML stream, each document a Kubernetes object, empty
   * documents skipped.
   */
  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> manifests(String stdout) {
    List<Map<String, Object>> manifests = new ArrayList<>();
    for (Object document : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(stdout)) {
      if (document == null) {
        continue;
      }
      assertThat(document)
          .as("a document on stdout that is not an object:%n%s", document)
          .isInstanceOf(Map.class);
      Map<String, Object> object = (Map<String, Object>) document;
      assertThat(object)
          .as("a document on stdout that is not a Kubernetes object:%n%s", object)
          .containsKeys("apiVersion", "kind", "metadata");
      assertThat((Object) at(object, "metadata", "name"))
          .as("metadata.name of %s", object)
          .isInstanceOf(String.class);
      manifests.add(object);
    }
    return manifests;
  }

  private static String identity(Map<String, Object> object) {
    return at(object, "apiVersion")
        + " "
        + at(object, "kind")
        + " "
        + at(object, "metadata", "namespace")
        + "/"
        + at(object, "metadata", "name");
  }

  private static Map<String, Object> find(
      List<Map<String, Object>> manifests, String name, String kind) {
    return manifests.stream()
        .filter(
            object ->
                kind.equals(at(object, "kind")) && name.equals(at(object, "metadata", "name")))
        .findFirst()
        .orElseThrow();
  }
}
