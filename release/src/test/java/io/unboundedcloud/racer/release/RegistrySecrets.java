package io.unboundedcloud.racer.release;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.krm.image.ContainerTools;
import io.unboundedcloud.racer.krm.runtime.CommandRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Test support: what a registry with TLS and credentials needs, made fresh in a folder of the
 * test's own: a CA ({@code ca.crt}), a server certificate it signed for 127.0.0.1 and localhost, a
 * certificate it signed for a token service to sign its tokens with ({@code token.crt}, see {@link
 * TokenServer}), an htpasswd file (bcrypt) with one user, and a client credentials file ({@code
 * auth.json}, the format of {@code buildah login}, Docker and Helm), plus one holding a wrong
 * password and one of a second user, {@link #READER}, whom a token service lets only pull. Made
 * with the openssl and htpasswd commands; nothing is added to any trust store.
 */
record RegistrySecrets(
    Path ca,
    Path serverCertificate,
    Path serverKey,
    Path tokenCertificate,
    Path tokenKey,
    Path htpasswd,
    Path authFile,
    Path wrongAuth,
    Path readerAuth) {
  static final String USER = "racer-release";
  static final String READER = "racer-reader";

  /** Why these cannot be made here (openssl or htpasswd missing), or {@code null}. */
  static String unavailableReason() {
    for (String tool : List.of("openssl", "htpasswd")) {
      if (ContainerTools.onPath(tool).isEmpty()) {
        return tool
            + " not found on PATH (Debian's openssl and apache2-utils; .ci/run installs them)";
      }
    }
    return null;
  }

  /** Makes the CA, the server's key and certificate, htpasswd and auth files for {@code host}. */
  static RegistrySecrets make(Path folder, String host) {
    try {
      Files.createDirectories(folder);
      String password = UUID.randomUUID().toString();
      openssl(
          folder,
          "req",
          "-x509",
          "-newkey",
          "ec",
          "-pkeyopt",
          "ec_paramgen_curve:prime256v1",
          "-nodes",
          "-keyout",
          "ca.key",
          "-out",
          "ca.crt",
          "-days",
          "2",
          "-subj",
          "/CN=racer-krm test CA");
      signedKey(
          folder,
          "server",
          "/CN=localhost",
          "basicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
              + "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
      signedKey(
          folder,
          "token",
          "/CN=racer-krm test token issuer",
          "basicConstraints=CA:FALSE\nkeyUsage=digitalSignature\n");
      CommandRun htpasswd =
          CommandRun.of(folder, Map.of(), List.of("htpasswd", "-Bbn", USER, password)).succeeded();
      Files.writeString(folder.resolve("htpasswd"), htpasswd.stdoutText().strip() + "\n");
      Files.writeString(folder.resolve("auth.json"), authJson(host, password));
      Files.writeString(folder.resolve("wrong-auth.json"), authJson(host, password + "-wrong"));
      Files.writeString(
          folder.resolve("reader-auth.json"), authJson(host, READER, UUID.randomUUID().toString()));
      return new RegistrySecrets(
          folder.resolve("ca.crt"),
          folder.resolve("server.crt"),
          folder.resolve("server.key"),
          folder.resolve("token.crt"),
          folder.resolve("token.key"),
          folder.resolve("htpasswd"),
          folder.resolve("auth.json"),
          folder.resolve("wrong-auth.json"),
          folder.resolve("reader-auth.json"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the registry's secrets into " + folder, e);
    }
  }

  /** The password of {@link #USER}, as {@link #authFile} holds it. */
  String password() {
    String decoded =
        new String(Base64.getDecoder().decode(basicCredentials()), StandardCharsets.UTF_8);
    return decoded.substring(decoded.indexOf(':') + 1);
  }

  /** {@code user:password} of {@link #authFile}, base64: what a Basic Authorization carries. */
  String basicCredentials() {
    return basicCredentials(authFile);
  }

  /** {@code user:password} base64, as the one entry of the credentials file {@code file} has it. */
  static String basicCredentials(Path file) {
    try {
      return new ObjectMapper()
          .readTree(file.toFile())
          .path("auths")
          .elements()
          .next()
          .path("auth")
          .asText();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A key {@code NAME.key} and its certificate {@code NAME.crt}, signed by the CA. */
  private static void signedKey(Path folder, String name, String subject, String extensions)
      throws IOException {
    openssl(
        folder,
        "req",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        name + ".key",
        "-out",
        name + ".csr",
        "-subj",
        subject);
    Files.writeString(folder.resolve(name + ".ext"), extensions);
    openssl(
        folder,
        "x509",
        "-req",
        "-in",
        name + ".csr",
        "-CA",
        "ca.crt",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-days",
        "2",
        "-extfile",
        name + ".ext",
        "-out",
        name + ".crt");
  }

  private static String authJson(String host, String password) {
    return authJson(host, USER, password);
  }

  private static String authJson(String host, String user, String password) {
    String auth =
        Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    return "{\"auths\": {\"" + host + "\": {\"auth\": \"" + auth + "\"}}}\n";
  }

  private static void openssl(Path folder, String... args) {
    List<String> command = new java.util.ArrayList<>(List.of("openssl"));
    command.addAll(List.of(args));
    CommandRun.of(folder, Map.of(), command).succeeded();
  }
}
