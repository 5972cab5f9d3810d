package io.unboundedcloud.racer.krm.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/** The {@code --help} text (the README's usage section, packaged at build time) and the version. */
final class Usage {
  static final String START = "<!-- usage:start -->";
  static final String END = "<!-- usage:end -->";

  private Usage() {}

  static String text() {
    String readme = resource("/racer-krm/README.md");
    int start = readme.indexOf(START);
    int end = readme.indexOf(END);
    if (start < 0 || end < start) {
      throw new IllegalStateException("the packaged README has no usage section");
    }
    String section = readme.substring(start + START.length(), end).strip();
    return section.replace("```text\n", "").replace("```\n", "").replace("```", "").strip() + "\n";
  }

  static String version() {
    Properties properties = new Properties();
    try (InputStream in = Usage.class.getResourceAsStream("/racer-krm/version.properties")) {
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return "racer-krm " + properties.getProperty("version") + " (renders Racer "
        + io.unboundedcloud.racer.workload.Release.RACER_VERSION + ")";
  }

  private static String resource(String name) {
    try (InputStream in = Usage.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
