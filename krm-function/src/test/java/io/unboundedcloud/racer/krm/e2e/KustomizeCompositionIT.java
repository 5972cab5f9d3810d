package io.unboundedcloud.racer.krm.e2e;

import static io.unboundedcloud.racer.krm.e2e.OutputObjects.at;
import static io.unboundedcloud.racer.krm.e2e.OutputObjects.one;
import static io.unboundedcloud.racer.krm.e2e.OutputObjects.podSpec;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The function in the kustomize compositions people build (docs/krm.md, "In a kustomize
 * composition"), with the real {@code kubectl kustomize --enable-alpha-plugins} and the function as
 * a container transformer through the docker stand-in; each build then checked by {@code racer-krm
 * verify}. Every case starts from one base: generated racer-settings, a cache origin, the function.
 */
@DisplayName(
    "kubectl kustomize compositions: where the function runs, what it says, what verify finds")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KustomizeCompositionIT {
  private static final String WHAT = "kustomize composition tests";
  private static final String FUNCTION =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: racer-function
        annotations:
          config.kubernetes.io/function: |
            container:
              image: %s
      data:
        imageRegistry: registry.example.com/racer
      """
          .formatted(Repository.FUNCTION_IMAGE);
  private static final String ORIGIN =
      """
      apiVersion: apps/v1
      kind: DaemonSet
      metadata:
        name: models-origin
        labels: {racer.unbounded-cloud.io/cache-origin: models}
      spec:
        selector: {matchLabels: {app: models-origin}}
        updateStrategy: {rollingUpdate: {maxSurge: 0}}
        template:
          metadata: {labels: {app: models-origin}}
          spec:
            containers: [{name: origin, image: origin:1, securityContext: {runAsUser: 0}}]
      """;
  private static final String BASE =
      """
      namespace: racer
      resources: [models-origin.yaml]
      configMapGenerator:
      - name: racer-settings
        literals: [RACER_NVIDIA=off, RACER_PEER_PORT=8082]
      transformers: [racer-function.yaml]
      """;
  private static final String TOLERATION_PATCH =
      """
      - target: {kind: DaemonSet, name: racer}
        patch: |-
          apiVersion: apps/v1
          kind: DaemonSet
          metadata: {name: racer}
          spec:
            template:
              spec:
                tolerations: [{key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}]
      """;

  private Path work;
  private String skipReason;
  private DockerStandin docker;
  private int folders;

  /** One build: its output and what it printed on stderr. */
  record Build(String output, String stderr) {
    List<Map<String, Object>> objects() {
      return PackageFiles.objects(output);
    }

    Map<String, Object> dataplane() {
      return one(objects(), "DaemonSet", "racer", "racer");
    }

    Map<String, Object> origin() {
      return one(objects(), "DaemonSet", "racer", "models-origin");
    }
  }

  @BeforeAll
  void installTheStandin(@TempDir Path work) {
    this.work = work;
    skipReason = Tool.missing("kubectl", WHAT);
    if (skipReason == null) {
      String unavailable = DockerStandin.unavailableReason();
      skipReason = unavailable == null ? null : unavailable + " (" + WHAT + ")";
    }
    Tool.announceSkip(skipReason);
    if (skipReason == null) {
      docker = DockerStandin.install(work, Repository.function());
    }
  }

  @BeforeEach
  void skipWhenUnavailable() {
    Tool.skipIf(skipReason);
  }

  /** A fresh tree with the base in base/ and {@code overlay} (a kustomization) in overlay/. */
  private Path tree(String baseKustomization, String overlayKustomization, String... more) {
    Path root = work.resolve("case-" + ++folders);
    write(root.resolve("base/kustomization.yaml"), baseKustomization);
    write(root.resolve("base/racer-function.yaml"), FUNCTION);
    write(root.resolve("base/models-origin.yaml"), ORIGIN);
    write(root.resolve("overlay/racer-function.yaml"), FUNCTION);
    if (overlayKustomization != null) {
      write(root.resolve("overlay/kustomization.yaml"), overlayKustomization);
    }
    for (int i = 0; i + 1 < more.length; i += 2) {
      write(root.resolve(more[i]), more[i + 1]);
    }
    return root;
  }

  private static void write(Path file, String text) {
    try {
      Files.createDirectories(file.getParent());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + file.getParent(), e);
    }
    PackageFiles.write(file, text);
  }

  private Tool.Run kustomize(Path kustomization) {
    return Tool.run(
        work,
        docker.bin,
        "kubectl",
        "kustomize",
        "--enable-alpha-plugins",
        kustomization.toString());
  }

  private Build build(Path kustomization) {
    Tool.Run run = kustomize(kustomization).succeeded();
    return new Build(run.stdout(), run.stderr());
  }

  private Tool.Run failedBuild(Path kustomization) {
    Tool.Run run = kustomize(kustomization);
    assertThat(run.exit()).as("exit code of a build that must fail: %s", run.stderr()).isNotZero();
    return run;
  }

  private static KrmRun verify(Build build) {
    return KrmRun.run(
        build.output().getBytes(StandardCharsets.UTF_8), KrmRun.HANG_GUARD, "verify", "-");
  }

  private static void consistent(Build build) {
    assertThat(consistentWithWarnings(build)).as("verify's warnings").isEmpty();
  }

  /** verify passes; its warnings, each line before the one that says what it checked. */
  private static List<String> consistentWithWarnings(Build build) {
    KrmRun verify = verify(build);
    assertThat(verify.exitCode()).as("racer-krm verify: %s", verify.stderr()).isZero();
    List<String> lines = verify.stderrLines();
    assertThat(lines)
        .as("what verify checked, last")
        .last()
        .asString()
        .startsWith("verified DaemonSet ")
        .endsWith(": what the function renders");
    List<String> warnings = lines.subList(0, lines.size() - 1);
    assertThat(warnings).as("verify's other lines").allMatch(line -> line.startsWith("warning: "));
    return warnings;
  }

  /** verify fails; its lines, each a drift. */
  private static List<String> drifted(Build build) {
    KrmRun verify = verify(build);
    assertThat(verify.exitCode()).as("racer-krm verify on a drifted build").isEqualTo(1);
    List<String> lines = verify.stderr().lines().toList();
    assertThat(lines).isNotEmpty().allMatch(line -> line.startsWith("error: drift: "));
    return lines;
  }

  private static Object resources(Build build) {
    return at(OutputObjects.dataplaneContainer(build.dataplane()), "resources");
  }

  @Nested
  @DisplayName("the selector")
  class Selector {
    private static final String LABELS =
        """
        labels:
        - pairs: {env: prod}
          includeSelectors: true
        """;

    @Test
    @DisplayName(
        "includeSelectors in an overlay that runs the function again: the label stays in the selector, the same selector as without the re-run, with a warning")
    void stable() {
      Path root =
          tree(BASE, "resources: [../base]\n" + LABELS + "transformers: [racer-function.yaml]\n");
      Path plain = tree(BASE, "resources: [../base]\n" + LABELS);

      Build rerun = build(root.resolve("overlay"));
      Build last = build(plain.resolve("overlay"));

      Object selector = at(rerun.dataplane(), "spec", "selector");
      assertThat(selector).isEqualTo(at(last.dataplane(), "spec", "selector"));
      assertThat(at(selector, "matchLabels", "env")).isEqualTo("prod");
      assertThat(rerun.stderr())
          .contains("carries env=prod")
          .contains("cannot change once applied")
          .contains("includeSelectors");
      assertThat(consistentWithWarnings(rerun))
          .as("verify names the selector label too")
          .singleElement()
          .asString()
          .contains("carries env=prod")
          .contains("[DaemonSet racer/racer, field spec.selector.matchLabels]");
      assertThat(consistentWithWarnings(last))
          .singleElement()
          .asString()
          .contains("carries env=prod");
    }
  }

  @Nested
  @DisplayName("patches")
  class Patches {
    /** A strategic merge patch of the dataplane container's resources. */
    private static final String RESOURCES =
        """
        apiVersion: apps/v1
        kind: DaemonSet
        metadata: {name: racer}
        spec:
          template:
            spec:
              containers:
              - name: dataplane
                resources:
                  $patch: replace
                  requests: {cpu: "8", memory: 64Gi}
        """;

    /** The same patch as a transformer config, for transformers: after the function. */
    private static final String RESOURCES_PATCH =
        """
        apiVersion: builtin
        kind: PatchTransformer
        metadata: {name: racer-resources}
        target: {kind: DaemonSet, name: racer}
        patch: |-
        """
            + RESOURCES.indent(2);

    @Test
    @DisplayName(
        "a patches: entry in the kustomization that first runs the function finds no DaemonSet: dropped (kustomize's order)")
    void droppedBeforeTheFunction() {
      Path root =
          tree(
              BASE + "patches:\n- path: resources.yaml\n  target: {kind: DaemonSet, name: racer}\n",
              null,
              "base/resources.yaml",
              RESOURCES);

      Build build = build(root.resolve("base"));

      assertThat(resources(build)).isEqualTo(Map.of("requests", Map.of("memory", "1Gi")));
    }

    @Test
    @DisplayName(
        "a PatchTransformer listed after the function in transformers: applies, and verify finds the build consistent (the docs' pattern)")
    void afterTheFunction() {
      Path root =
          tree(
              BASE.replace(
                  "transformers: [racer-function.yaml]",
                  "transformers: [racer-function.yaml, racer-resources.yaml]"),
              null,
              "base/racer-resources.yaml",
              RESOURCES_PATCH);

      Build build = build(root.resolve("base"));

      assertThat(resources(build))
          .isEqualTo(Map.of("requests", Map.of("cpu", "8", "memory", "64Gi")));
      consistent(build);
    }
  }

  @Nested
  @DisplayName("an overlay that changes settings or placement")
  class SettingsAndPlacement {
    private static final String MERGE =
        """
        resources: [../base]
        configMapGenerator:
        - name: racer-settings
          behavior: merge
          literals: [RACER_PEER_PORT=9100, RACER_NVIDIA=cdi]
        """;

    @Test
    @DisplayName(
        "configMapGenerator merge without the function: the pods roll with the old wiring; verify names the two keys with both values, then the settings-hash, the listen address and the CDI request")
    void mergeWithoutTheFunction() {
      Build build = build(tree(BASE, MERGE).resolve("overlay"));

      assertThat(build.output()).contains("[$(RACER_POD_IP)]:8082").doesNotContain(":9100");
      List<String> drift = drifted(build);
      assertThat(drift.get(0))
          .startsWith("error: drift: data.RACER_NVIDIA of ConfigMap ")
          .contains(" is \"cdi\", the function rendered with \"off\"");
      assertThat(drift.get(1))
          .startsWith("error: drift: data.RACER_PEER_PORT of ConfigMap ")
          .contains(" is \"9100\", the function rendered with \"8082\"");
      assertThat(drift.subList(2, drift.size()))
          .noneMatch(line -> line.startsWith("error: drift: data."));
      assertThat(drift)
          .anyMatch(
              line ->
                  line.contains("settings-hash")
                      && line.contains("racer-settings changed after the function ran"))
          .anyMatch(line -> line.contains("env[name=RACER_PEER_LISTEN]") && line.contains(":9100"))
          .anyMatch(line -> line.contains("cdi.k8s.io/racer"));
    }

    @Test
    @DisplayName(
        "a plain racer-settings patch without the function: verify names the key, then the settings record and the settings-hash")
    void settingsPatchWithoutTheFunction() {
      String overlay =
          """
          resources: [../base]
          patches:
          - target: {kind: ConfigMap, name: racer-settings}
            patch: |-
              apiVersion: v1
              kind: ConfigMap
              metadata: {name: racer-settings}
              data: {RACER_SLAB_BYTES: "2147483648"}
          """;

      Build build = build(tree(BASE, overlay).resolve("overlay"));

      List<String> drift = drifted(build);
      assertThat(drift).hasSize(3);
      assertThat(drift.get(0))
          .startsWith("error: drift: data.RACER_SLAB_BYTES of ConfigMap ")
          .contains(" is \"2147483648\", a key the function did not render with");
      assertThat(drift.get(1))
          .contains("metadata.annotations[\"racer.unbounded-cloud.io/settings\"]");
      assertThat(drift.get(2)).contains("settings-hash");
    }

    @Test
    @DisplayName("the same merge with the function listed again: the new wiring, consistent")
    void mergeWithTheFunction() {
      Build build =
          build(tree(BASE, MERGE + "transformers: [racer-function.yaml]\n").resolve("overlay"));

      assertThat(build.output()).contains("[$(RACER_POD_IP)]:9100");
      consistent(build);
    }

    @Test
    @DisplayName(
        "a placement patched after the function ran: the origin keeps the old placement; verify names its tolerations")
    void placementWithoutTheFunction() {
      Build build =
          build(
              tree(BASE, "resources: [../base]\npatches:\n" + TOLERATION_PATCH).resolve("overlay"));

      assertThat(podSpec(build.origin())).doesNotContainKey("tolerations");
      assertThat(drifted(build))
          .singleElement()
          .asString()
          .contains("spec.template.spec.tolerations")
          .contains("DaemonSet racer/models-origin");
    }

    @Test
    @DisplayName("the same patch with the function listed again: the origin follows, consistent")
    void placementWithTheFunction() {
      Build build =
          build(
              tree(
                      BASE,
                      "resources: [../base]\npatches:\n"
                          + TOLERATION_PATCH
                          + "transformers: [racer-function.yaml]\n")
                  .resolve("overlay"));

      assertThat(podSpec(build.origin()).get("tolerations"))
          .isEqualTo(podSpec(build.dataplane()).get("tolerations"))
          .isNotNull();
      consistent(build);
    }
  }

  @Nested
  @DisplayName("kustomize's images:")
  class Images {
    private static final String IMAGES =
        """
        images:
        - name: registry.example.com/racer/racer-dataplane
          newTag: 0.20.0
        """;

    @Test
    @DisplayName(
        "in the function's own kustomization: ignored, it runs before the DaemonSet exists")
    void ignored() {
      Build build = build(tree(BASE + IMAGES, null).resolve("base"));

      assertThat(at(OutputObjects.dataplaneContainer(build.dataplane()), "image"))
          .isEqualTo("registry.example.com/racer/racer-dataplane:0.19.0");
      consistent(build);
    }

    @Test
    @DisplayName(
        "in an overlay that runs the function again: reverted, with a warning naming both images and the function config keys")
    void reverted() {
      Build build =
          build(
              tree(
                      BASE,
                      "resources: [../base]\n" + IMAGES + "transformers: [racer-function.yaml]\n")
                  .resolve("overlay"));

      assertThat(at(OutputObjects.dataplaneContainer(build.dataplane()), "image"))
          .isEqualTo("registry.example.com/racer/racer-dataplane:0.19.0");
      assertThat(build.stderr())
          .contains("racer-dataplane:0.20.0 is replaced by the function config's")
          .contains("set dataplaneImage (or imageRegistry and imageTag)");
      consistent(build);
    }

    @Test
    @DisplayName(
        "in an overlay without the function: only the container changes, RACER_OBJECT_IMAGE stays; verify names the image against the recorded one")
    void halfApplied() {
      Build build = build(tree(BASE, "resources: [../base]\n" + IMAGES).resolve("overlay"));

      assertThat(build.output()).contains("racer-dataplane:0.20.0").contains("racer-object:0.19.0");
      assertThat(drifted(build))
          .singleElement()
          .asString()
          .contains("spec.template.spec.containers[name=dataplane].image is")
          .contains("racer-dataplane:0.20.0\", the function renders")
          .contains("racer.unbounded-cloud.io/dataplane-image records")
          .contains("kustomize's images:");
    }
  }

  @Nested
  @DisplayName("components and cache origins")
  class ComponentsAndOrigins {
    @Test
    @DisplayName(
        "the function in a component runs before the parent's patches: the origin misses the patched placement, verify names it")
    void component() {
      Path root =
          tree(
              BASE.replace("transformers: [racer-function.yaml]\n", ""),
              "resources: [../base]\ncomponents: [../racer]\npatches:\n" + TOLERATION_PATCH,
              "racer/kustomization.yaml",
              "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n"
                  + "transformers: [racer-function.yaml]\n",
              "racer/racer-function.yaml",
              FUNCTION);

      Build build = build(root.resolve("overlay"));

      assertThat(podSpec(build.dataplane())).containsKey("tolerations");
      assertThat(podSpec(build.origin())).doesNotContainKey("tolerations");
      assertThat(drifted(build)).anyMatch(line -> line.contains("DaemonSet racer/models-origin"));
    }

    @Test
    @DisplayName("an origin's own node selector and tolerations, replaced: a warning lists them")
    void originPlacement() {
      Path root = tree(BASE, null);
      write(
          root.resolve("base/models-origin.yaml"),
          ORIGIN
              + "      nodeSelector: {pool: models}\n"
              + "      tolerations: [{key: dedicated, operator: Exists}]\n");

      Build build = build(root.resolve("base"));

      assertThat(build.stderr())
          .contains("cache origin models-origin gets the dataplane's placement")
          .contains("nodeSelector pool=models")
          .contains("tolerations {key=dedicated, operator=Exists}");
      consistent(build);
    }
  }

  @Nested
  @DisplayName("messages that say what is true")
  class Messages {
    @Test
    @DisplayName("imageTag without a registry: the message names the tag as set")
    void tagWithoutRegistry() {
      Path root = tree(BASE, null);
      write(
          root.resolve("base/racer-function.yaml"),
          FUNCTION.replace("imageRegistry: registry.example.com/racer", "imageTag: \"9.9.9\""));

      assertThat(failedBuild(root.resolve("base")).stderr())
          .contains("data.imageTag is \"9.9.9\"")
          .doesNotContain("defaults to 9.9.9");
    }

    @Test
    @DisplayName("two prefixed racer-settings in one namespace: not called an ambiguous namespace")
    void twoSettingsOneNamespace() {
      String team =
          """
          namePrefix: %s-
          configMapGenerator:
          - name: racer-settings
            literals: [RACER_NVIDIA=off]
          """;
      Path root =
          tree(
              BASE,
              "namespace: racer\nresources: [../blue, ../green]\ntransformers: [racer-function.yaml]\n",
              "blue/kustomization.yaml",
              team.formatted("blue"),
              "green/kustomization.yaml",
              team.formatted("green"));

      assertThat(failedBuild(root.resolve("overlay")).stderr())
          .contains("found 2 racer-settings ConfigMaps")
          .doesNotContain("ambiguous");
    }
  }

  @Nested
  @DisplayName("verify on every example's build: no false drift")
  class Examples {
    @Test
    @DisplayName(
        "examples/kustomize base and overlay, examples/argocd/overlay-app east and west: consistent")
    void everyExample() {
      Path kustomize =
          PackageFiles.copy(Repository.examples("kustomize"), work.resolve("kustomize"));
      Path argocd =
          PackageFiles.copy(
              Repository.examples("argocd").resolve("overlay-app"), work.resolve("argocd"));
      for (Path folder :
          List.of(
              kustomize.resolve("base"),
              kustomize.resolve("overlay"),
              argocd.resolve("overlays/east"),
              argocd.resolve("overlays/west"))) {
        Build build = build(folder);
        KrmRun verify = verify(build);
        assertThat(verify.exitCode()).as("verify %s: %s", folder, verify.stderr()).isZero();
      }
    }
  }
}
