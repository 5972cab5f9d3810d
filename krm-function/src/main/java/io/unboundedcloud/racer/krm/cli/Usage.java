package io.unboundedcloud.racer.krm.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;

/**
 * The {@code --help} text (the usage sections of docs/cli.md and docs/adopt.md, packaged at build
 * time) and the version.
 */
final class Usage {
  static final String START = "<!-- usage:start -->";
  static final String END = "<!-- usage:end -->";

  /** The packaged pages whose usage sections make the help text, in order. */
  static final List<String> PAGES = List.of("cli.md", "adopt.md");

  private Usage() {}

  /**
   * Every usage section (between the markers) of {@link #PAGES}, in order, one blank line between
   * them: the usage itself, then the step-by-step guides that belong in {@code --help} too.
   */
  static String text() {
    StringBuilder text = new StringBuilder();
    for (String page : PAGES) {
      String markdown = resource("/racer-krm/" + page);
      int start = markdown.indexOf(START);
      if (start < 0) {
        throw new IllegalStateException("the packaged " + page + " has no usage section");
      }
      while (start >= 0) {
        int end = markdown.indexOf(END, start);
        if (end < 0) {
          throw new IllegalStateException(
              "the packaged " + page + " has a usage section without its end marker");
        }
        String section = markdown.substring(start + START.length(), end).strip();
        text.append(text.length() == 0 ? "" : "\n")
            .append(
                section.replace("```text\n", "").replace("```\n", "").replace("```", "").strip())
            .append('\n');
        start = markdown.indexOf(START, end);
      }
    }
    return text.toString();
  }

  /** Where a command's entry starts in the usage text: the line naming it, two spaces in. */
  private static final String ENTRY = "  racer-krm ";

  /**
   * One command's usage: its entry in {@link #text()} (from the line that names it to the next
   * command's, or the end of the list), and where the rest is.
   *
   * @throws IllegalStateException when the usage text has no entry for it (a test holds one for
   *     every command of the table)
   */
  static String of(String command) {
    List<String> lines = text().lines().toList();
    StringBuilder entry = new StringBuilder("Usage:\n");
    boolean inside = false;
    for (String line : lines) {
      boolean starts = line.startsWith(ENTRY);
      if (starts && (line + " ").startsWith(ENTRY + command + " ")) {
        inside = true;
      } else if (inside && (starts || !line.startsWith("  "))) {
        break;
      }
      if (inside) {
        entry.append(line).append('\n');
      }
    }
    if (!inside) {
      throw new IllegalStateException("the usage text has no entry for " + command);
    }
    // the flag every command takes, as the usage text describes it
    lines.stream()
        .filter(line -> line.startsWith("  --stack "))
        .forEach(line -> entry.append(line).append('\n'));
    return entry
        .append("\n")
        .append("racer-krm --help prints every command, the inputs, the function config and the")
        .append(" exit codes.\n")
        .toString();
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
