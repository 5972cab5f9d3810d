package io.unboundedcloud.racer.release;

import com.marcnuri.helm.Helm;
import io.unboundedcloud.racer.krm.runtime.CommandRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Helm 3 (helm-java's in-process Helm) pulling a released chart from an OCI registry with {@code
 * --verify} and a keyring, the way {@code helm dependency update --verify} does for a chart that
 * depends on it: the chart and its provenance layer are fetched, and the package is kept only when
 * its provenance is signed by a key of the keyring and names the package's SHA-256. helm-java's
 * pull, install and template have no verify switch; its dependency update is the one Helm 3 path it
 * exposes that runs Helm's own verification ({@code downloader.VerifyAlways}).
 *
 * <p>Run in a JVM of its own ({@code java -cp ... Helm3Verification ...}): this command's registry
 * client takes no CA file, so the registry's CA is given as Go reads it, {@code SSL_CERT_FILE},
 * read once per process; credentials come from {@code HELM_CONFIG_HOME/registry/config.json}.
 *
 * <p>Usage: {@code Helm3Verification oci://REGISTRY/charts NAME VERSION KEYRING FOLDER}. Writes a
 * chart {@code FOLDER/verifier} depending on NAME VERSION from the registry, updates its
 * dependencies with verification, and prints the verified package's path on stdout. Helm's error
 * goes to stderr, exit 1.
 */
public final class Helm3Verification {
  private Helm3Verification() {}

  /**
   * Runs it in a JVM of its own, in {@code folder}: the chart {@code name} {@code version} from
   * {@code remote} ({@code oci://REGISTRY/charts}), trusting {@code ca} and logged in with the
   * credentials of {@code authFile} (Helm's registry config format), verified with {@code keyring}.
   */
  static CommandRun run(
      Path folder, String remote, String name, String version, Path keyring, Path authFile, Path ca)
      throws IOException {
    Path config = Files.createDirectories(folder.resolve("config/registry"));
    Files.copy(authFile, config.resolve("config.json"));
    // this test JVM's class path: the release module's classes and tests, helm-java
    String classpath = System.getProperty("java.class.path");
    String java = ProcessHandle.current().info().command().orElse("java");
    return CommandRun.of(
        folder,
        Map.of(
            "SSL_CERT_FILE", ca.toString(),
            "HELM_CONFIG_HOME", folder.resolve("config").toString(),
            "HELM_CACHE_HOME", folder.resolve("cache").toString(),
            "HELM_DATA_HOME", folder.resolve("data").toString()),
        List.of(
            java,
            "-Djava.io.tmpdir=" + folder.resolve("tmp"),
            "-cp",
            classpath,
            Helm3Verification.class.getName(),
            remote,
            name,
            version,
            keyring.toString(),
            folder.toString()));
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 5 || !args[0].startsWith("oci://")) {
      System.err.println(
          "usage: Helm3Verification oci://REGISTRY/charts NAME VERSION KEYRING FOLDER");
      System.exit(2);
    }
    Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir")));
    Path verifier = Files.createDirectories(Path.of(args[4]).resolve("verifier"));
    Files.writeString(
        verifier.resolve("Chart.yaml"),
        String.join(
            "\n",
            "apiVersion: v2",
            "name: verifier",
            "version: 0.0.0",
            "dependencies:",
            "  - name: " + args[1],
            "    version: \"" + args[2] + "\"",
            "    repository: " + args[0],
            ""),
        StandardCharsets.UTF_8);
    try {
      String report =
          new Helm(verifier).dependency().update().withKeyring(Path.of(args[3])).verify().call();
      System.err.print(report);
    } catch (RuntimeException e) {
      System.err.println("helm dependency update --verify: " + e.getMessage());
      System.exit(1);
    }
    System.out.println(verifier.resolve("charts").resolve(args[1] + "-" + args[2] + ".tgz"));
  }
}
