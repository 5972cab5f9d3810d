package io.unboundedcloud.racer.krm.image;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A file kept between runs in a shared cache beside {@code NAME.sha256}, the SHA-256 written when
 * it was made, as {@code tools/base-image.sh} keeps its root file systems: used only while its
 * bytes still have that SHA-256.
 */
final class KeptFile {
  private KeptFile() {}

  /** Whether {@code file} has the SHA-256 its {@code .sha256} file holds (false without one). */
  static boolean intact(Path file) throws IOException {
    Path recorded = sha256File(file);
    return Files.isRegularFile(recorded) && Files.readString(recorded).strip().equals(sha256(file));
  }

  /**
   * Writes the SHA-256 of {@code made} as the record of {@code keptAs}, before it is moved there.
   */
  static void recordSha256(Path made, Path keptAs) throws IOException {
    Files.writeString(sha256File(keptAs), sha256(made) + "\n");
  }

  private static Path sha256File(Path file) {
    return file.resolveSibling(file.getFileName() + ".sha256");
  }

  private static String sha256(Path file) throws IOException {
    try (DigestInputStream in =
        new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
      in.transferTo(OutputStream.nullOutputStream());
      return HexFormat.of().formatHex(in.getMessageDigest().digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }
}
