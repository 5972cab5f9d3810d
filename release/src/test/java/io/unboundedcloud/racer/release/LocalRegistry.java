package io.unboundedcloud.racer.release;

import com.marcnuri.helm.Helm;
import io.unboundedcloud.racer.krm.image.ContainerTools;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.HttpsURLConnection;

/**
 * Test support: the CNCF distribution registry (Debian's {@code docker-registry}) on 127.0.0.1, on
 * a free port, as users' registries are: TLS with a certificate of a CA made for the test, and
 * credentials ({@link RegistrySecrets}) checked either by the registry itself (htpasswd, Basic
 * auth) or by a token service ({@link TokenServer}, Bearer tokens, as ghcr, ACR and Harbor do). Its
 * storage and config are in a folder of the test's own; the Debian service and its config are never
 * used. {@link #trustInCertsDir} makes containers trust the CA the standard way, {@code
 * /etc/containers/certs.d/HOST:PORT/ca.crt}, and {@link #close} removes exactly that entry and
 * stops the registry. {@link #startPlainHttp} starts one as a developer's throwaway registry is:
 * plain HTTP, no credentials.
 */
final class LocalRegistry implements AutoCloseable {
  private static final String BINARY = "docker-registry";
  private static final long START_MILLIS = 30_000;
  private static final Path CERTS_D = Path.of("/etc/containers/certs.d");

  private final Process process;
  private final int port;
  private final Path log;
  private final RegistrySecrets secrets;
  private final TokenServer tokens;
  private final List<Path> created = new java.util.ArrayList<>();

  /** How the registry checks credentials. */
  enum Auth {
    /** The registry checks Basic credentials against an htpasswd file. */
    HTPASSWD,
    /** The registry asks for a Bearer token from a {@link TokenServer} (realm, service, scope). */
    TOKEN
  }

  private LocalRegistry(
      Process process, int port, Path log, RegistrySecrets secrets, TokenServer tokens) {
    this.process = process;
    this.port = port;
    this.log = log;
    this.secrets = secrets;
    this.tokens = tokens;
  }

  /** Why no registry can be started here, or {@code null}. */
  static String unavailableReason() {
    return binary().isEmpty()
        ? BINARY + " not found on PATH (Debian's docker-registry package; .ci/run installs it)"
        : RegistrySecrets.unavailableReason();
  }

  RegistrySecrets secrets() {
    return secrets;
  }

  /**
   * Puts the CA where podman, buildah and the release look for a registry's CA: {@code
   * /etc/containers/certs.d/HOST:PORT/ca.crt}. The folder is new (the port is free), and {@link
   * #close} removes it.
   */
  void trustInCertsDir() throws IOException {
    Path folder = CERTS_D.resolve(host());
    if (Files.exists(folder)) {
      throw new IllegalStateException(folder + " exists already: not touching it");
    }
    if (!Files.isDirectory(CERTS_D)) {
      Files.createDirectories(CERTS_D);
      created.add(0, CERTS_D);
    }
    Files.createDirectory(folder);
    created.add(0, folder);
    Files.copy(secrets.ca(), folder.resolve("ca.crt"));
    created.add(0, folder.resolve("ca.crt"));
  }

  /** The token service of a registry started with {@link Auth#TOKEN}. */
  TokenServer tokens() {
    if (tokens == null) {
      throw new IllegalStateException("this registry checks htpasswd: it has no token service");
    }
    return tokens;
  }

  /**
   * An HTTPS connection to {@code path} ({@code /v2/REPOSITORY/manifests|blobs|tags/...}) as the
   * test user allowed to pull REPOSITORY: Basic, or a Bearer token from the token service.
   */
  HttpsURLConnection openAsUser(String path) throws IOException {
    java.util.regex.Matcher repository =
        java.util.regex.Pattern.compile("^/v2/(.+)/(manifests|blobs|tags)/").matcher(path);
    if (!repository.find()) {
      throw new IllegalArgumentException("not a repository's path: " + path);
    }
    HttpsURLConnection connection = open(path);
    connection.setRequestProperty(
        "Authorization",
        tokens == null
            ? "Basic " + secrets.basicCredentials()
            : "Bearer " + tokens.tokenFor("repository:" + repository.group(1) + ":pull"));
    return connection;
  }

  /**
   * The digest the registry serves for {@code repository:tag} (Docker-Content-Digest of the
   * manifest, image or index), asked as the test user.
   */
  String digest(String repository, String tag) throws IOException {
    HttpsURLConnection connection = openAsUser("/v2/" + repository + "/manifests/" + tag);
    connection.setRequestMethod("HEAD");
    connection.setRequestProperty(
        "Accept",
        String.join(
            ", ",
            "application/vnd.oci.image.manifest.v1+json",
            "application/vnd.docker.distribution.manifest.v2+json",
            "application/vnd.oci.image.index.v1+json"));
    if (connection.getResponseCode() != 200) {
      throw new AssertionError(
          repository + ":" + tag + " in the registry: HTTP " + connection.getResponseCode());
    }
    return connection.getHeaderField("Docker-Content-Digest");
  }

  /**
   * {@code helm registry login} as the test user, with the CA, into the Helm config home the
   * failsafe run sets (release/pom.xml), never the user's.
   */
  void logInHelm() {
    String helmConfig = System.getenv("HELM_CONFIG_HOME");
    if (helmConfig == null || !helmConfig.contains("target")) {
      throw new IllegalStateException(
          "HELM_CONFIG_HOME is " + helmConfig + ", not under target/: not logging Helm in there");
    }
    Helm.registry()
        .login()
        .withHost(host())
        .withUsername(RegistrySecrets.USER)
        .withPassword(secrets.password())
        .withCaFile(secrets.ca())
        .call();
  }

  /** Starts a registry with htpasswd auth; see {@link #start(Path, Auth)}. */
  static LocalRegistry start(Path folder) {
    return start(folder, Auth.HTPASSWD);
  }

  /**
   * Starts a registry with its storage and config under {@code folder} (and, for {@link
   * Auth#TOKEN}, its token service); waits until it answers /v2/.
   */
  static LocalRegistry start(Path folder, Auth auth) {
    TokenServer tokens = null;
    try {
      int port = freePort();
      RegistrySecrets secrets =
          RegistrySecrets.make(folder.resolve("secrets"), "127.0.0.1:" + port);
      String authSection;
      if (auth == Auth.TOKEN) {
        tokens = TokenServer.start(secrets);
        authSection =
            "  token: {realm: '"
                + tokens.realm()
                + "', service: "
                + TokenServer.SERVICE
                + ", issuer: "
                + TokenServer.ISSUER
                + ", rootcertbundle: '"
                + secrets.ca()
                + "'}";
      } else {
        authSection = "  htpasswd: {realm: racer-krm-test, path: '" + secrets.htpasswd() + "'}";
      }
      return launch(
          folder,
          port,
          List.of(
              "auth:",
              authSection,
              "http:",
              "  addr: '127.0.0.1:" + port + "'",
              "  tls: {certificate: '"
                  + secrets.serverCertificate()
                  + "', key: '"
                  + secrets.serverKey()
                  + "'}"),
          secrets,
          tokens);
    } catch (IOException e) {
      if (tokens != null) {
        tokens.close();
      }
      throw new UncheckedIOException("cannot start " + BINARY + " in " + folder, e);
    }
  }

  /**
   * Starts a registry without TLS and without auth (anyone may push), its storage and config under
   * {@code folder}; waits until it answers /v2/. It has no {@link #secrets}: speak to it over
   * {@link #plainUri}.
   */
  static LocalRegistry startPlainHttp(Path folder) {
    try {
      int port = freePort();
      return launch(folder, port, List.of("http:", "  addr: '127.0.0.1:" + port + "'"), null, null);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + BINARY + " in " + folder, e);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  /**
   * Writes the config (storage under {@code folder}, then {@code listening}: auth and http), runs
   * the registry on it and waits until it answers.
   */
  private static LocalRegistry launch(
      Path folder, int port, List<String> listening, RegistrySecrets secrets, TokenServer tokens)
      throws IOException {
    Path storage = Files.createDirectories(folder.resolve("storage"));
    List<String> lines = new java.util.ArrayList<>();
    lines.add("version: 0.1");
    lines.add("log: {level: warn}");
    lines.add("storage:");
    lines.add("  filesystem: {rootdirectory: '" + storage + "'}");
    lines.add("  delete: {enabled: true}");
    lines.addAll(listening);
    lines.add("");
    Path config = Files.writeString(folder.resolve("config.yml"), String.join("\n", lines));
    Path log = folder.resolve("registry.log");
    Process process =
        new ProcessBuilder(List.of(binary().orElseThrow().toString(), "serve", config.toString()))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    LocalRegistry registry = new LocalRegistry(process, port, log, secrets, tokens);
    registry.awaitReady();
    return registry;
  }

  /**
   * {@code http://HOST:PORT} and {@code path}, for a registry started with {@link #startPlainHttp}.
   */
  URI plainUri(String path) {
    if (secrets != null) {
      throw new IllegalStateException("this registry speaks TLS only");
    }
    return URI.create("http://" + host() + path);
  }

  /** An HTTPS connection to {@code path} on the registry, trusting its CA only. */
  HttpsURLConnection open(String path) throws IOException {
    HttpsURLConnection connection =
        (HttpsURLConnection) URI.create("https://" + host() + path).toURL().openConnection();
    connection.setSSLSocketFactory(RegistryTrust.trusting(secrets.ca()).getSocketFactory());
    connection.setConnectTimeout(5_000);
    return connection;
  }

  /** {@code 127.0.0.1:PORT}, as image references and oci:// URLs name it. */
  String host() {
    return "127.0.0.1:" + port;
  }

  private void awaitReady() throws IOException {
    long deadline = System.currentTimeMillis() + START_MILLIS;
    while (System.currentTimeMillis() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            BINARY + " exited " + process.exitValue() + ": " + Files.readString(log));
      }
      try {
        // anonymous: 401, asking for the credentials; 200 without auth
        if (secrets == null
            ? ((java.net.HttpURLConnection) plainUri("/v2/").toURL().openConnection())
                    .getResponseCode()
                == 200
            : open("/v2/").getResponseCode() == 401) {
          return;
        }
      } catch (IOException notYet) {
        // not listening yet
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
    close();
    throw new IllegalStateException(
        BINARY
            + " did not answer on "
            + host()
            + " within "
            + START_MILLIS
            + " ms: "
            + Files.readString(log));
  }

  @Override
  public void close() {
    for (Path path : created) {
      try {
        Files.deleteIfExists(path);
      } catch (IOException e) {
        System.err.println("LocalRegistry: cannot remove " + path + ": " + e);
      }
    }
    created.clear();
    if (tokens != null) {
      tokens.close();
    }
    process.destroy();
    try {
      if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }

  private static Optional<Path> binary() {
    return ContainerTools.onPath(BINARY);
  }
}
