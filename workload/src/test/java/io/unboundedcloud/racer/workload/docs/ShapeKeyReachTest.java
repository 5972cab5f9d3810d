package io.unboundedcloud.racer.workload.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.workload.shape.ShapeKey;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * How far a shape key reaches into the hand-written main code: the table is the one place that
 * wires a key, so a key read again by name somewhere else shows here. Comments and the chart
 * README's text are examples, not wiring, and are left out; everything else counts (a Java string,
 * a template's action).
 */
@DisplayName("a shape key in the hand-written main code")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ShapeKeyReachTest {
  /** The most files a shape key may be named in: the table, its builder line and two checks. */
  private static final int MOST_FILES = 4;

  private static final Pattern TEMPLATE_COMMENT =
      Pattern.compile("\\{\\{-? ?/\\*.*?\\*/ ?-?}}", Pattern.DOTALL);

  private final Map<Path, String> code = new TreeMap<>();

  @BeforeAll
  void readMainCode() throws IOException {
    Path root = RepositoryRoot.find();
    for (String module : List.of("workload", "krm-function", "chart-gen")) {
      Path main = root.resolve(module).resolve("src/main");
      try (Stream<Path> files = Files.walk(main)) {
        for (Path file : files.filter(Files::isRegularFile).toList()) {
          String name = file.getFileName().toString();
          String text = Files.readString(file, StandardCharsets.UTF_8);
          if (name.endsWith(".java")) {
            code.put(root.relativize(file), withoutJavaComments(text));
          } else if (name.endsWith(".hbs") && !name.endsWith(".md.hbs")) {
            code.put(root.relativize(file), TEMPLATE_COMMENT.matcher(text).replaceAll(" "));
          }
        }
      }
    }
  }

  /**
   * Java text with its comments blanked: string literals, text blocks and character literals are
   * kept whole, so a {@code //} or {@code /*} inside one starts nothing.
   */
  static String withoutJavaComments(String text) {
    StringBuilder kept = new StringBuilder(text.length());
    int i = 0;
    while (i < text.length()) {
      if (text.startsWith("//", i)) {
        int end = text.indexOf('\n', i);
        i = end < 0 ? text.length() : end;
      } else if (text.startsWith("/*", i)) {
        int end = text.indexOf("*/", i + 2);
        i = end < 0 ? text.length() : end + 2;
        kept.append(' ');
      } else if (text.startsWith("\"\"\"", i)) {
        int end = text.indexOf("\"\"\"", i + 3);
        int stop = end < 0 ? text.length() : end + 3;
        kept.append(text, i, stop);
        i = stop;
      } else if (text.charAt(i) == '"' || text.charAt(i) == '\'') {
        char quote = text.charAt(i);
        int j = i + 1;
        while (j < text.length() && text.charAt(j) != quote && text.charAt(j) != '\n') {
          j += text.charAt(j) == '\\' ? 2 : 1;
        }
        int stop = Math.min(j + 1, text.length());
        kept.append(text, i, stop);
        i = stop;
      } else {
        kept.append(text.charAt(i));
        i++;
      }
    }
    return kept.toString();
  }

  static List<ShapeKey<?>> keys() {
    return ShapeKeys.all();
  }

  /** Every spelling of the key: its name, its constant, its define, chart-gen's fact for it. */
  private static Pattern spellings(ShapeKey<?> key) {
    List<String> words = new ArrayList<>();
    words.add(Pattern.quote(key.name()) + "(?![A-Z_])");
    words.add("ShapeKeys\\." + constantOf(key) + "(?![A-Z_])");
    words.add(Pattern.quote(key.define().name()) + "(?![A-Za-z])");
    words.add(Pattern.quote(key.component() + "Key") + "(?![A-Za-z])");
    return Pattern.compile(String.join("|", words));
  }

  private static String constantOf(ShapeKey<?> key) {
    for (Field field : ShapeKeys.class.getFields()) {
      if (Modifier.isStatic(field.getModifiers()) && field.getType() == ShapeKey.class) {
        try {
          if (key.equals(field.get(null))) {
            return field.getName();
          }
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    throw new IllegalStateException(key.name() + " has no public constant in ShapeKeys");
  }

  private List<Path> filesNaming(ShapeKey<?> key) {
    Pattern spelled = spellings(key);
    return code.entrySet().stream()
        .filter(file -> spelled.matcher(file.getValue()).find())
        .map(Map.Entry::getKey)
        .toList();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("keys")
  @DisplayName("is named in at most four files, the table among them")
  void fewFiles(ShapeKey<?> key) {
    List<Path> files = filesNaming(key);

    assertThat(files)
        .as("main files naming %s outside comments", key.name())
        .hasSizeLessThanOrEqualTo(MOST_FILES)
        .contains(
            Path.of(
                "workload/src/main/java/io/unboundedcloud/racer/workload/shape/ShapeKeys.java"));
  }

  @Test
  @DisplayName("is found where it is written: the count is not empty because nothing was read")
  void readsTheCode() {
    assertThat(code.keySet())
        .contains(
            Path.of("workload/src/main/java/io/unboundedcloud/racer/workload/Config.java"),
            Path.of("chart-gen/src/main/resources/racer-chart/_validate.tpl.hbs"));
    assertThat(filesNaming(ShapeKeys.HOST_NETWORK))
        .contains(Path.of("chart-gen/src/main/resources/racer-chart/_validate.tpl.hbs"));
  }

  @Test
  @DisplayName("leaves out comments of both languages, and counts what is left")
  void comments() {
    String java =
        "int a; // RACER_X\n/* RACER_X\n */ String b = \"RACER_Y // /* \\\" RACER_Z\"; char c = '\"';"
            + " String d = \"RACER_W\";";
    String template = "{{- /*\nracer.x: RACER_X\n*/}}\n{{- include \"racer.y\" . -}}";

    assertThat(withoutJavaComments(java))
        .doesNotContain("RACER_X")
        .contains("RACER_Y", "RACER_Z", "RACER_W");
    assertThat(TEMPLATE_COMMENT.matcher(template).replaceAll(" "))
        .doesNotContain("RACER_X")
        .contains("racer.y");
  }
}
