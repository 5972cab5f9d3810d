package io.unboundedcloud.racer.krm.argocd;

import static io.unboundedcloud.racer.krm.argocd.ArgoCdExample.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.unboundedcloud.racer.krm.argocd.PluginServer.Generated;
import io.unboundedcloud.racer.krm.toolchain.Kubectl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The plugin on a kustomize overlay app (examples/argocd/overlay-app: a base and the overlays east
 * and west), run as Argo CD's plugin server runs it, with the image's PATH plus a {@code kustomize}
 * (here a wrapper around {@code kubectl kustomize}, which stands in for Argo CD's {@code kustomize
 * build}). The reference is what a user builds locally: {@code kubectl kustomize
 * --enable-alpha-plugins} of the same folder, the function's container run through the tests'
 * docker stand-in. The renders are built with each kubectl (kustomize 5.5 and 5.7); the failures
 * and parameters, which the function decides, with the machine's.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("The Argo CD plugin on a kustomize overlay app (examples/argocd/overlay-app)")
class KustomizeOverlayIT {
  private static final Map<String, Object> PLUGIN = ArgoCdExample.plugin();
  private static final String APP_PATH = "examples/argocd/overlay-app";
  private static final String IMAGE = "ghcr.io/unbounded-cloud/racer-krm:0.1.0";
  private static final java.util.Set<String> ANNOUNCED =
      java.util.concurrent.ConcurrentHashMap.newKeySet();

  private LocalKustomize kustomize;

  @BeforeAll
  void needsTheSimulationAndKubectl() {
    String why = LocalKustomize.unavailableReason();
    if (why != null) {
      System.out.println("SKIPPED: KustomizeOverlayIT: " + why);
    }
    assumeTrue(why == null, why);
    kustomize = LocalKustomize.find();
  }

  @Nested
  @DisplayName("renders")
  @ParameterizedClass(name = "with {0}")
  @MethodSource("io.unboundedcloud.racer.krm.toolchain.Kubectl#each")
  class Renders {
    @Parameter Kubectl kubectl;
    private LocalKustomize withThisKubectl;

    @BeforeEach
    void needsThisKubectl() {
      String why = LocalKustomize.unavailableReason(kubectl);
      if (why != null && ANNOUNCED.add(kubectl.toString())) {
        System.out.println("SKIPPED: KustomizeOverlayIT renders with " + kubectl + ": " + why);
      }
      assumeTrue(why == null, why);
      withThisKubectl = LocalKustomize.of(kubectl);
    }

    private Path kustomizeFolder(Path root) throws IOException {
      return withThisKubectl.toolFolder(root);
    }

    private String locally(Path root, Path folder) throws IOException, InterruptedException {
      return withThisKubectl.build(root, folder);
    }

    @ParameterizedTest(name = "overlay {0}")
    @ValueSource(strings = {"east", "west"})
    @DisplayName(
        "each overlay into the very objects of a local kubectl kustomize --enable-alpha-plugins, object for object")
    void asBuiltLocally(String overlay, @TempDir Path root) throws Exception {
      Overlay app = Overlay.receive(root, overlay, null);

      Generated generated = app.generate(kustomizeFolder(root));

      assertThat(generated.exitCode()).as("%s", generated).isZero();
      assertThat(generated.stderr()).as("the example builds without warnings").isEmpty();
      List<Map<String, Object>> objects = objects(generated.stdout());
      assertThat(objects).containsExactlyInAnyOrderElementsOf(objects(locally(root, app.folder())));
      assertThat(objects)
          .map(object -> at(object, "kind") + " " + at(object, "metadata", "namespace"))
          .as("the settings, the ServiceAccount and the DaemonSets, in the base's namespace")
          .containsOnly("ConfigMap racer", "ServiceAccount racer", "DaemonSet racer")
          .contains("ConfigMap racer", "ServiceAccount racer", "DaemonSet racer");
    }

    @Test
    @DisplayName(
        "east: the merged settings, the patched DaemonSet, and the overlay's cache origin placed like the dataplane")
    void overlayEast(@TempDir Path root) throws Exception {
      List<Map<String, Object>> objects =
          objects(succeeded(Overlay.receive(root, "east", null).generate(kustomizeFolder(root))));

      Map<String, Object> settings =
          objects.stream().filter(o -> "ConfigMap".equals(at(o, "kind"))).findFirst().orElseThrow();
      assertThat(String.valueOf((Object) at(settings, "metadata", "name")))
          .startsWith("racer-settings-");
      assertThat((Map<String, Object>) at(settings, "data"))
          .containsEntry("RACER_PEER_PORT", "9100")
          .containsEntry("RACER_NVIDIA", "off");
      Map<String, Object> dataplane = find(objects, "racer");
      Map<String, Object> origin = find(objects, "models-origin");
      assertThat(String.valueOf((Object) at(dataplane, "spec", "template", "spec", "containers")))
          .contains("[$(RACER_POD_IP)]:9100");
      assertThat(String.valueOf((Object) at(dataplane, "spec", "template", "spec", "tolerations")))
          .contains("nvidia.com/gpu");
      assertThat((Object) at(origin, "spec", "template", "spec", "tolerations"))
          .isEqualTo(at(dataplane, "spec", "template", "spec", "tolerations"));
    }

    @Test
    @DisplayName("west: its own merged setting and node selector, copied onto its own cache origin")
    void overlayWest(@TempDir Path root) throws Exception {
      List<Map<String, Object>> objects =
          objects(succeeded(Overlay.receive(root, "west", null).generate(kustomizeFolder(root))));

      Map<String, Object> dataplane = find(objects, "racer");
      Map<String, Object> origin = find(objects, "datasets-origin");
      assertThat((Object) at(dataplane, "spec", "template", "spec", "nodeSelector"))
          .isEqualTo(Map.of("example.com/cache-node", "true"));
      assertThat((Object) at(origin, "spec", "template", "spec", "nodeSelector"))
          .isEqualTo(Map.of("example.com/cache-node", "true"));
      assertThat(objects)
          .noneMatch(object -> "models-origin".equals(at(object, "metadata", "name")));
    }
  }

  @Nested
  @DisplayName(
      "renders a mirrored function (with the machine's kubectl: the name is the docker stand-in's)")
  class Mirrored {
    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = {
          "mirror.example.com:5000/ghcr/unbounded-cloud/racer-krm:0.1.0",
          "localhost/racer-krm:0.1.0",
          "ghcr.io/unbounded-cloud/racer-krm@sha256:4d2b1e6c8f0a3b5d7e9f1a2c4e6b8d0f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2b",
          "ghcr.io/unbounded-cloud/racer-krm:0.1.0@sha256:4d2b1e6c8f0a3b5d7e9f1a2c4e6b8d0f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2b"
        })
    @DisplayName(
        "the same function under a mirror's registry name or by digest, into the same objects")
    void mirrored(String mirrored, @TempDir Path root) throws Exception {
      Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
      Overlay reference = Overlay.receive(root.resolve("reference"), "east", null);
      String expected = locally(root, reference.folder());
      Overlay app =
          Overlay.receive(root.resolve("plugin"), "east", file -> file.replace(IMAGE, mirrored));

      Generated generated = app.generate(kustomizeFolder(root));

      assertThat(generated.exitCode()).as("%s", generated).isZero();
      assertThat(objects(generated.stdout()))
          .containsExactlyInAnyOrderElementsOf(objects(expected));
    }
  }

  @Nested
  @DisplayName("fails loudly: non-zero exit, nothing on stdout, the reason on stderr")
  class FailsLoudly {

    @Test
    @DisplayName("on broken settings merged by an overlay")
    void brokenSettings(@TempDir Path root) throws Exception {
      Overlay app =
          Overlay.receive(
              root, "east", file -> file.replace("RACER_PEER_PORT=9100", "RACER_PEER_PORT=80"));

      assertFailed(app.generate(kustomizeFolder(root)), "RACER_PEER_PORT is \"80\"");
    }

    @Test
    @DisplayName(
        "on an overlay that merges settings without running the function again: verify's drift lines")
    void driftedOverlay(@TempDir Path root) throws Exception {
      Overlay app =
          Overlay.receive(
              root,
              "east",
              file ->
                  file.replace(
                      "- path: racer-gpu-toleration.yaml\ntransformers:\n- racer-function.yaml\n",
                      "- path: racer-gpu-toleration.yaml\n"));

      Generated generated = app.generate(kustomizeFolder(root));

      assertFailed(generated, "is not what the racer function renders");
      // the key the overlay merged first, with both values, then the fields it explains
      assertThat(
              generated.stderr().lines().filter(line -> line.startsWith("error: drift: ")).toList())
          .first()
          .asString()
          .startsWith("error: drift: data.RACER_PEER_PORT of ConfigMap ")
          .contains(" is \"9100\", ")
          .contains("racer.unbounded-cloud.io/settings");
      assertThat(generated.stderr().lines())
          .anyMatch(
              line ->
                  line.startsWith("error: drift: ")
                      && line.contains("racer-settings changed after the function ran"))
          .anyMatch(
              line ->
                  line.startsWith("error: drift: ")
                      && line.contains("env[name=RACER_PEER_LISTEN]")
                      && line.contains("\"[$(RACER_POD_IP)]:8082\"")
                      && line.contains("\"[$(RACER_POD_IP)]:9100\""));
    }

    @Test
    @DisplayName("on a foreign function image, named in one line")
    void foreignImage(@TempDir Path root) throws Exception {
      Overlay app =
          Overlay.receive(
              root, "east", file -> file.replace(IMAGE, "gcr.io/kpt-fn/set-namespace:v0.4"));

      Generated generated = app.generate(kustomizeFolder(root));

      assertFailed(
          generated,
          "refusing image gcr.io/kpt-fn/set-namespace:v0.4: this Argo CD sidecar runs only the racer-krm function");
      assertThat(generated.stderr().lines().filter(line -> line.contains("refusing image")))
          .hasSize(1);
    }

    @Test
    @DisplayName(
        "on a racer-krm tag other than the sidecar's own version: never a render by another version")
    void otherVersion(@TempDir Path root) throws Exception {
      Overlay app =
          Overlay.receive(
              root, "west", file -> file.replace(IMAGE, "ghcr.io/unbounded-cloud/racer-krm:0.2.0"));

      assertFailed(
          app.generate(kustomizeFolder(root)),
          "the tag 0.2.0 is not this sidecar's version 0.1.0; pin racer-krm:0.1.0 in the kustomization");
    }

    @Test
    @DisplayName("on a racer-krm image that names no version")
    void noVersion(@TempDir Path root) throws Exception {
      Overlay app =
          Overlay.receive(
              root, "east", file -> file.replace(IMAGE, "ghcr.io/unbounded-cloud/racer-krm"));

      assertFailed(
          app.generate(kustomizeFolder(root)),
          "image ghcr.io/unbounded-cloud/racer-krm names no version");
    }

    @Test
    @DisplayName("on a kustomize error (a missing resource)")
    void kustomizeError(@TempDir Path root) throws Exception {
      Overlay app =
          Overlay.receive(
              root, "east", file -> file.replace("- models-origin.yaml", "- missing-origin.yaml"));

      assertFailed(app.generate(kustomizeFolder(root)), "missing-origin.yaml");
    }

    @Test
    @DisplayName("on a kustomization that builds no object: no empty success for prune to act on")
    void emptyBuild(@TempDir Path root) throws Exception {
      Overlay app = Overlay.receive(root, "east", null);
      Path empty = Files.createDirectories(app.folder().resolveSibling("empty"));
      Files.writeString(empty.resolve("kustomization.yaml"), "resources: []\n");
      Files.setPosixFilePermissions(empty, PosixFilePermissions.fromString("rwxr-xr-x"));
      Files.setPosixFilePermissions(
          empty.resolve("kustomization.yaml"), PosixFilePermissions.fromString("rw-r--r--"));

      assertFailed(app.server(kustomizeFolder(root)).generate(empty), "printed no objects");
    }

    @Test
    @DisplayName("when the sidecar has no kustomize on its PATH")
    void noKustomize(@TempDir Path root) throws Exception {
      Overlay app = Overlay.receive(root, "east", null);

      assertFailed(app.generate(null), "no kustomize on the PATH");
    }

    private static void assertFailed(Generated generated, String reason) {
      assertThat(generated.exitCode()).as("%s", generated).isNotZero();
      assertThat(generated.stdout()).as("stdout of a failed generate").isEmpty();
      assertThat(generated.stderr()).as("Argo CD shows stderr as the reason").contains(reason);
    }
  }

  @Nested
  @DisplayName(
      "with the Application's parameters (the docker stand-in hands them to each racer function)")
  class Parameters {

    @Test
    @DisplayName(
        "string parameters, the settings map and imageRegistry win over the overlay's values: as a local build of the overlay edited to hold them")
    void asTheEditedOverlay(@TempDir Path root) throws Exception {
      Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
      Overlay app = Overlay.receive(root.resolve("plugin"), "east", null);
      Overlay edited =
          Overlay.receive(
              root.resolve("reference"),
              "east",
              file ->
                  file.replace(
                          "  - RACER_PEER_PORT=9100\n",
                          "  - RACER_PEER_PORT=9300\n  - RACER_NVIDIA=cdi\n")
                      .replace(
                          "imageRegistry: registry.example.com/racer",
                          "imageRegistry: mirror.example.com/racer"));

      Generated generated =
          app.generate(
              kustomizeFolder(root),
              """
              [{"name":"RACER_NVIDIA","string":"cdi"},\
              {"name":"settings","map":{"RACER_PEER_PORT":"9300"}},\
              {"name":"imageRegistry","string":"mirror.example.com/racer"}]""");

      assertThat(generated.exitCode()).as("%s", generated).isZero();
      assertThat(generated.stderr()).isEmpty();
      List<Map<String, Object>> objects = objects(generated.stdout());
      assertThat(objects)
          .containsExactlyInAnyOrderElementsOf(objects(locally(root, edited.folder())));
      assertThat(String.valueOf(objects))
          .contains("RACER_NVIDIA=cdi")
          .contains("mirror.example.com/racer/racer-dataplane:")
          .contains("]:9300");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = {
          "[{\"name\":\"objectImage\",\"string\":\"mirror.example.com/racer/obj/racer-object:0.19.0\"}]",
          "[{\"name\":\"objectImage\",\"string\":\"mirror.example.com/racer/obj/racer-object:0.19.0\"},"
              + "{\"name\":\"imageTag\",\"string\":\"0.19.1\"}]"
        })
    @DisplayName(
        "objectImage (with or without imageTag) set apart from the overlay's registry, under its allowedRegistries: generate renders it, verify passes")
    void objectImageSetApart(String parameters, @TempDir Path root) throws Exception {
      Generated generated =
          Overlay.receive(root, "east", null).generate(kustomizeFolder(root), parameters);

      assertThat(generated.exitCode()).as("%s", generated).isZero();
      assertThat(generated.stderr()).isEmpty();
      assertThat(generated.stdout())
          .contains("value: mirror.example.com/racer/obj/racer-object:0.19.0")
          .contains(
              parameters.contains("imageTag")
                  ? "image: registry.example.com/racer/racer-dataplane:0.19.1"
                  : "image: registry.example.com/racer/racer-dataplane:0.19.0");
    }

    @Test
    @DisplayName(
        "awkward values cross kustomize and the docker stand-in byte for byte: the key's rule quotes them, generate fails loudly")
    void exactValues(@TempDir Path root) throws Exception {
      Overlay app = Overlay.receive(root, "west", null);

      Generated generated =
          app.generate(
              kustomizeFolder(root),
              new com.fasterxml.jackson.databind.ObjectMapper()
                  .writeValueAsString(
                      List.of(
                          Map.of(
                              "name",
                              "settings",
                              "map",
                              Map.of("RACER_SHARES", PluginParametersIT.AWKWARD)))));

      assertThat(generated.exitCode()).as("%s", generated).isNotZero();
      assertThat(generated.stdout()).isEmpty();
      assertThat(generated.stderr())
          .contains("RACER_SHARES is " + PluginParametersIT.AWKWARD_QUOTED);
    }

    @Test
    @DisplayName("fails loudly on a value its key refuses, naming the parameter")
    void failsLoudly(@TempDir Path root) throws Exception {
      Generated generated =
          Overlay.receive(root, "east", null)
              .generate(
                  kustomizeFolder(root), "[{\"name\":\"RACER_PEER_PORT\",\"string\":\"80\"}]");

      assertThat(generated.exitCode()).as("%s", generated).isNotZero();
      assertThat(generated.stdout()).isEmpty();
      assertThat(generated.stderr())
          .contains("Application parameter RACER_PEER_PORT (ARGOCD_APP_PARAMETERS)")
          .contains("RACER_PEER_PORT is \"80\"");
    }

    @Test
    @DisplayName(
        "announces the values after kustomize, before the Application's parameters, valid against Argo CD's type")
    void announces(@TempDir Path root) throws Exception {
      Generated announced =
          Overlay.receive(root, "east", null)
              .announce(
                  kustomizeFolder(root), "[{\"name\":\"RACER_PEER_PORT\",\"string\":\"9300\"}]");

      assertThat(announced.exitCode()).as("%s", announced).isZero();
      assertThat(announced.stderr()).isEmpty();
      AnnouncementSchema.assertValid(announced.stdout());
      Map<String, Map<String, Object>> byName = PluginParametersIT.byName(announced.stdout());
      assertThat(byName.get("RACER_PEER_PORT")).containsEntry("string", "9100");
      assertThat(byName.get("RACER_NVIDIA")).containsEntry("string", "off");
      assertThat(byName.get("RACER_SHARES")).containsEntry("string", "4");
    }

    @Test
    @DisplayName(
        "announcing an overlay that does not build: the catalog's defaults, exit 0, the reason on stderr")
    void announcesABrokenOverlay(@TempDir Path root) throws Exception {
      Generated announced =
          Overlay.receive(
                  root,
                  "east",
                  file -> file.replace("- models-origin.yaml", "- missing-origin.yaml"))
              .announce(kustomizeFolder(root), null);

      assertThat(announced.exitCode()).as("%s", announced).isZero();
      assertThat(announced.stderr()).contains("missing-origin.yaml").contains("defaults");
      AnnouncementSchema.assertValid(announced.stdout());
      assertThat(PluginParametersIT.byName(announced.stdout()).get("RACER_PEER_PORT"))
          .containsEntry("string", "8082");
    }
  }

  /** One received copy of the overlay app, generate to run in one of its overlays. */
  private record Overlay(Path root, Path checkout, String overlay) {
    /**
     * Receives examples/argocd/overlay-app under {@code root}, each file edited first (unless edit
     * is null).
     */
    static Overlay receive(Path root, String overlay, UnaryOperator<String> edit)
        throws IOException {
      Files.createDirectories(root);
      PluginServer server = new PluginServer(root, ArgoCdExample.generateCommand(PLUGIN));
      Path app = server.receive(ArgoCdExample.dir().resolve("overlay-app"), APP_PATH);
      List<Path> files;
      try (var walk = Files.walk(app)) {
        files = walk.filter(Files::isRegularFile).toList();
      }
      if (edit == null) {
        return new Overlay(root, app, overlay);
      }
      boolean changed = false;
      for (Path file : files) {
        String text = Files.readString(file);
        String edited = edit.apply(text);
        if (!edited.equals(text)) {
          Files.writeString(file, edited);
          changed = true;
        }
      }
      assertThat(changed).as("the edit applies to the overlay app").isTrue();
      return new Overlay(root, app, overlay);
    }

    Path folder() {
      return checkout.resolve("overlays").resolve(overlay);
    }

    PluginServer server(Path... tools) {
      return new PluginServer(root, ArgoCdExample.generateCommand(PLUGIN), List.of(tools));
    }

    /** generate in the overlay, with {@code kustomize} found in {@code tools} (none when null). */
    Generated generate(Path tools) throws IOException, InterruptedException {
      return (tools == null ? server() : server(tools)).generate(folder());
    }

    /** generate in the overlay for an Application with these parameters (a JSON array). */
    Generated generate(Path tools, String parameters) throws IOException, InterruptedException {
      return server(tools).generate(folder(), parameters);
    }

    /** plugin.yaml's parameters.dynamic command in the overlay. */
    Generated announce(Path tools, String parameters) throws IOException, InterruptedException {
      return server(tools).run(folder(), ArgoCdExample.announceCommand(PLUGIN), parameters);
    }
  }

  private Path kustomizeFolder(Path root) throws IOException {
    return kustomize.toolFolder(root);
  }

  private String locally(Path root, Path folder) throws IOException, InterruptedException {
    return kustomize.build(root, folder);
  }

  private static String succeeded(Generated generated) {
    assertThat(generated.exitCode()).as("%s", generated).isZero();
    return generated.stdout();
  }

  private static List<Map<String, Object>> objects(String stream) {
    return LocalKustomize.objects(stream);
  }

  private static Map<String, Object> find(List<Map<String, Object>> objects, String daemonSet) {
    return objects.stream()
        .filter(
            o -> "DaemonSet".equals(at(o, "kind")) && daemonSet.equals(at(o, "metadata", "name")))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no DaemonSet " + daemonSet));
  }
}
