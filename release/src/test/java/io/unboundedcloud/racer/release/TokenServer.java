package io.unboundedcloud.racer.release;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * Test support: the token service of a registry with token auth, as ghcr, ACR and Harbor have one
 * (the Docker registry token protocol). On {@code GET /token?service=...&scope=...} it checks the
 * Basic credentials against {@link RegistrySecrets#authFile}, and answers a JWT (ES256) signed with
 * {@link RegistrySecrets#tokenKey}, whose certificate, signed by the test's CA, it names in the
 * {@code x5c} header: the registry trusts it through its {@code rootcertbundle}, the CA. The token
 * grants what the user may do: {@code push} and {@code pull} on any repository to the user; nothing
 * to anonymous. Wrong credentials get HTTP 401. Served over TLS with the registry's server
 * certificate, so clients trust it as they trust the registry. Every grant is kept ({@link
 * #grants}).
 */
final class TokenServer implements AutoCloseable {
  static final String SERVICE = "racer-krm-test-registry";
  static final String ISSUER = "racer-krm-test-token-service";
  private static final Set<String> USER_ACTIONS = Set.of("push", "pull");
  private static final Set<String> READER_ACTIONS = Set.of("pull");
  private static final long LIFETIME_SECONDS = 300;

  private final HttpsServer server;
  private final RegistrySecrets secrets;
  private final PrivateKey signingKey;
  private final String signingCertificate;
  private final List<Grant> grants = Collections.synchronizedList(new ArrayList<>());

  /**
   * What one token granted on one repository; {@code subject} "" for anonymous; {@code client} the
   * asking client's User-Agent.
   */
  record Grant(String subject, String repository, Set<String> actions, String client) {}

  private TokenServer(HttpsServer server, RegistrySecrets secrets) {
    this.server = server;
    this.secrets = secrets;
    try {
      this.signingKey = privateKey(secrets.tokenKey());
      this.signingCertificate =
          Base64.getEncoder()
              .encodeToString(certificates(secrets.tokenCertificate())[0].getEncoded());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot read the token signing key: " + e, e);
    }
  }

  /** Starts the service on 127.0.0.1, a free port. */
  static TokenServer start(RegistrySecrets secrets) {
    try {
      HttpsServer server =
          HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      server.setHttpsConfigurator(new HttpsConfigurator(serverContext(secrets)));
      TokenServer tokens = new TokenServer(server, secrets);
      server.createContext("/token", tokens::answer);
      server.start();
      return tokens;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the token service", e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot set up the token service's TLS: " + e, e);
    }
  }

  /** The realm a registry names in its Bearer challenge. */
  String realm() {
    return "https://127.0.0.1:" + server.getAddress().getPort() + "/token";
  }

  /** What every token issued granted, per repository asked for. */
  List<Grant> grants() {
    synchronized (grants) {
      return List.copyOf(grants);
    }
  }

  /** A token for {@code scope} with the test user's credentials, as a client would ask. */
  String tokenFor(String scope) {
    return token(RegistrySecrets.USER, List.of(scope), "test");
  }

  private void answer(HttpExchange exchange) throws IOException {
    try (exchange) {
      if (!"GET".equals(exchange.getRequestMethod())) {
        reply(exchange, 405, "{\"details\":\"GET only\"}");
        return;
      }
      String authorization = exchange.getRequestHeaders().getFirst("Authorization");
      String subject = null;
      if (authorization != null) {
        if (authorization.equals("Basic " + secrets.basicCredentials())) {
          subject = RegistrySecrets.USER;
        } else if (authorization.equals(
            "Basic " + RegistrySecrets.basicCredentials(secrets.readerAuth()))) {
          subject = RegistrySecrets.READER;
        } else {
          reply(exchange, 401, "{\"details\":\"wrong credentials\"}");
          return;
        }
      }
      List<String> scopes = new ArrayList<>();
      String query = exchange.getRequestURI().getRawQuery();
      for (String parameter : query == null ? new String[0] : query.split("&")) {
        if (parameter.startsWith("scope=")) {
          // one scope per parameter, or several separated by spaces (older clients)
          for (String scope :
              URLDecoder.decode(parameter.substring(6), StandardCharsets.UTF_8).split(" ")) {
            if (!scope.isBlank()) {
              scopes.add(scope);
            }
          }
        }
      }
      String client = String.valueOf(exchange.getRequestHeaders().getFirst("User-Agent"));
      String token = token(subject, scopes, client);
      reply(
          exchange,
          200,
          "{\"token\":\""
              + token
              + "\",\"access_token\":\""
              + token
              + "\",\"expires_in\":"
              + LIFETIME_SECONDS
              + "}");
    }
  }

  /**
   * A signed JWT granting {@code subject} (null: anonymous) what it may of {@code scopes}, asked by
   * {@code client}.
   */
  private String token(String subject, List<String> scopes, String client) {
    ObjectMapper json = new ObjectMapper();
    ObjectNode header = json.createObjectNode();
    header.put("typ", "JWT");
    header.put("alg", "ES256");
    header.putArray("x5c").add(signingCertificate);
    long now = Instant.now().getEpochSecond();
    ObjectNode claims = json.createObjectNode();
    claims.put("iss", ISSUER);
    claims.put("sub", subject == null ? "" : subject);
    claims.put("aud", SERVICE);
    claims.put("exp", now + LIFETIME_SECONDS);
    claims.put("nbf", now - 10);
    claims.put("iat", now);
    claims.put("jti", UUID.randomUUID().toString());
    ArrayNode access = claims.putArray("access");
    for (String scope : scopes) {
      // repository:NAME:ACTIONS (NAME holds no colon in this registry)
      String[] parts = scope.split(":");
      if (parts.length != 3 || !"repository".equals(parts[0])) {
        continue;
      }
      Set<String> may =
          RegistrySecrets.USER.equals(subject)
              ? USER_ACTIONS
              : RegistrySecrets.READER.equals(subject) ? READER_ACTIONS : Set.of();
      Set<String> granted = new TreeSet<>();
      List.of(parts[2].split(",")).stream().filter(may::contains).forEach(granted::add);
      grants.add(new Grant(subject == null ? "" : subject, parts[1], Set.copyOf(granted), client));
      if (!granted.isEmpty()) {
        ObjectNode entry = access.addObject();
        entry.put("type", "repository");
        entry.put("name", parts[1]);
        granted.forEach(entry.putArray("actions")::add);
      }
    }
    try {
      String signed =
          base64Url(json.writeValueAsBytes(header))
              + "."
              + base64Url(json.writeValueAsBytes(claims));
      // JWS wants ES256 as r||s, not DER: the JDK's P1363 format
      Signature signature = Signature.getInstance("SHA256withECDSAinP1363Format");
      signature.initSign(signingKey);
      signature.update(signed.getBytes(StandardCharsets.US_ASCII));
      return signed + "." + base64Url(signature.sign());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot sign a token: " + e, e);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }

  private static void reply(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
  }

  private static String base64Url(byte[] bytes) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  private static SSLContext serverContext(RegistrySecrets secrets)
      throws IOException, GeneralSecurityException {
    KeyStore store = KeyStore.getInstance("PKCS12");
    store.load(null, null);
    char[] password = "racer-krm".toCharArray();
    store.setKeyEntry(
        "server",
        privateKey(secrets.serverKey()),
        password,
        certificates(secrets.serverCertificate()));
    KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    keys.init(store, password);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(keys.getKeyManagers(), null, null);
    return context;
  }

  /** An EC key from openssl's PEM PKCS#8 ({@code BEGIN PRIVATE KEY}). */
  private static PrivateKey privateKey(Path pem) throws IOException, GeneralSecurityException {
    String text = Files.readString(pem);
    if (!text.contains("-----BEGIN PRIVATE KEY-----")) {
      throw new GeneralSecurityException(pem + " is not a PEM PKCS#8 private key");
    }
    String body = text.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
    return KeyFactory.getInstance("EC")
        .generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(body)));
  }

  private static Certificate[] certificates(Path pem) throws IOException, GeneralSecurityException {
    try (InputStream in = Files.newInputStream(pem)) {
      return CertificateFactory.getInstance("X.509")
          .generateCertificates(in)
          .toArray(new Certificate[0]);
    }
  }
}
