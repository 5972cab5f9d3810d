package io.unboundedcloud.racer.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName(
    "A credential helper (docker-credential-NAME get, the host on stdin) gives the release its credentials")
class CredentialHelperTest {
  private static final String HOST = "registry.example.com:5000";

  @TempDir Path bin;
  private Path authFile;

  @BeforeEach
  void authFile() {
    authFile = bin.resolve("auth.json");
  }

  @Test
  @DisplayName("its Username and Secret become base64 of user:secret; it is asked for the host")
  void credentials() throws IOException {
    helper(
        "fake",
        "read -r server || true; echo \"$1 $server\" > '" + bin.resolve("asked") + "'",
        "printf '{\"ServerURL\":\"%s\",\"Username\":\"ci\",\"Secret\":\"s3cret:x\"}' \"$server\"");

    String credentials =
        new CredentialHelper("fake", authFile, bin.toString()).basicCredentials(HOST);

    assertThat(new String(Base64.getDecoder().decode(credentials), StandardCharsets.UTF_8))
        .isEqualTo("ci:s3cret:x");
    assertThat(Files.readString(bin.resolve("asked"))).isEqualTo("get " + HOST + "\n");
  }

  @Test
  @DisplayName("an identity token (Username <token>) gives null: only OAuth2 takes it")
  void identityToken() throws IOException {
    helper(
        "fake", "printf '{\"ServerURL\":\"x\",\"Username\":\"<token>\",\"Secret\":\"refresh\"}'");

    assertThat(new CredentialHelper("fake", authFile, bin.toString()).basicCredentials(HOST))
        .isNull();
  }

  @Test
  @DisplayName("a helper that knows no credentials for the host: its answer, its name and the file")
  void notFound() throws IOException {
    helper("fake", "echo 'credentials not found in native keychain'", "exit 1");

    assertThatThrownBy(
            () -> new CredentialHelper("fake", authFile, bin.toString()).basicCredentials(HOST))
        .isInstanceOf(CredentialHelper.Failure.class)
        .hasMessage(
            "the credential helper that "
                + authFile
                + " names: docker-credential-fake get found no credentials for "
                + HOST
                + " (exit 1: credentials not found in native keychain)");
  }

  @Test
  @DisplayName("a helper not on PATH: says so, naming the program and the file")
  void missing() {
    assertThatThrownBy(
            () -> new CredentialHelper("absent", authFile, bin.toString()).basicCredentials(HOST))
        .isInstanceOf(CredentialHelper.Failure.class)
        .hasMessage(
            "the credential helper that "
                + authFile
                + " names: docker-credential-absent is not on PATH: install it, or log in without a credential helper");
  }

  @Test
  @DisplayName("a helper answering no JSON, or JSON without a Secret: says so")
  void badAnswer() throws IOException {
    helper("text", "echo 'user=ci'");
    helper("nosecret", "printf '{\"Username\":\"ci\"}'");

    assertThatThrownBy(
            () -> new CredentialHelper("text", authFile, bin.toString()).basicCredentials(HOST))
        .hasMessageEndingWith("docker-credential-text get answered no JSON for " + HOST);
    assertThatThrownBy(
            () -> new CredentialHelper("nosecret", authFile, bin.toString()).basicCredentials(HOST))
        .hasMessageEndingWith(
            "docker-credential-nosecret get answered no Username and Secret for " + HOST);
  }

  private void helper(String name, String... lines) throws IOException {
    Path program = bin.resolve("docker-credential-" + name);
    Files.writeString(program, "#!/bin/sh\n" + String.join("\n", lines) + "\n");
    assertThat(program.toFile().setExecutable(true)).isTrue();
  }
}
