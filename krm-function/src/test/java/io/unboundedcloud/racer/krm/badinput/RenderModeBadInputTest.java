package io.unboundedcloud.racer.krm.badinput;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code racer-krm render PATH}: on any error, exit 1, the reason on stderr, and nothing at all on
 * stdout (an empty success would make Argo CD prune the installation). Folders under {@code
 * src/test/resources/badinput/render/} (see the README there).
 */
@DisplayName("Render mode on bad input: exit 1, the reason on stderr, EMPTY stdout")
class RenderModeBadInputTest {
  private static String fixture(String name) {
    try {
      return Path.of(RenderModeBadInputTest.class.getResource("/badinput/render/" + name).toURI())
          .toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static KrmRun render(String... paths) {
    String[] args = new String[paths.length + 1];
    args[0] = "render";
    System.arraycopy(paths, 0, args, 1, paths.length);
    return KrmRun.run(new byte[0], KrmRun.HANG_GUARD, args);
  }

  private static KrmRun assertRefused(KrmRun run) {
    Verdict.assertCleanFailure(run);
    assertThat(run.stdout()).as("stdout\n%s", run.describe()).isEmpty();
    return run;
  }

  @Test
  @DisplayName("a path that does not exist is named")
  void missingPath() {
    KrmRun run = assertRefused(render("no/such/dir"));
    assertThat(run.stderr()).isEqualTo("error: no/such/dir: no such file or directory\n");
  }

  @Test
  @DisplayName("a missing path among good ones: still nothing rendered")
  void missingAmongGood() {
    KrmRun run = assertRefused(render(fixture("no-settings"), "no/such/file.yaml"));
    assertThat(run.stderr()).contains("no/such/file.yaml: no such file or directory");
  }

  @Test
  @DisplayName("a directory with a broken file names the file and the line")
  void brokenFile() {
    KrmRun run = assertRefused(render(fixture("broken-file")));
    assertThat(run.stderr())
        .contains(
            "apps/broken.yaml:7:1: not valid YAML",
            "starts at line 6, column 11",
            "Fix the YAML at this position");
  }

  @Test
  @DisplayName("a document that is not an object names the file, the line and the document")
  void notAnObject() {
    KrmRun run = assertRefused(render(fixture("not-an-object")));
    assertThat(run.stderr()).contains("objects.yaml:7:1: document 2 is a list", "Fix or remove it");
  }

  @Test
  @DisplayName("an invalid setting names the object, its file and the field")
  void badSettings() {
    KrmRun run = assertRefused(render(fixture("bad-settings")));
    assertThat(run.stderr())
        .isEqualTo(
            "error: RACER_PEER_PORT is \"80\": must be an integer in 1024..65535"
                + " [ConfigMap racer/racer-settings in "
                + Path.of(fixture("bad-settings"), "racer-settings.yaml")
                + ", field data.RACER_PEER_PORT]\n");
  }

  @Test
  @DisplayName("an empty folder: says it holds no .yaml or .yml files, naming it")
  void emptyFolder(@TempDir Path dir) {
    KrmRun run = assertRefused(render(dir.toString()));
    assertThat(run.stderr())
        .isEqualTo(
            "error: "
                + dir
                + ": no .yaml or .yml files under it: name the folders or files that hold"
                + " racer-settings, the function config and the cache origins\n");
  }

  @Test
  @DisplayName("a folder with only a kustomization: says render does not build it, and what does")
  void onlyAKustomization(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("kustomization.yaml"), "resources: [settings.yaml]\n");
    Files.writeString(dir.resolve("notes.txt"), "not a manifest\n");
    KrmRun run = assertRefused(render(dir.toString()));
    assertThat(run.stderr())
        .isEqualTo(
            "error: "
                + dir
                + ": no .yaml or .yml files under it other than kustomization.yaml, which racer-krm"
                + " does not build (kustomization.yaml is a kustomization: its patches and generators"
                + " are not applied; build it with kubectl kustomize --enable-alpha-plugins, racer-krm"
                + " listed under its transformers: (README, \"kustomize\")): name the folders"
                + " or files that hold racer-settings, the function config and the cache origins\n");
  }

  @Test
  @DisplayName("two racer-settings: the error names each one's file")
  void twoSettingsNameTheirFiles(@TempDir Path dir) throws IOException {
    String settings =
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: racer-settings, namespace: %s}\n";
    Files.createDirectories(dir.resolve("a"));
    Files.writeString(dir.resolve("a/settings.yaml"), settings.formatted("team-a"));
    Files.writeString(dir.resolve("b.yaml"), settings.formatted("team-b"));
    KrmRun run = assertRefused(render(dir.toString()));
    assertThat(run.stderr())
        .contains(
            "found 2 racer-settings ConfigMaps",
            "ConfigMap team-a/racer-settings in " + dir.resolve("a/settings.yaml"),
            "ConfigMap team-b/racer-settings in " + dir.resolve("b.yaml"),
            "Keep one");
  }

  @Test
  @DisplayName("no function config: says how render takes one")
  void noFunctionConfig(@TempDir Path dir) throws IOException {
    Files.writeString(
        dir.resolve("settings.yaml"),
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: racer-settings, namespace: racer}\n");
    KrmRun run = assertRefused(render(dir.toString()));
    assertThat(run.stderr())
        .startsWith("error: no function config, so no registry for the dataplane images")
        .contains("in racer-krm render --function-config FILE or a ConfigMap annotated");
  }

  @Test
  @DisplayName("a registry with a scheme: the file, the key, and the value to set instead")
  void registryWithScheme(@TempDir Path dir) throws IOException {
    Files.writeString(
        dir.resolve("settings.yaml"),
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: racer-settings, namespace: racer}\n");
    Path config = dir.resolve("function-config.yaml");
    Files.writeString(
        config,
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: racer-function}\n"
            + "data: {imageRegistry: 'https://registry.example.com/racer'}\n");
    KrmRun run =
        assertRefused(
            KrmRun.run(
                new byte[0],
                KrmRun.HANG_GUARD,
                "render",
                "--function-config",
                config.toString(),
                dir.resolve("settings.yaml").toString()));
    assertThat(run.stderr())
        .isEqualTo(
            "error: data.imageRegistry starts with https://, but an image reference has no scheme:"
                + " set it to registry.example.com/racer [ConfigMap racer-function in "
                + config
                + ", field data.imageRegistry]\n");
  }

  @Test
  @DisplayName("no settings: says what to add")
  void noSettings() {
    KrmRun run = assertRefused(render(fixture("no-settings")));
    assertThat(run.stderr()).contains("no ConfigMap named racer-settings", "add one");
  }

  @Test
  @DisplayName("a function config file that holds several objects is refused, naming the file")
  void functionConfigOfSeveralObjects() {
    String config = fixture("two-function-configs.yaml");
    KrmRun run =
        assertRefused(
            KrmRun.run(
                new byte[0],
                KrmRun.HANG_GUARD,
                "render",
                "--function-config",
                config,
                fixture("no-settings")));
    assertThat(run.stderr())
        .isEqualTo("error: " + config + " holds 2 objects; the function config is one ConfigMap\n");
  }

  @Test
  @DisplayName("a function config that is a directory is refused, naming it")
  void functionConfigIsADirectory() {
    KrmRun run =
        assertRefused(
            KrmRun.run(
                new byte[0],
                KrmRun.HANG_GUARD,
                "render",
                "--function-config",
                fixture("bad-settings"),
                fixture("bad-settings")));
    assertThat(run.stderr()).contains(fixture("bad-settings") + ": ");
  }

  @Test
  @DisplayName("a function config file that does not exist is named, without Java class names")
  void functionConfigMissing() {
    KrmRun run =
        assertRefused(
            KrmRun.run(
                new byte[0],
                KrmRun.HANG_GUARD,
                "render",
                "--function-config",
                "no/such/config.yaml",
                fixture("bad-settings")));
    assertThat(run.stderr()).contains("no/such/config.yaml");
  }

  @Test
  @DisplayName(
      "two objects annotated as the function config: both named, and the flag that settles it")
  void twoAnnotatedFunctionConfigs(@TempDir Path dir) throws IOException {
    String config =
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: %s
          annotations: {config.kubernetes.io/function: "container: {image: racer-krm}"}
        data: {imageRegistry: registry.example.com/racer}
        """;
    Files.writeString(dir.resolve("a.yaml"), config.formatted("first-fn"));
    Files.writeString(dir.resolve("b.yaml"), config.formatted("second-fn"));
    Files.writeString(
        dir.resolve("settings.yaml"),
        "apiVersion: v1\nkind: ConfigMap\n"
            + "metadata: {name: racer-settings, namespace: racer}\n");

    KrmRun run = assertRefused(render(dir.toString()));

    assertThat(run.stderr())
        .isEqualTo(
            "error: 2 objects carry the config.kubernetes.io/function annotation (ConfigMap"
                + " first-fn in "
                + dir.resolve("a.yaml")
                + ", ConfigMap second-fn in "
                + dir.resolve("b.yaml")
                + "); name the function config with --function-config FILE\n");
  }
}
