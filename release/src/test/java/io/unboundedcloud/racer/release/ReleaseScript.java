package io.unboundedcloud.racer.release;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.image.ContainerTools;
import io.unboundedcloud.racer.krm.runtime.CommandRun;
import io.unboundedcloud.racer.krm.runtime.RuntimeFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Test support: {@code tools/release.sh} run as the release tests run it, in buildah's standard
 * environment: the test's container storage (vfs) and chroot isolation, as ImageIT builds; the
 * credentials in {@code REGISTRY_AUTH_FILE}, and no Helm registry config ({@code XDG_CONFIG_HOME}
 * and {@code HELM_CONFIG_HOME} empty folders of the test's own), so that Helm takes the same file.
 */
final class ReleaseScript {
  static final Pattern IMAGE_LINE =
      Pattern.compile("(?m)^image (\\S+):(\\S+)@(sha256:[0-9a-f]{64})$");
  static final Pattern CHART_LINE =
      Pattern.compile("(?m)^chart oci://(\\S+)/charts/racer:(\\S+)@(sha256:[0-9a-f]{64})$");

  /** What a successful release printed: the version and the digests of the image and chart. */
  record Released(String version, String imageDigest, String chartDigest) {}

  /** A whole release may build the arm64 runtime and images under emulation. */
  private static final long TIMEOUT_SECONDS = 1800;

  private final Map<String, String> environment;

  private ReleaseScript(Map<String, String> environment) {
    this.environment = Map.copyOf(environment);
  }

  /**
   * Why a release cannot be made and checked here (no runtime folder, registry, openssl, buildah,
   * podman, gpg, skopeo or base image, or containers cannot run), or {@code null}. Makes the base
   * image when it can.
   */
  static String unavailableReason() {
    String why = RuntimeFolder.unavailableReason();
    if (why == null) {
      why = LocalRegistry.unavailableReason();
    }
    if (why == null) {
      why = ContainerTools.unavailableReason();
    }
    if (why == null) {
      why = ThrowawayKey.unavailableReason();
    }
    if (why == null) {
      why = SignaturePolicy.unavailableReason();
    }
    if (why == null) {
      why = ContainerTools.ensureBase();
    }
    if (why == null) {
      why = ContainerTools.cannotRunReason();
    }
    return why;
  }

  /** The environment's files (storage.conf, empty config folders) go into {@code folder}. */
  static ReleaseScript in(Path folder, Path authFile) throws IOException {
    Files.createDirectories(folder);
    Path storageConf = folder.resolve("storage.conf");
    Files.writeString(
        storageConf,
        "[storage]\ndriver = \"vfs\"\ngraphroot = \""
            + ContainerTools.storageRoot()
            + "\"\nrunroot = \""
            + ContainerTools.runRoot()
            + "\"\n");
    return new ReleaseScript(
        Map.of(
            "CONTAINERS_STORAGE_CONF",
            storageConf.toString(),
            "STORAGE_DRIVER",
            "vfs",
            "BUILDAH_ISOLATION",
            "chroot",
            "REGISTRY_AUTH_FILE",
            authFile.toString(),
            "XDG_CONFIG_HOME",
            Files.createDirectories(folder.resolve("xdg-config")).toString(),
            "HELM_CONFIG_HOME",
            Files.createDirectories(folder.resolve("helm-config")).toString()));
  }

  Map<String, String> environment() {
    return environment;
  }

  /** The same environment with {@code name} set to {@code value}. */
  ReleaseScript with(String name, String value) {
    Map<String, String> changed = new HashMap<>(environment);
    changed.put(name, value);
    return new ReleaseScript(changed);
  }

  /** {@code tools/release.sh ARGS...} from the repository's root. */
  CommandRun run(String... args) {
    List<String> command = new ArrayList<>();
    command.add(RuntimeFolder.repository().resolve("tools/release.sh").toString());
    command.addAll(List.of(args));
    return CommandRun.of(
        RuntimeFolder.repository(), environment, new byte[0], command, TIMEOUT_SECONDS);
  }

  /** The version and digests {@code run}, a release that succeeded, printed on stdout. */
  static Released released(CommandRun run) {
    run.succeeded();
    Matcher image = IMAGE_LINE.matcher(run.stdoutText());
    Matcher chart = CHART_LINE.matcher(run.stdoutText());
    assertThat(image.find()).as("an image line in %s", run.stdoutText()).isTrue();
    assertThat(chart.find()).as("a chart line in %s", run.stdoutText()).isTrue();
    return new Released(image.group(2), image.group(3), chart.group(3));
  }

  /** {@code git status} of the checkout, to show the release wrote nothing beyond target/. */
  static String checkoutStatus() {
    return CommandRun.of(
            RuntimeFolder.repository(),
            Map.of(),
            List.of("git", "status", "--porcelain", "--untracked-files=all"))
        .stdoutText();
  }
}
