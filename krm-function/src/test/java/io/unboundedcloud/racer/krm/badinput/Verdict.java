package io.unboundedcloud.racer.krm.badinput;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.ResourceListOutput;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** What every refusal must look like, whatever the input was. */
final class Verdict {
  /** A line of a Java stack trace. */
  private static final Pattern STACK_FRAME = Pattern.compile("(?m)^\\s+at [\\w$.]+\\(");

  /** A Java exception or error class name, qualified or not ({@code MalformedInputException}). */
  private static final Pattern EXCEPTION_CLASS =
      Pattern.compile("\\b[A-Z][A-Za-z0-9]*(Exception|Error)\\b");

  /** A qualified name from the JDK or a library the user never chose. */
  private static final Pattern INTERNAL_PACKAGE =
      Pattern.compile(
          "\\b(java|javax|jdk|sun|org\\.yaml|com\\.fasterxml|io\\.unboundedcloud)\\.[a-z]");

  /** The one-line form of a result, the only thing racer-krm prints on stderr. */
  private static final Pattern RESULT_LINE = Pattern.compile("(error|warning|info): \\S.*");

  private Verdict() {}

  /**
   * Exit 1; stderr holds only result lines (at least one error), no stack trace, no Java class
   * names, no "internal error".
   */
  static void assertCleanFailure(KrmRun run) {
    assertThat(run.exitCode()).as("exit code\n%s", run.describe()).isEqualTo(1);
    assertThat(run.stderr()).as("stderr\n%s", run.describe()).contains("error: ");
    assertThat(run.stderr().lines())
        .as("every stderr line is one result\n%s", run.describe())
        .allMatch(line -> RESULT_LINE.matcher(line).matches());
    assertThat(run.stderr())
        .as("an input error is not an internal error\n%s", run.describe())
        .doesNotContain("internal error");
    assertNoJavaInternals(run.stderr(), "stderr");
    assertNoJavaInternals(run.stdout(), "stdout");
  }

  /** No stack frame, exception class name or internal package name in {@code text}. */
  static void assertNoJavaInternals(String text, String what) {
    assertThat(STACK_FRAME.matcher(text).find())
        .as("a stack trace on %s:\n%s", what, text)
        .isFalse();
    assertThat(EXCEPTION_CLASS.matcher(text).results().map(m -> m.group()).toList())
        .as("exception class names on %s:\n%s", what, text)
        .isEmpty();
    assertThat(INTERNAL_PACKAGE.matcher(text).results().map(m -> m.group()).toList())
        .as("Java package names on %s:\n%s", what, text)
        .isEmpty();
  }

  /**
   * The ResourceList on stdout: {@code config.kubernetes.io/v1 ResourceList}, an {@code items}
   * list, and every error result also printed on stderr.
   */
  static ResourceListOutput output(KrmRun run) {
    ResourceListOutput output = run.output();
    assertThat(output.root())
        .as("stdout envelope\n%s", run.describe())
        .containsEntry("apiVersion", "config.kubernetes.io/v1")
        .containsEntry("kind", "ResourceList");
    assertThat(output.root().get("items"))
        .as("stdout items\n%s", run.describe())
        .isInstanceOf(List.class);
    for (Map<String, Object> error : output.errors()) {
      assertThat(run.stderr())
          .as("stderr repeats each error result")
          .contains("error: " + error.get("message"));
    }
    return output;
  }

  /** The items of a ResourceList text, as plain Java values. */
  /** The input's items when it parses as a mapping whose items are a list; else none. */
  static List<Object> itemsIfList(String input) {
    try {
      Object root = yaml().load(input);
      return root instanceof Map<?, ?> map && map.get("items") instanceof List<?> list
          ? cast(list)
          : List.of();
    } catch (RuntimeException notYaml) {
      return List.of();
    }
  }

  static List<Object> items(String resourceList) {
    Map<String, Object> root = cast(yaml().load(resourceList));
    Object items = root.get("items");
    return items == null ? List.of() : cast(items);
  }

  /**
   * Exit 1, a clean refusal, and stdout a ResourceList with every input item, unchanged, plus
   * errors.
   */
  static ResourceListOutput assertRefusedKeepingItems(String input, KrmRun run) {
    assertCleanFailure(run);
    ResourceListOutput output = output(run);
    assertThat(output.items())
        .as("every input item, unchanged, in order\n%s", run.describe())
        .isEqualTo(items(input));
    assertThat(output.errors()).as("error results").isNotEmpty();
    return output;
  }

  /** As {@link #assertUnreadable(String, KrmRun)} for input that never parsed: no items to keep. */
  static Map<String, Object> assertUnreadable(KrmRun run) {
    return assertUnreadable("", run);
  }

  /**
   * Exit 1, a clean refusal of input that cannot be used as a ResourceList: stdout still a
   * ResourceList, with the one error and, where the input's items were a list, exactly those items
   * (else none).
   */
  static Map<String, Object> assertUnreadable(String input, KrmRun run) {
    assertCleanFailure(run);
    ResourceListOutput output = output(run);
    List<Object> kept = itemsIfList(input);
    assertThat(output.items()).as("items of unreadable input\n%s", run.describe()).isEqualTo(kept);
    assertThat(output.errors()).as("error results\n%s", run.describe()).hasSize(1);
    return output.errors().get(0);
  }

  private static Yaml yaml() {
    LoaderOptions options = new LoaderOptions();
    options.setCodePointLimit(Integer.MAX_VALUE);
    options.setNestingDepthLimit(1000); // the function's own limit, 256, is what the tests probe
    return new Yaml(new SafeConstructor(options));
  }

  @SuppressWarnings("unchecked")
  static <T> T cast(Object value) {
    return (T) value;
  }
}
