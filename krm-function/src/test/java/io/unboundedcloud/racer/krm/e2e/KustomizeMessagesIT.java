package io.unboundedcloud.racer.krm.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.runtime.RuntimeFolder;
import io.unboundedcloud.racer.krm.toolchain.Kubectl;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a kustomize user reads when the input is wrong: {@code kubectl kustomize} runs the function
 * through the runtime's {@code docker} stand-in (as the README says to try it) on small
 * kustomizations, and its error output must say what is wrong, where (the file, when kustomize
 * tells the function) and how to fix it.
 */
@DisplayName("kubectl kustomize on bad input: the function's message says what, where and how")
@ParameterizedClass(name = "with {0}")
@MethodSource("io.unboundedcloud.racer.krm.toolchain.Kubectl#each")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KustomizeMessagesIT {
  @Parameter Kubectl kubectl;

  private static final String WHAT = "kustomize message tests";
  private static final String SETTINGS =
      "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: racer-settings, namespace: racer}\n";
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
        imageRegistry: %s
      """;

  private String skipReason;
  private Path bin;

  /** The kubectl {@link #skipReason} is about (null before the first test). */
  private Kubectl checked;

  /** Before each test: whether this kubectl and the runtime are here (said once per kubectl). */
  @BeforeEach
  void requireKubectlAndRuntime() {
    if (checked != kubectl) {
      checked = kubectl;
      check();
    }
    Tool.skipIf(skipReason);
  }

  private void check() {
    skipReason = kubectl.missing() == null ? null : kubectl.missing() + " (" + WHAT + ")";
    if (skipReason == null && RuntimeFolder.unavailableReason() != null) {
      skipReason = RuntimeFolder.unavailableReason() + " (" + WHAT + ")";
    }
    Tool.announceSkip(
        skipReason == null ? null : "KustomizeMessagesIT with " + kubectl + ": " + skipReason);
    bin = RuntimeFolder.runtime().resolve("bin");
  }

  @Test
  @DisplayName(
      "two racer-settings, with buildMetadata originAnnotations: each named with its file or generator")
  void twoSettingsNamedWithTheirFiles(@TempDir Path dir) {
    String stderr =
        failedBuild(
            dir,
            Map.of(
                "kustomization.yaml",
                """
                buildMetadata: [originAnnotations]
                resources: [settings.yaml]
                configMapGenerator:
                - {name: racer-settings, namespace: other, options: {disableNameSuffixHash: true}}
                transformers: [function.yaml]
                """,
                "settings.yaml",
                SETTINGS,
                "function.yaml",
                FUNCTION.formatted(Repository.FUNCTION_IMAGE, "registry.example.com/racer")));
    assertThat(stderr)
        .contains(
            "found 2 racer-settings ConfigMaps",
            "ConfigMap racer/racer-settings in settings.yaml",
            "ConfigMap other/racer-settings in kustomization.yaml",
            "Keep one");
  }

  @Test
  @DisplayName(
      "two racer-settings without originAnnotations: says how to make kustomize name files")
  void twoSettingsWithoutOrigins(@TempDir Path dir) {
    String stderr =
        failedBuild(
            dir,
            Map.of(
                "kustomization.yaml",
                """
                resources: [settings.yaml]
                configMapGenerator:
                - {name: racer-settings, namespace: other, options: {disableNameSuffixHash: true}}
                transformers: [function.yaml]
                """,
                "settings.yaml",
                SETTINGS,
                "function.yaml",
                FUNCTION.formatted(Repository.FUNCTION_IMAGE, "registry.example.com/racer")));
    assertThat(stderr)
        .contains(
            "ConfigMap racer/racer-settings; ConfigMap other/racer-settings",
            "buildMetadata: [originAnnotations]");
  }

  @Test
  @DisplayName(
      "a registry written as a URL: the key, the function's ConfigMap and the value to set")
  void registryWithScheme(@TempDir Path dir) {
    String stderr =
        failedBuild(
            dir,
            Map.of(
                "kustomization.yaml",
                "resources: [settings.yaml]\ntransformers: [function.yaml]\n",
                "settings.yaml",
                SETTINGS,
                "function.yaml",
                FUNCTION.formatted(
                    Repository.FUNCTION_IMAGE, "https://registry.example.com/racer")));
    assertThat(stderr)
        .contains(
            "data.imageRegistry starts with https://, but an image reference has no scheme: set it"
                + " to registry.example.com/racer",
            "racer-function");
  }

  @Test
  @DisplayName(
      "a kustomization with no resources: says the function got nothing, and where to add it")
  void noResources(@TempDir Path dir) {
    String stderr =
        failedBuild(
            dir,
            Map.of(
                "kustomization.yaml",
                "transformers: [function.yaml]\n",
                "function.yaml",
                FUNCTION.formatted(Repository.FUNCTION_IMAGE, "registry.example.com/racer")));
    assertThat(stderr)
        .contains(
            "the input holds no objects to work on",
            "in kustomize under resources: or from a configMapGenerator");
  }

  /** Builds a kustomization of {@code files} in {@code dir}: it must fail; its stderr. */
  private String failedBuild(Path dir, Map<String, String> files) {
    PackageFiles.restore(files, dir);
    Tool.Run run =
        Tool.run(
            dir,
            bin,
            kubectl.path().toString(),
            "kustomize",
            "--enable-alpha-plugins",
            dir.toString());
    assertThat(run.exit()).as("exit code; stderr:%n%s", run.stderr()).isNotZero();
    assertThat(run.stdout()).isEmpty();
    return run.stderr();
  }
}
