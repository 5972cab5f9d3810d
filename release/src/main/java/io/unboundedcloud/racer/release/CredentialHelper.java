package io.unboundedcloud.racer.release;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Docker credential helper, as an auth file names it ({@code "credHelpers": {"HOST": "NAME"}} or
 * {@code "credsStore": "NAME"}): the program {@code docker-credential-NAME} on {@code PATH}, asked
 * with {@code get} and the registry's host on stdin, answers {@code {"ServerURL", "Username",
 * "Secret"}} on stdout (the protocol of docker-credential-helpers, which buildah, podman and Helm
 * speak too).
 */
final class CredentialHelper {
  /** The Username a helper answers for an identity (OAuth2 refresh) token instead of a password. */
  static final String IDENTITY_TOKEN = "<token>";

  private static final long TIMEOUT_SECONDS = 30;

  private final String name;
  private final Path authFile;
  private final String searchPath;

  /** The helper {@code name} that {@code authFile} names, looked for on this process's PATH. */
  CredentialHelper(String name, Path authFile) {
    this(name, authFile, System.getenv("PATH"));
  }

  CredentialHelper(String name, Path authFile, String searchPath) {
    this.name = name;
    this.authFile = authFile;
    this.searchPath = searchPath == null ? "" : searchPath;
  }

  /** Why a helper could not give credentials; the message names the helper and the file. */
  static final class Failure extends IOException {
    Failure(String message) {
      super(message);
    }
  }

  /** {@code docker-credential-NAME}. */
  String program() {
    return "docker-credential-" + name;
  }

  /**
   * base64 of {@code user:secret} for {@code host}, as a Basic Authorization carries it; {@code
   * null} when the helper holds an identity token, which only an OAuth2 token service takes.
   */
  String basicCredentials(String host) throws IOException {
    Path binary = onPath();
    Process process;
    try {
      process = new ProcessBuilder(List.of(binary.toString(), "get")).start();
    } catch (IOException e) {
      throw failure("cannot run " + binary + ": " + e.getMessage());
    }
    try (var stdin = process.getOutputStream()) {
      stdin.write(host.getBytes(StandardCharsets.UTF_8));
    } catch (IOException closedEarly) {
      // the helper did not read stdin (it knows no such host, or failed): its exit code tells
    }
    byte[] out = process.getInputStream().readAllBytes();
    byte[] err = process.getErrorStream().readAllBytes();
    try {
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw failure(program() + " get did not answer within " + TIMEOUT_SECONDS + " s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw failure(program() + " get was interrupted");
    }
    if (process.exitValue() != 0) {
      String said = new String(out.length > 0 ? out : err, StandardCharsets.UTF_8).strip();
      throw failure(
          program()
              + " get found no credentials for "
              + host
              + " (exit "
              + process.exitValue()
              + (said.isEmpty() ? "" : ": " + said.lines().findFirst().orElse(""))
              + ")");
    }
    JsonNode answer;
    try {
      answer = new ObjectMapper().readTree(out);
    } catch (IOException e) {
      throw failure(program() + " get answered no JSON for " + host);
    }
    String user = answer == null ? "" : answer.path("Username").asText("");
    String secret = answer == null ? "" : answer.path("Secret").asText("");
    if (IDENTITY_TOKEN.equals(user)) {
      return null;
    }
    if (user.isEmpty() || secret.isEmpty()) {
      throw failure(program() + " get answered no Username and Secret for " + host);
    }
    return Base64.getEncoder()
        .encodeToString((user + ":" + secret).getBytes(StandardCharsets.UTF_8));
  }

  private Path onPath() throws Failure {
    for (String dir : searchPath.split(File.pathSeparator)) {
      Path candidate = Path.of(dir.isEmpty() ? "." : dir).resolve(program());
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    throw failure(program() + " is not on PATH: install it, or log in without a credential helper");
  }

  private Failure failure(String problem) {
    return new Failure("the credential helper that " + authFile + " names: " + problem);
  }
}
