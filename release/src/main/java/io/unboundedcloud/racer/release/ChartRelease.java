package io.unboundedcloud.racer.release;

import com.marcnuri.helm.Helm;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The chart half of {@code tools/release.sh}, with Helm running in this JVM (helm-java), so that a
 * release needs no {@code helm} binary: {@code package} is {@code helm package CHART -d OUT} and
 * prints the package's path (the release then rewrites it reproducibly, see {@code
 * tools/reproducible-tar.sh}); {@code push} is {@code helm push PACKAGE REMOTE} and prints only the
 * pushed chart's digest on stdout. Helm's own report goes to stderr.
 *
 * <p>Usage: {@code ChartRelease package CHART OUT}, {@code ChartRelease push PACKAGE
 * oci://REGISTRY/charts [--ca-file FILE] [--plain-http]}. Credentials: Helm's registry config under
 * {@code HELM_CONFIG_HOME}, the only place helm-java's registry client reads them from ({@code
 * tools/release.sh} links it to the chosen file). The CA: {@code --ca-file}, else what Go trusts
 * (the system's store, {@code SSL_CERT_FILE}).
 */
public final class ChartRelease {
  private static final Pattern DIGEST = Pattern.compile("Digest:\\s*(sha256:[0-9a-f]{64})");

  private ChartRelease() {}

  public static void main(String[] args) throws IOException {
    Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir")));
    if (args.length == 3 && "package".equals(args[0])) {
      System.out.println(packageChart(Path.of(args[1]), Path.of(args[2])));
      return;
    }
    boolean plainHttp = false;
    Path caFile = null;
    boolean usable = args.length >= 3 && "push".equals(args[0]) && args[2].startsWith("oci://");
    for (int i = 3; usable && i < args.length; i++) {
      if ("--plain-http".equals(args[i])) {
        plainHttp = true;
      } else if ("--ca-file".equals(args[i]) && i + 1 < args.length) {
        caFile = Path.of(args[++i]);
      } else {
        usable = false;
      }
    }
    if (!usable) {
      System.err.println(
          "usage: ChartRelease package CHART OUT | push PACKAGE oci://REGISTRY/charts [--ca-file FILE] [--plain-http]");
      System.exit(2);
    }
    System.out.println(push(Path.of(args[1]), URI.create(args[2]), caFile, plainHttp));
  }

  /** Packages {@code chart} into {@code out}, returns the package. */
  static Path packageChart(Path chart, Path out) throws IOException {
    Files.createDirectories(out);
    new Helm(chart).packageIt().withDestination(out).call();
    try (Stream<Path> files = Files.list(out)) {
      return files
          .filter(f -> f.getFileName().toString().endsWith(".tgz"))
          .findFirst()
          .orElseThrow(() -> new IllegalStateException("helm package wrote no .tgz into " + out));
    }
  }

  /** Pushes the chart package to {@code remote}, returns the digest. */
  static String push(Path packaged, URI remote, Path caFile, boolean plainHttp) {
    var push = Helm.push().withChart(packaged).withRemote(remote);
    if (plainHttp) {
      push.plainHttp();
    }
    if (caFile != null) {
      push.withCaFile(caFile);
    }
    String report = push.call();
    System.err.print(report);
    Matcher digest = DIGEST.matcher(report);
    if (!digest.find()) {
      throw new IllegalStateException("helm push reported no digest: " + report);
    }
    return digest.group(1);
  }
}
