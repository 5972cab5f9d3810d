package io.unboundedcloud.racer.krm.cli;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The process environment with each value decoded as UTF-8. The JVM decodes the environment in the
 * locale's charset, and the Argo CD sidecar and kustomize's container calls run with no locale at
 * all (ASCII): a parameter's non-ASCII characters would arrive as replacement characters. On Linux
 * the environment's bytes are in {@code /proc/self/environ}; elsewhere the JVM's decoding stands.
 * Bytes that are not UTF-8 become U+FFFD either way (under a locale whose charset maps every byte,
 * such as Latin-1, on a system without {@code /proc}, the JVM's decoding could not tell), and the
 * reader of the Application's parameters refuses a value that holds one ({@code
 * krm.parameters.ParametersJson}): what was meant is lost.
 *
 * <p>Read with a plain {@link FileInputStream}, the class {@code System.in} already is: every run
 * reads this file, and {@code java.nio.file.Files} would set up the NIO file system and a file
 * channel for it first (about 2 ms of a 20-item run, docs/performance.md).
 */
public final class ProcessEnvironment {
  private static final String ENVIRON = "/proc/self/environ";

  private ProcessEnvironment() {}

  /** The variables of this process, values decoded as UTF-8 where the bytes can be read. */
  public static Map<String, String> current() {
    Map<String, String> environment = new HashMap<>(System.getenv());
    byte[] raw;
    try (InputStream environ = new FileInputStream(ENVIRON)) {
      raw = environ.readAllBytes();
    } catch (IOException | SecurityException notLinux) {
      return environment;
    }
    // the JVM's own map names every variable; a name it does not know is not this process's
    of(raw).forEach((name, value) -> environment.computeIfPresent(name, (known, old) -> value));
    return environment;
  }

  /**
   * The variables of an environment block as {@code /proc/PID/environ} holds it ({@code NAME=VALUE}
   * entries, each ended by a NUL byte), decoded as UTF-8; an entry without a name is no variable.
   * What the warm renderer ({@code krm.warm}) reads a caller's environment with.
   */
  public static Map<String, String> of(byte[] raw) {
    Map<String, String> environment = new HashMap<>();
    int start = 0;
    for (int i = 0; i <= raw.length; i++) {
      if (i == raw.length || raw[i] == 0) {
        String entry = new String(raw, start, i - start, StandardCharsets.UTF_8);
        int equals = entry.indexOf('=');
        if (equals > 0) {
          environment.put(entry.substring(0, equals), entry.substring(equals + 1));
        }
        start = i + 1;
      }
    }
    return environment;
  }
}
