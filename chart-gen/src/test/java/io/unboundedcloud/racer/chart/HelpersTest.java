package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.chart.support.ChartUnderTest;
import io.unboundedcloud.racer.chart.support.RuleFamily;
import io.unboundedcloud.racer.workload.QuantityGrammar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("_helpers.tpl and _validate.tpl")
class HelpersTest {
  private static final Pattern DEFINE = Pattern.compile("\\{\\{- define \"([^\"]+)\" -}}");
  private static final Pattern INCLUDE = Pattern.compile("include \"([^\"]+)\"");
  private static final Pattern FAIL = Pattern.compile("\\bfail \\(");

  /** The named templates: _helpers.tpl and _validate.tpl, one after the other. */
  private final String helpers =
      read(ChartUnderTest.directory().resolve("templates/_helpers.tpl"))
          + read(ChartUnderTest.directory().resolve("templates/_validate.tpl"));

  @Test
  @DisplayName(
      "every define is prefixed racer. and documented by a comment just above that starts with its name")
  void documentedDefines() {
    List<String> problems = new ArrayList<>();
    Matcher define = DEFINE.matcher(helpers);
    while (define.find()) {
      String name = define.group(1);
      String before = helpers.substring(0, define.start());
      int comment = before.lastIndexOf("{{- /*");
      boolean documented =
          comment >= 0
              && before.substring(comment).trim().endsWith("*/}}")
              && before.substring(comment + "{{- /*".length()).trim().startsWith(name + ":");
      if (!name.startsWith("racer.") || !documented) {
        problems.add(name);
      }
    }
    assertThat(problems).isEmpty();
  }

  @Test
  @DisplayName("every include in the chart names a define of _helpers.tpl or _validate.tpl")
  void includesDefined() throws IOException {
    Set<String> defined = new TreeSet<>();
    DEFINE.matcher(helpers).results().forEach(m -> defined.add(m.group(1)));
    Set<String> included = new TreeSet<>();
    try (Stream<Path> templates = Files.list(ChartUnderTest.directory().resolve("templates"))) {
      templates.forEach(
          file -> INCLUDE.matcher(read(file)).results().forEach(m -> included.add(m.group(1))));
    }
    assertThat(defined).containsAll(included);
  }

  @Test
  @DisplayName(
      "_helpers.tpl checks no value: its one fail is racer.image's missing registry, the rest is"
          + " _validate.tpl's")
  void checksInValidate() {
    String names = read(ChartUnderTest.directory().resolve("templates/_helpers.tpl"));
    assertThat(FAIL.matcher(names).results().count()).isEqualTo(1);
    assertThat(names).contains("fail (printf \"images.registry: no %s image");
  }

  @Test
  @DisplayName(
      "every define belongs to one rule family of the fast parity set, or is said to have no Java"
          + " twin there")
  void everyDefineHasAFamily() {
    Set<String> defined = new TreeSet<>();
    DEFINE.matcher(helpers).results().forEach(m -> defined.add(m.group(1)));
    Map<String, List<String>> claims = new TreeMap<>();
    for (RuleFamily family : RuleFamily.values()) {
      family
          .defines()
          .forEach(name -> claims.computeIfAbsent(name, n -> new ArrayList<>()).add(family.name()));
    }
    RuleFamily.OUTSIDE
        .keySet()
        .forEach(name -> claims.computeIfAbsent(name, n -> new ArrayList<>()).add("OUTSIDE"));

    assertThat(defined).as("the templates' defines").isNotEmpty();
    assertThat(claims.keySet())
        .as("the defines RuleFamily names (a family's, or OUTSIDE): exactly the templates'")
        .containsExactlyElementsOf(defined);
    assertThat(claims)
        .as("each define claimed once")
        .allSatisfy((name, owners) -> assertThat(owners).as(name).hasSize(1));
  }

  @Test
  @DisplayName(
      "a string quantity is tested and refused in one define, racer.validateQuantity: the"
          + " resources' quantities and an emptyDir's sizeLimit include it, none repeats its test")
  void oneQuantityTest() {
    String test = "(not (regexMatch `" + QuantityGrammar.PATTERN + "`";
    String refusal = "printf `" + QuantityGrammar.MESSAGE + "`";
    String define = define("racer.validateQuantity");

    assertThat(define).contains(test).contains(refusal);
    assertThat(helpers.split(Pattern.quote(test), -1)).as("the quantity's test").hasSize(2);
    assertThat(helpers.split(Pattern.quote(refusal), -1)).as("the quantity's refusal").hasSize(2);
    assertThat(define("racer.validateQuantities")).contains("include \"racer.validateQuantity\"");
    assertThat(define("racer.validatePodAdditions"))
        .contains(
            "include \"racer.validateQuantity\" (list (printf \"extraVolumes[%d].emptyDir.sizeLimit\"");
  }

  /** The body of one define of the named templates. */
  private String define(String name) {
    int start = helpers.indexOf("{{- define \"" + name + "\" -}}");
    assertThat(start).as("define %s", name).isNotNegative();
    return helpers.substring(start, helpers.indexOf("{{- /*", start));
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
