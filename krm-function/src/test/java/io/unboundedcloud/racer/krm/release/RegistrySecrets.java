package io.unboundedcloud.racer.krm.release;

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
 * test's own: a CA ({@code ca.crt}), a server certificate it signed for 127.0.0.1 and localhost, an
 * htpasswd file (bcrypt) with one user, and a client credentials file ({@code auth.json}, the
 * format of {@code buildah login}, Docker and Helm), plus one holding a wrong password. Made with
 * the openssl and htpasswd commands; nothing is added to any trust store.
 */
record RegistrySecrets(
    Path ca, Path serverCertificate, Path serverKey, Path htpasswd, Path authFile, Path wrongAuth) {
  static final String USER = "racer-release";

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
      openssl(
          folder,
          "req",
          "-newkey",
          "ec",
          "-pkeyopt",
          "ec_paramgen_curve:prime256v1",
          "-nodes",
          "-keyout",
          "server.key",
          "-out",
          "server.csr",
          "-subj",
          "/CN=localhost");
      Files.writeString(
          folder.resolve("server.ext"),
          "basicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
              + "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
      openssl(
          folder,
          "x509",
          "-req",
          "-in",
          "server.csr",
          "-CA",
          "ca.crt",
          "-CAkey",
          "ca.key",
          "-CAcreateserial",
          "-days",
          "2",
          "-extfile",
          "server.ext",
          "-out",
          "server.crt");
      CommandRun htpasswd =
          CommandRun.of(folder, Map.of(), List.of("htpasswd", "-Bbn", USER, password)).succeeded();
      Files.writeString(folder.resolve("htpasswd"), htpasswd.stdoutText().strip() + "\n");
      Files.writeString(folder.resolve("auth.json"), authJson(host, password));
      Files.writeString(folder.resolve("wrong-auth.json"), authJson(host, password + "-wrong"));
      return new RegistrySecrets(
          folder.resolve("ca.crt"),
          folder.resolve("server.crt"),
          folder.resolve("server.key"),
          folder.resolve("htpasswd"),
          folder.resolve("auth.json"),
          folder.resolve("wrong-auth.json"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the registry's secrets into " + folder, e);
    }
  }

  private static String authJson(String host, String password) {
    String auth =
        Base64.getEncoder()
            .encodeToString((USER + ":" + password).getBytes(StandardCharsets.UTF_8));
    return "{\"auths\": {\"" + host + "\": {\"auth\": \"" + auth + "\"}}}\n";
  }

  private static void openssl(Path folder, String... args) {
    List<String> command = new java.util.ArrayList<>(List.of("openssl"));
    command.addAll(List.of(args));
    CommandRun.of(folder, Map.of(), command).succeeded();
  }
}
