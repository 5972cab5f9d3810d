package io.unboundedcloud.racer.release;

import io.unboundedcloud.racer.krm.image.ContainerTools;
import io.unboundedcloud.racer.krm.runtime.CommandRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Test support: an RSA signing key made for one test run in a GNUPGHOME of the test's own (gpg in
 * batch mode), so that no keyring of the machine or its user is read or written. {@link #create}
 * makes a key without a passphrase, {@link #withPassphrase} one whose passphrase is in a file;
 * {@link #close} stops the gpg-agent that GNUPGHOME started. The public key is exported as a binary
 * keyring ({@code helm --keyring}, {@code gpg --no-default-keyring --keyring}, containers' {@code
 * signedBy} policies) and armored.
 */
final class ThrowawayKey implements AutoCloseable {
  private static final Pattern FINGERPRINT =
      Pattern.compile("(?m)^fpr:(?:[^:]*:){8}([0-9A-F]{40}):");

  private final Path home;
  private final String fingerprint;
  private final Path passphraseFile;

  private ThrowawayKey(Path home, String fingerprint, Path passphraseFile) {
    this.home = home;
    this.fingerprint = fingerprint;
    this.passphraseFile = passphraseFile;
  }

  /** Why no key can be made here (no gpg), or {@code null}. */
  static String unavailableReason() {
    return ContainerTools.onPath("gpg").isEmpty() ? "gpg not found on PATH (Debian's gnupg)" : null;
  }

  /** A key without a passphrase, named {@code name}, in a new GNUPGHOME {@code folder}. */
  static ThrowawayKey create(Path folder, String name) throws IOException {
    return make(folder, name, null);
  }

  /** A key whose passphrase {@code passphrase} is in {@link #passphraseFile()}. */
  static ThrowawayKey withPassphrase(Path folder, String name, String passphrase)
      throws IOException {
    return make(folder, name, passphrase);
  }

  private static ThrowawayKey make(Path folder, String name, String passphrase) throws IOException {
    Path home = Files.createDirectories(folder.resolve("gnupg"));
    Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwx------"));
    Path parameters = folder.resolve("key-parameters");
    Files.writeString(
        parameters,
        String.join(
            "\n",
            "Key-Type: RSA",
            "Key-Length: 2048",
            "Key-Usage: sign",
            passphrase == null ? "%no-protection" : "Passphrase: " + passphrase,
            "Name-Real: " + name,
            "Name-Email: " + name.replace(' ', '-') + "@racer-krm.test",
            "Expire-Date: 0",
            "%commit",
            ""));
    Path passphraseFile = null;
    if (passphrase != null) {
      passphraseFile = folder.resolve("passphrase");
      Files.writeString(passphraseFile, passphrase);
    }
    gpg(home, "--pinentry-mode", "loopback", "--gen-key", parameters.toString()).succeeded();
    Matcher fpr =
        FINGERPRINT.matcher(
            gpg(home, "--with-colons", "--list-secret-keys").succeeded().stdoutText());
    if (!fpr.find()) {
      throw new IllegalStateException("gpg made no key in " + home);
    }
    ThrowawayKey key = new ThrowawayKey(home, fpr.group(1), passphraseFile);
    Files.write(folder.resolve("public.gpg"), gpg(home, "--export", key.fingerprint).stdout());
    return key;
  }

  /** {@code gpg --batch ARGS} with {@code GNUPGHOME} this key's. */
  CommandRun gpg(String... args) {
    return gpg(home, args);
  }

  private static CommandRun gpg(Path home, String... args) {
    List<String> command = new java.util.ArrayList<>(List.of("gpg", "--batch", "--no-tty"));
    command.addAll(List.of(args));
    return CommandRun.of(home, Map.of("GNUPGHOME", home.toString()), command);
  }

  Path home() {
    return home;
  }

  String fingerprint() {
    return fingerprint;
  }

  /** The binary public keyring holding this key alone. */
  Path publicKeyring() {
    return home.resolveSibling("public.gpg");
  }

  /** The file holding the passphrase ({@link #withPassphrase} keys only). */
  Path passphraseFile() {
    if (passphraseFile == null) {
      throw new IllegalStateException("this key has no passphrase");
    }
    return passphraseFile;
  }

  @Override
  public void close() {
    CommandRun.of(
        home, Map.of("GNUPGHOME", home.toString()), List.of("gpgconf", "--kill", "gpg-agent"));
  }
}
