package io.unboundedcloud.racer.release;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * The check {@code tools/release.sh} makes before it builds or pushes anything, so that a release
 * is never pushed half: the registry is reached (over TLS with the CAs trusted the standard way,
 * see {@link RegistryTrust}, or plain HTTP), and each credentials file the release uses (buildah's
 * and Helm's) holds credentials the registry accepts for pushing. Prints the scheme to use, {@code
 * https} or {@code http}, on stdout; on failure one line on stderr naming the registry, exit 1.
 * With Basic auth the credentials must open {@code /v2/}; with a token service (Bearer), they must
 * get a token for push and pull of the repositories the release pushes to ({@link #RELEASED}), and
 * with it each of them must let a blob upload start (it is cancelled at once): a token service may
 * grant less than asked for, as to a user who may only pull.
 *
 * <p>Usage: {@code RegistryCheck REGISTRY [--plain-http] [--auth FILE]...}. A loopback registry
 * without {@code --plain-http} is spoken to over TLS when it answers TLS, else over plain HTTP.
 * Credentials kept by a credential helper ({@code credHelpers}, {@code credsStore}) are asked of it
 * ({@link CredentialHelper}) and checked the same way; only an identity token a helper holds is not
 * checked (it needs the OAuth2 exchange): the push then tells.
 */
public final class RegistryCheck {
  private static final Pattern CHALLENGE = Pattern.compile("(\\w+)=\"([^\"]*)\"");
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  /** The repositories below REGISTRY that tools/release.sh pushes to. */
  static final List<String> RELEASED = List.of("racer-krm", "racer-krm-bundle", "charts/racer");

  private final String registry;
  private final String host;
  private final String scheme;
  private final HttpClient client;

  RegistryCheck(String registry, String scheme) {
    this.registry = registry;
    this.host = registry.contains("/") ? registry.substring(0, registry.indexOf('/')) : registry;
    this.scheme = scheme;
    this.client =
        HttpClient.newBuilder()
            .connectTimeout(TIMEOUT)
            .sslContext(RegistryTrust.forHost(host))
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
  }

  public static void main(String[] args) throws InterruptedException {
    if (args.length < 1) {
      usage();
    }
    boolean plainHttp = false;
    Set<Path> authFiles = new LinkedHashSet<>();
    for (int i = 1; i < args.length; i++) {
      if ("--plain-http".equals(args[i])) {
        plainHttp = true;
      } else if ("--auth".equals(args[i]) && i + 1 < args.length) {
        authFiles.add(Path.of(args[++i]));
      } else {
        usage();
      }
    }
    String registry = args[0];
    String host = registry.contains("/") ? registry.substring(0, registry.indexOf('/')) : registry;
    String scheme = plainHttp || (isLoopback(host) && !speaksTls(host)) ? "http" : "https";
    String failure = new RegistryCheck(registry, scheme).failure(authFiles);
    if (failure != null) {
      System.err.println("release: error: " + failure);
      System.exit(1);
    }
    System.out.println(scheme);
  }

  private static void usage() {
    System.err.println("usage: RegistryCheck REGISTRY [--plain-http] [--auth FILE]...");
    System.exit(2);
  }

  /** Why pushing to the registry with these credentials files would fail, or {@code null}. */
  private String failure(Set<Path> authFiles) throws InterruptedException {
    HttpResponse<String> anonymous;
    try {
      anonymous = get(URI.create(scheme + "://" + host + "/v2/"), null);
    } catch (IOException e) {
      return "cannot reach the registry "
          + registry
          + " over "
          + ("https".equals(scheme) ? "TLS" : "plain HTTP")
          + " ("
          + e
          + "): check the name, and that its CA is trusted (/etc/containers/certs.d/"
          + host
          + "/ca.crt, SSL_CERT_FILE or the system's store), or give --plain-http";
    }
    List<String> problems = new ArrayList<>();
    for (Path file : authFiles) {
      String problem = problem(anonymous, file);
      if (problem != null) {
        problems.add(problem);
      }
    }
    if (authFiles.isEmpty() && anonymous.statusCode() == 401) {
      problems.add("it asks for credentials and none are configured");
    }
    return problems.isEmpty()
        ? null
        : "the registry "
            + registry
            + " refuses the release: "
            + String.join("; ", problems)
            + " (log in first: buildah login "
            + host
            + ", helm registry login "
            + host
            + "; nothing was pushed)";
  }

  private String problem(HttpResponse<String> anonymous, Path file) throws InterruptedException {
    String credentials;
    try {
      credentials = credentials(file);
    } catch (CredentialHelper.Failure e) {
      return e.getMessage();
    } catch (IOException e) {
      return "cannot read " + file + ": " + e.getMessage();
    }
    if (anonymous.statusCode() == 200) {
      return null;
    }
    if (anonymous.statusCode() != 401) {
      return "/v2/ answered HTTP " + anonymous.statusCode();
    }
    if (credentials == null) {
      return "it asks for credentials and " + file + " holds none for " + host;
    }
    if (credentials.isEmpty()) {
      return null; // an identity token a credential helper keeps: the push will tell
    }
    String challenge = anonymous.headers().firstValue("WWW-Authenticate").orElse("");
    try {
      if (!challenge.regionMatches(true, 0, "Bearer", 0, 6)) {
        int status =
            get(URI.create(scheme + "://" + host + "/v2/"), "Basic " + credentials).statusCode();
        return status == 200 ? null : describe(file) + " (HTTP " + status + ")";
      }
      // a token service: may hand a token to anyone it knows, granting less than was asked for, so
      // each repository the release pushes to is asked to start an upload (then cancelled)
      String path =
          registry.length() > host.length() ? registry.substring(host.length() + 1) + "/" : "";
      List<String> repositories = RELEASED.stream().map(r -> path + r).toList();
      HttpResponse<String> token = get(tokenUri(challenge, repositories), "Basic " + credentials);
      if (token.statusCode() != 200) {
        return describe(file) + " (HTTP " + token.statusCode() + ")";
      }
      String bearer = bearer(token);
      for (String repository : repositories) {
        int upload = startAndCancelUpload(repository, bearer);
        if (upload != 202) {
          return describe(file)
              + " may not push to "
              + host
              + "/"
              + repository
              + " (the token service gave a token; starting an upload: HTTP "
              + upload
              + ")";
        }
      }
      return null;
    } catch (IOException e) {
      return "cannot check the credentials in " + file + ": " + e;
    }
  }

  /**
   * The status of starting a blob upload to {@code repository}, 202 when allowed; an upload started
   * is cancelled, so nothing stays behind.
   */
  private int startAndCancelUpload(String repository, String authorization)
      throws IOException, InterruptedException {
    HttpResponse<String> started =
        client.send(
            HttpRequest.newBuilder(uri("/v2/" + repository + "/blobs/uploads/"))
                .timeout(TIMEOUT)
                .header("Authorization", authorization)
                .POST(HttpRequest.BodyPublishers.noBody())
                .build(),
            HttpResponse.BodyHandlers.ofString());
    Optional<String> location = started.headers().firstValue("Location");
    if (started.statusCode() == 202 && location.isPresent()) {
      client.send(
          HttpRequest.newBuilder(uri("/").resolve(location.get()))
              .timeout(TIMEOUT)
              .header("Authorization", authorization)
              .DELETE()
              .build(),
          HttpResponse.BodyHandlers.discarding());
    }
    return started.statusCode();
  }

  private URI uri(String path) {
    return URI.create(scheme + "://" + host + path);
  }

  /** The Authorization header carrying the token a token service answered. */
  private static String bearer(HttpResponse<String> token) throws IOException {
    JsonNode body = new ObjectMapper().readTree(token.body());
    String value = body.path("token").asText(body.path("access_token").asText(""));
    if (value.isEmpty()) {
      throw new IOException("the token service answered no token");
    }
    return "Bearer " + value;
  }

  /** The token endpoint of a Bearer challenge, asking to push and pull {@code repositories}. */
  private URI tokenUri(String challenge, List<String> repositories) {
    Map<String, String> parameters = new java.util.HashMap<>();
    Matcher m = CHALLENGE.matcher(challenge);
    while (m.find()) {
      parameters.put(m.group(1).toLowerCase(java.util.Locale.ROOT), m.group(2));
    }
    StringBuilder query =
        new StringBuilder("service=")
            .append(
                URLEncoder.encode(
                    parameters.getOrDefault("service", host), StandardCharsets.UTF_8));
    for (String repository : repositories) {
      query
          .append("&scope=")
          .append(
              URLEncoder.encode("repository:" + repository + ":push,pull", StandardCharsets.UTF_8));
    }
    return URI.create(parameters.getOrDefault("realm", "") + "?" + query);
  }

  /**
   * base64(user:password) for this registry from a docker-style config file: from the credential
   * helper it names for the registry's host ({@code credHelpers}), else its {@code auths}, else its
   * {@code credsStore} helper (a {@link CredentialHelper.Failure} when a helper gives none); ""
   * when the helper holds an identity token; {@code null} when the file names none.
   */
  String credentials(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      return null;
    }
    JsonNode config = new ObjectMapper().readTree(file.toFile());
    // a helper named for the host comes first, as buildah, podman, Docker and Helm read the file
    String named = config.path("credHelpers").path(host).asText("");
    if (!named.isEmpty()) {
      return helped(named, file);
    }
    String best = null;
    int bestLength = -1;
    for (Iterator<Map.Entry<String, JsonNode>> it = config.path("auths").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> entry = it.next();
      String key = entry.getKey().replaceFirst("^https?://", "").replaceFirst("/+$", "");
      boolean matches =
          key.equals(host) || (registry + "/").startsWith(key + "/") || key.equals(registry);
      String auth = entry.getValue().path("auth").asText("");
      if (matches && !auth.isEmpty() && key.length() > bestLength) {
        best = auth;
        bestLength = key.length();
      }
    }
    if (best != null) {
      // validate the form: user:password, base64
      String decoded = new String(Base64.getDecoder().decode(best), StandardCharsets.UTF_8);
      if (!decoded.contains(":")) {
        throw new IOException("the auth of " + host + " is not base64 of user:password");
      }
      return best;
    }
    String store = config.path("credsStore").asText("");
    return store.isEmpty() ? null : helped(store, file);
  }

  /** Where the credentials of {@code file} for the host come from, for an error line. */
  private String describe(Path file) {
    try {
      JsonNode config = new ObjectMapper().readTree(file.toFile());
      String named = config.path("credHelpers").path(host).asText("");
      if (!named.isEmpty()) {
        return "the credentials that "
            + new CredentialHelper(named, file).program()
            + " gives for "
            + host
            + " (credHelpers in "
            + file
            + ")";
      }
    } catch (IOException e) {
      // read once already: then it was JSON
    }
    return "the credentials in " + file;
  }

  private String helped(String helper, Path file) throws IOException {
    String credentials = new CredentialHelper(helper, file).basicCredentials(host);
    return credentials == null ? "" : credentials;
  }

  /**
   * The Authorization header for pushing to {@code repository} (below the registry's host) with
   * {@code credentials} (base64 of user:password, or null): Basic, or a Bearer token from the
   * registry's token service; null when the registry asks for none.
   */
  String authorization(String repository, String credentials)
      throws IOException, InterruptedException {
    HttpResponse<String> anonymous = get(URI.create(scheme + "://" + host + "/v2/"), null);
    if (anonymous.statusCode() != 401 || credentials == null || credentials.isEmpty()) {
      return null;
    }
    String challenge = anonymous.headers().firstValue("WWW-Authenticate").orElse("");
    if (!challenge.regionMatches(true, 0, "Bearer", 0, 6)) {
      return "Basic " + credentials;
    }
    HttpResponse<String> token =
        get(tokenUri(challenge, List.of(repository)), "Basic " + credentials);
    if (token.statusCode() != 200) {
      throw new IOException("the token service answered HTTP " + token.statusCode());
    }
    return bearer(token);
  }

  String host() {
    return host;
  }

  private HttpResponse<String> get(URI uri, String authorization)
      throws IOException, InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET();
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static boolean isLoopback(String host) {
    String name = host.startsWith("[") ? host.substring(0, host.indexOf(']') + 1) : host;
    name =
        name.contains(":") && !name.startsWith("[") ? name.substring(0, name.indexOf(':')) : name;
    return name.startsWith("127.") || name.equals("localhost") || name.equals("[::1]");
  }

  /** Whether host answers a TLS handshake (any certificate: this only chooses the scheme). */
  private static boolean speaksTls(String host) {
    int colon = host.lastIndexOf(':');
    String name = colon > 0 && !host.endsWith("]") ? host.substring(0, colon) : host;
    int port = colon > 0 && !host.endsWith("]") ? Integer.parseInt(host.substring(colon + 1)) : 443;
    name = name.replace("[", "").replace("]", "");
    try {
      SSLContext any = SSLContext.getInstance("TLS");
      any.init(null, new TrustManager[] {new AnyCertificate()}, null);
      try (SSLSocket socket = (SSLSocket) any.getSocketFactory().createSocket()) {
        socket.connect(new InetSocketAddress(name, port), 5_000);
        socket.setSoTimeout(5_000);
        socket.startHandshake();
        return true;
      }
    } catch (IOException | java.security.GeneralSecurityException e) {
      return false;
    }
  }

  /** For the scheme probe only: its certificate is checked by the real connection. */
  private static final class AnyCertificate implements X509TrustManager {
    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}
