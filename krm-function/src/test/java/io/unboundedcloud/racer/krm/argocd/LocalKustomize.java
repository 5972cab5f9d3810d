package io.unboundedcloud.racer.krm.argocd;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.e2e.DockerStandin;
import io.unboundedcloud.racer.krm.runtime.RuntimeFolder;
import io.unboundedcloud.racer.krm.toolchain.Kubectl;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * kustomize for the plugin tests, played by {@code kubectl kustomize} of one {@link Kubectl} (the
 * machine's, or the pinned kustomize 5.7): as the sidecar's Argo CD kustomize ({@link
 * #toolFolder}), and as the reference, what a user builds locally ({@link #build}: {@code kubectl
 * kustomize --enable-alpha-plugins}, the function's container run through the tests' docker
 * stand-in).
 */
final class LocalKustomize {
  private final Path kubectl;

  private LocalKustomize(Path kubectl) {
    this.kubectl = kubectl;
  }

  /**
   * Why the plugin cannot run on a kustomization here (no root, no kubectl, no sandbox for the
   * docker stand-in), or null.
   */
  static String unavailableReason() {
    return unavailableReason(Kubectl.MACHINE);
  }

  /** The same with {@code kubectl}. */
  static String unavailableReason(Kubectl kubectl) {
    String why = PluginServer.unavailableReason();
    if (why == null && kubectl.missing() != null) {
      why =
          "the overlay app is built with kubectl kustomize (standing in for Argo CD's kustomize): "
              + kubectl.missing();
    }
    return why == null ? DockerStandin.unavailableReason() : why;
  }

  /** The machine's kubectl; call only when {@link #unavailableReason()} is null. */
  static LocalKustomize find() {
    return of(Kubectl.MACHINE);
  }

  /** {@code kubectl}'s kustomize; call only when {@link #unavailableReason(Kubectl)} is null. */
  static LocalKustomize of(Kubectl kubectl) {
    return new LocalKustomize(kubectl.path());
  }

  /** A folder holding {@code kustomize}: Argo CD's kustomize build played by kubectl kustomize. */
  Path toolFolder(Path root) throws IOException {
    Path tools = Files.createDirectories(root.resolve("argocd-tools"));
    Files.setPosixFilePermissions(tools, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path kustomize = tools.resolve("kustomize");
    if (!Files.exists(kustomize)) {
      Files.writeString(
          kustomize,
          """
          #!/bin/sh
          # Argo CD's `kustomize build ARGS...`, played by kubectl's kustomize
          set -eu
          [ "${1:-}" = build ] || { echo "kustomize (test wrapper): only build is supported" >&2; exit 2; }
          shift
          exec %s kustomize "$@"
          """
              .formatted("'" + kubectl + "'"));
      Files.setPosixFilePermissions(kustomize, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    return tools;
  }

  /**
   * What a user builds locally: kubectl kustomize --enable-alpha-plugins, the function through the
   * test docker stand-in; it must succeed.
   */
  String build(Path root, Path folder) throws IOException, InterruptedException {
    Path work = Files.createDirectories(root.resolve("local"));
    DockerStandin docker = DockerStandin.install(work, RuntimeFolder.plainLauncher());
    File stdout = work.resolve("stdout").toFile();
    File stderr = work.resolve("stderr").toFile();
    ProcessBuilder builder =
        new ProcessBuilder(
                kubectl.toString(), "kustomize", "--enable-alpha-plugins", folder.toString())
            .redirectOutput(stdout)
            .redirectError(stderr);
    builder.environment().put("PATH", docker.bin + File.pathSeparator + System.getenv("PATH"));
    Process process = builder.start();
    if (!process.waitFor(PluginServer.DEADLINE_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
      throw new AssertionError("kubectl kustomize did not finish");
    }
    assertThat(process.exitValue())
        .as("local kubectl kustomize: %s", Files.readString(stderr.toPath()))
        .isZero();
    return Files.readString(stdout.toPath());
  }

  /** A YAML stream's objects; the stream must hold at least one. */
  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> objects(String stream) {
    List<Map<String, Object>> objects = new ArrayList<>();
    for (Object document : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(stream)) {
      if (document != null) {
        assertThat(document).as("a document that is not an object").isInstanceOf(Map.class);
        objects.add((Map<String, Object>) document);
      }
    }
    assertThat(objects).as("objects in%n%s", stream).isNotEmpty();
    return objects;
  }
}
