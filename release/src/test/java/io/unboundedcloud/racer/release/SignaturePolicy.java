package io.unboundedcloud.racer.release;

import io.unboundedcloud.racer.krm.image.ContainerTools;
import io.unboundedcloud.racer.krm.runtime.CommandRun;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Test support: what a user writes to have containers/image (skopeo, podman, CRI-O) accept the
 * released image only when signed by the release key, in a folder of the test's own, never {@code
 * /etc/containers}: a {@code policy.json} that rejects everything but images of one repository
 * signed by a key of one keyring ({@code signedBy}, containers-policy.json(5)), and a {@code
 * registries.d} file naming the lookaside URL where that repository's signatures are published
 * (containers-registries.d(5)). skopeo is given both with {@code --policy} and {@code
 * --registries.d}; podman with {@code --signature-policy} and a {@code HOME} whose {@code
 * .config/containers/registries.d} holds the file (containers/image reads the user's folder before
 * the system's).
 */
final class SignaturePolicy {
  private final Path folder;

  private SignaturePolicy(Path folder) {
    this.folder = folder;
  }

  /** Why the image's signatures cannot be verified here (no skopeo), or {@code null}. */
  static String unavailableReason() {
    return ContainerTools.onPath("skopeo").isEmpty()
        ? "skopeo not found on PATH (Debian's skopeo; .ci/run installs it)"
        : null;
  }

  /**
   * A policy accepting {@code repository} (HOST:PORT/racer-krm) signed by a key of {@code keyring},
   * its signatures at {@code lookaside}.
   */
  static SignaturePolicy write(Path folder, String repository, Path keyring, URI lookaside)
      throws IOException {
    Files.createDirectories(folder);
    Files.writeString(
        folder.resolve("policy.json"),
        String.join(
            "\n",
            "{",
            "  \"default\": [{\"type\": \"reject\"}],",
            "  \"transports\": {",
            "    \"docker\": {",
            "      \"" + repository + "\": [",
            "        {\"type\": \"signedBy\", \"keyType\": \"GPGKeys\", \"keyPath\": \""
                + keyring
                + "\"}",
            "      ]",
            "    }",
            "  }",
            "}",
            ""));
    String registriesD =
        String.join("\n", "docker:", "  " + repository + ":", "    lookaside: " + lookaside, "");
    Files.createDirectories(folder.resolve("registries.d"));
    Files.writeString(folder.resolve("registries.d/racer-krm.yaml"), registriesD);
    Path userFolder =
        Files.createDirectories(folder.resolve("home/.config/containers/registries.d"));
    Files.writeString(userFolder.resolve("racer-krm.yaml"), registriesD);
    return new SignaturePolicy(folder);
  }

  /**
   * {@code skopeo copy} of {@code image} (docker transport) to a folder ({@code dir:}, which keeps
   * the signatures it read), under this policy; {@code arch} chooses the index's image as {@code
   * --override-arch} does ({@code null}: the machine's).
   */
  CommandRun skopeoCopy(String image, Path authFile, String arch, String into) throws IOException {
    List<String> command =
        new ArrayList<>(
            List.of(
                "skopeo",
                "--policy",
                folder.resolve("policy.json").toString(),
                "--registries.d",
                folder.resolve("registries.d").toString()));
    if (arch != null) {
      command.addAll(List.of("--override-arch", arch));
    }
    Path layout = folder.resolve("copies").resolve(into);
    Files.createDirectories(layout.getParent());
    command.addAll(
        List.of(
            "copy", "--src-authfile", authFile.toString(), "docker://" + image, "dir:" + layout));
    return CommandRun.of(folder, Map.of(), command);
  }

  /** {@code skopeo copy --all} of {@code image}: the whole index, checked by its own signature. */
  CommandRun skopeoCopyAll(String image, Path authFile, String into) throws IOException {
    Path layout = folder.resolve("copies").resolve(into);
    Files.createDirectories(layout.getParent());
    return CommandRun.of(
        folder,
        Map.of(),
        List.of(
            "skopeo",
            "--policy",
            folder.resolve("policy.json").toString(),
            "--registries.d",
            folder.resolve("registries.d").toString(),
            "copy",
            "--all",
            "--src-authfile",
            authFile.toString(),
            "docker://" + image,
            "dir:" + layout));
  }

  /** {@code podman pull image} under this policy, into the test's container storage. */
  CommandRun podmanPull(String image, Path authFile) {
    return CommandRun.of(
        folder,
        Map.of("HOME", folder.resolve("home").toString()),
        List.of(
            "podman",
            "--root",
            ContainerTools.storageRoot().toString(),
            "--runroot",
            ContainerTools.runRoot().toString(),
            "--storage-driver",
            "vfs",
            "--cgroup-manager",
            "cgroupfs",
            "pull",
            "--signature-policy",
            folder.resolve("policy.json").toString(),
            "--authfile",
            authFile.toString(),
            image));
  }
}
