package io.unboundedcloud.racer.krm.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * The {@code --help} text (the README's usage sections, packaged at build time) and the version.
 */
final class Usage {
  static final String START = "<!-- usage:start -->";
  static final String END = "<!-- usage:end -->";

  private Usage() {}

  /**
   * Every usage section of the README (between the markers), in order, one blank line between them:
   * the usage itself, then the step-by-step guides that belong in {@code --help} too.
   */
  static String text() {
    String readme = resource("/racer-krm/README.md");
    StringBuilder text = new StringBuilder();
    int start = readme.indexOf(START);
    while (start >= 0) {
      int end = readme.indexOf(END, start);
      if (end < 0) {
        throw new IllegalStateException(
            "the packaged README has a usage section without its end marker");
      }
      String section = readme.substring(start + START.length(), end).strip();
      text.append(text.length() == 0 ? "" : "\n")
          .append(section.replace("```text\n", "").replace("```\n", "").replace("```", "").strip())
          .append('\n');
      start = readme.indexOf(START, end);
    }
    if (text.length() == 0) {
      throw new IllegalStateException("the packaged README has no usage section");
    }
    return text.toString();
  }

  static String version() {
    return "racer-krm "
        + buildFacts().getProperty("version")
        + " (renders Racer "
        + io.unboundedcloud.racer.workload.Release.RACER_VERSION
        + ")";
  }

  /** The racer-krm image of this version, as a function config declares it. */
  static String image() {
    return buildFacts().getProperty("image");
  }

  private static Properties buildFacts() {
    Properties properties = new Properties();
    try (InputStream in = Usage.class.getResourceAsStream("/racer-krm/version.properties")) {
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return properties;
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
