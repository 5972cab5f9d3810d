package io.unboundedcloud.racer.release;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import land.oras.Annotations;
import land.oras.ArtifactType;
import land.oras.Config;
import land.oras.ContainerRef;
import land.oras.LocalPath;
import land.oras.Registry;
import land.oras.auth.UsernamePasswordProvider;
import land.oras.exception.OrasException;

/**
 * Pushes an exec bundle and its SHA-256 file to the registry as one OCI artifact (an image manifest
 * with an artifact type, the empty config, one layer per file titled with its name), through ORAS's
 * Java SDK as {@code oras push} would. The credentials are {@link RegistryCheck}'s reading of the
 * credentials file (ORAS reads {@code auths} only, not credential helpers), the TLS trust {@link
 * RegistryTrust}'s; ORAS speaks the token service itself. The manifest's created time is
 * SOURCE_DATE_EPOCH's, so the same bundle pushes to the same digest. Prints the manifest's digest
 * on stdout.
 *
 * <p>Usage: {@code BundlePush REGISTRY REPOSITORY TAG SCHEME AUTH_FILE FILE...} (REPOSITORY below
 * REGISTRY, SCHEME {@code https} or {@code http} as {@link RegistryCheck} printed it, AUTH_FILE
 * {@code -} for none).
 */
public final class BundlePush {
  static final String ARTIFACT_TYPE = "application/vnd.unbounded-cloud.racer-krm.bundle.v1";

  private BundlePush() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 6) {
      System.err.println("usage: BundlePush REGISTRY REPOSITORY TAG SCHEME AUTH_FILE FILE...");
      System.exit(2);
    }
    RegistryCheck check = new RegistryCheck(args[0], args[3]);
    String credentials = "-".equals(args[4]) ? null : check.credentials(Path.of(args[4]));
    // ORAS's HTTP client trusts the JVM's default context: the one tools/release.sh's check trusted
    javax.net.ssl.SSLContext.setDefault(RegistryTrust.forHost(check.host()));
    Registry.Builder builder = Registry.builder().withInsecure("http".equals(check.scheme()));
    if (credentials != null && !credentials.isEmpty()) {
      String[] user =
          new String(
                  Base64.getDecoder().decode(credentials), java.nio.charset.StandardCharsets.UTF_8)
              .split(":", 2);
      builder.withAuthProvider(new UsernamePasswordProvider(user[0], user[1]));
    }
    List<LocalPath> files = new ArrayList<>();
    for (int i = 5; i < args.length; i++) {
      Path file = Path.of(args[i]);
      files.add(
          LocalPath.of(
              file,
              file.getFileName().toString().endsWith(".tar.gz")
                  ? "application/vnd.oci.image.layer.v1.tar+gzip"
                  : "text/plain"));
    }
    try {
      var manifest =
          builder
              .build()
              .pushArtifact(
                  ContainerRef.parse(args[0] + "/" + args[1] + ":" + args[2]),
                  ArtifactType.from(ARTIFACT_TYPE),
                  Annotations.ofManifest(Map.of("org.opencontainers.image.created", created())),
                  Config.empty(),
                  files.toArray(LocalPath[]::new));
      System.out.println(manifest.getDescriptor().getDigest());
    } catch (OrasException e) {
      System.err.println("release: error: pushing to " + args[0] + "/" + args[1] + ": " + e);
      System.exit(1);
    }
  }

  /** SOURCE_DATE_EPOCH as an RFC 3339 time (tools/release.sh sets it to the commit's time). */
  private static String created() {
    String epoch = System.getenv("SOURCE_DATE_EPOCH");
    return Instant.ofEpochSecond(epoch == null ? 0 : Long.parseLong(epoch.strip())).toString();
  }
}
