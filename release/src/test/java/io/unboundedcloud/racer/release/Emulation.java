package io.unboundedcloud.racer.release;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Test support: whether this machine runs linux/arm64 programs, in containers too: a binfmt_misc
 * entry for aarch64 ELF files (qemu-user-static's), enabled, with the F flag (the interpreter is
 * opened when registered, so it works inside a container's root). {@code .ci/run} registers it.
 */
final class Emulation {
  private static final Path ENTRY = Path.of("/proc/sys/fs/binfmt_misc/qemu-aarch64");

  private Emulation() {}

  /** Why arm64 programs cannot run here, or {@code null}. */
  static String arm64UnavailableReason() {
    if ("aarch64".equals(System.getProperty("os.arch"))) {
      return null;
    }
    if (!Files.isReadable(ENTRY)) {
      return "no binfmt_misc entry "
          + ENTRY
          + " (.ci/run installs qemu-user-static and registers it)";
    }
    try {
      String entry = Files.readString(ENTRY);
      if (!entry.startsWith("enabled")) {
        return ENTRY + " is disabled (update-binfmts --enable qemu-aarch64)";
      }
      if (!entry.lines().anyMatch(l -> l.startsWith("flags:") && l.contains("F"))) {
        return ENTRY + " lacks the F flag, so containers cannot use it";
      }
      return null;
    } catch (IOException e) {
      return "cannot read " + ENTRY + ": " + e.getMessage();
    }
  }
}
