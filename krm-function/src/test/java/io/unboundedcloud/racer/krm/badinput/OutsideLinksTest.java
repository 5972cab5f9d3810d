package io.unboundedcloud.racer.krm.badinput;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A repository cannot make racer-krm read a file outside the folder it was given: a symbolic link
 * inside the folder (directly, or through a chain of links) to a file elsewhere is refused by every
 * mode that reads files, naming the link as it lies in the folder, and no byte of the file outside
 * reaches stdout or a message. Links to files inside the folder still work; links to folders are
 * not followed.
 */
@DisplayName("Symbolic links out of the folder: refused in every mode, nothing of the file shown")
class OutsideLinksTest {
  /** What the files outside hold: it must never be printed. */
  private static final String SECRET = "SECRET-7c1e";

  private static final String SETTINGS =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: racer-settings, namespace: racer}
      data: {RACER_PEER_PORT: "9123"}
      """;

  @TempDir Path base;
  private Path outside;
  private Path app;

  @BeforeEach
  void folders() throws IOException {
    outside = Files.createDirectories(base.resolve("outside"));
    // a kubeconfig-like file that is valid YAML of an object, and a password file that is not YAML
    Files.writeString(
        outside.resolve("kubeconfig.yaml"),
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: stolen, namespace: racer}\n"
            + "data: {token: "
            + SECRET
            + "-token}\n");
    Files.writeString(outside.resolve("passwd"), "root:" + SECRET + ":0:0:root:/root:/bin/sh\n");
    app = Files.createDirectories(base.resolve("app"));
    Files.writeString(app.resolve("racer-settings.yaml"), SETTINGS);
    try (InputStream config =
        OutsideLinksTest.class.getResourceAsStream(
            "/badinput/render/no-settings/function-config.yaml")) {
      Files.copy(config, app.resolve("function-config.yaml"));
    }
  }

  /** Puts the link the case names into the app folder; returns the link's name in the folder. */
  private Path plant(String link) throws IOException {
    return switch (link) {
      case "a link to a secret-bearing YAML file" ->
          Files.createSymbolicLink(app.resolve("kc.yaml"), outside.resolve("kubeconfig.yaml"));
      case "a relative link to a file that is not YAML" ->
          Files.createSymbolicLink(app.resolve("passwd.yaml"), Path.of("../outside/passwd"));
      case "a chain of links through the folder" -> {
        Files.createSymbolicLink(app.resolve("hop"), outside.resolve("kubeconfig.yaml"));
        yield Files.createSymbolicLink(app.resolve("chain.yaml"), Path.of("hop"));
      }
      case "a link in a subfolder" -> {
        Files.createDirectories(app.resolve("deep/er"));
        yield Files.createSymbolicLink(
            app.resolve("deep/er/kc.yml"), Path.of("../../../outside/kubeconfig.yaml"));
      }
      default -> throw new IllegalArgumentException(link);
    };
  }

  private static KrmRun run(String... args) {
    return KrmRun.run(new byte[0], KrmRun.HANG_GUARD, args);
  }

  private static void assertNothingOfTheSecret(KrmRun run) {
    assertThat(run.stdout()).as("stdout\n%s", run.describe()).doesNotContain(SECRET);
    assertThat(run.stderr()).as("stderr\n%s", run.describe()).doesNotContain(SECRET);
  }

  private void assertRefusedNaming(KrmRun run, Path link) {
    Verdict.assertCleanFailure(run);
    assertThat(run.stdout()).as("stdout\n%s", run.describe()).isEmpty();
    assertThat(run.stderr())
        .contains(
            "error: " + link + ": a symbolic link to a file outside " + app,
            "reads only the files inside the folder it is given",
            "Copy the file into the folder, or name it on the command line of its own");
    assertNothingOfTheSecret(run);
  }

  static Stream<String> links() {
    return Stream.of(
        "a link to a secret-bearing YAML file",
        "a relative link to a file that is not YAML",
        "a chain of links through the folder",
        "a link in a subfolder");
  }

  private static final String LINKS = "io.unboundedcloud.racer.krm.badinput.OutsideLinksTest#links";

  @Nested
  @DisplayName("each mode refuses the folder, naming the link")
  class EachMode {
    @ParameterizedTest(name = "render: {0}")
    @MethodSource(LINKS)
    void render(String link) throws IOException {
      Path planted = plant(link);
      assertRefusedNaming(run("render", app.toString()), planted);
    }

    @ParameterizedTest(name = "verify: {0}")
    @MethodSource(LINKS)
    void verify(String link) throws IOException {
      Path planted = plant(link);
      assertRefusedNaming(run("verify", app.toString()), planted);
    }

    @ParameterizedTest(name = "adopt: {0}")
    @MethodSource(LINKS)
    void adopt(String link) throws IOException {
      Path planted = plant(link);
      assertRefusedNaming(run("adopt", app.toString()), planted);
    }

    @ParameterizedTest(name = "diff, the folder on either side: {0}")
    @MethodSource(LINKS)
    void diff(String link) throws IOException {
      Path other = Files.createDirectories(base.resolve("other"));
      Files.writeString(other.resolve("racer-settings.yaml"), SETTINGS);
      Path planted = plant(link);
      assertRefusedNaming(run("diff", other.toString(), app.toString()), planted);
      assertRefusedNaming(run("diff", app.toString(), other.toString()), planted);
    }

    @ParameterizedTest(name = "announce: the catalog's defaults, exit 0, the reason: {0}")
    @MethodSource(LINKS)
    void announce(String link) throws IOException {
      Path planted = plant(link);
      KrmRun run = run("announce", app.toString());
      assertThat(run.exitCode()).as(run.describe()).isZero();
      assertThat(run.stderr())
          .contains(planted + ": a symbolic link to a file outside " + app, "defaults");
      assertThat(run.stdout()).contains("\"name\":\"RACER_PEER_PORT\"");
      assertNothingOfTheSecret(run);
    }
  }

  @Nested
  @DisplayName("what still works")
  class StillWorks {
    @Test
    @DisplayName("a link to a file inside the folder is read as the file")
    void linkInside() throws IOException {
      Files.createDirectories(app.resolve("kept"));
      Files.move(app.resolve("racer-settings.yaml"), app.resolve("kept/settings.src"));
      Files.createSymbolicLink(app.resolve("racer-settings.yaml"), Path.of("kept/settings.src"));
      KrmRun run = run("render", app.toString());
      assertThat(run.exitCode()).as(run.describe()).isZero();
      // the port the linked racer-settings sets reaches the rendered DaemonSet
      assertThat(run.stdout()).contains("RACER_PEER_PORT: \"9123\"");
    }

    @Test
    @DisplayName("a link to a folder outside is not followed: its files are not read")
    void folderLinkOutside() throws IOException {
      Files.createSymbolicLink(app.resolve("sub"), outside);
      KrmRun run = run("render", app.toString());
      assertThat(run.exitCode()).as(run.describe()).isZero();
      assertNothingOfTheSecret(run);
      assertThat(run.stdout()).doesNotContain("stolen");
    }

    @Test
    @DisplayName("the folder named through a link is the user's choice: read, named as given")
    void folderNamedThroughALink() throws IOException {
      Path named = Files.createSymbolicLink(base.resolve("named"), app);
      Files.writeString(app.resolve("racer-settings.yaml"), SETTINGS.replace("9123", "80"));
      KrmRun run = run("render", named.toString());
      assertThat(run.exitCode()).as(run.describe()).isEqualTo(1);
      assertThat(run.stderr()).contains("in " + named.resolve("racer-settings.yaml"));
    }

    @Test
    @DisplayName("a file named on the command line through a link is the user's choice")
    void fileNamedThroughALink() throws IOException {
      Files.move(app.resolve("function-config.yaml"), outside.resolve("function-config.yaml"));
      Path config =
          Files.createSymbolicLink(
              base.resolve("config.yaml"), outside.resolve("function-config.yaml"));
      KrmRun run = run("render", app.toString(), "--function-config", config.toString());
      assertThat(run.exitCode()).as(run.describe()).isZero();
      assertThat(run.stdout()).contains("image: registry.example.com/racer/");
    }
  }
}
