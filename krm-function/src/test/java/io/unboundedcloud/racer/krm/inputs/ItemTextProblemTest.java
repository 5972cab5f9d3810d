package io.unboundedcloud.racer.krm.inputs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.ResourceListOutput;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every kind of problem in the text of one item of a ResourceList (a key written twice, an item
 * without kind, YAML that does not parse, an alias to no anchor, an item that is no object), each
 * with the file annotations kpt sends (both forms), with only the internal ones, and with none: the
 * error names the item's resourceRef and file, and counts its lines in the item's own text, never
 * in the ResourceList kpt generated.
 */
@DisplayName("An error about an item's text")
class ItemTextProblemTest {

  private static final String HEADER =
      "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n"
          + "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: before\n";
  private static final String AFTER =
      "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: after\n";

  /** The annotations kpt or kustomize put on the item. */
  enum Annotations {
    BOTH(
        "  annotations:\n"
            + "    config.kubernetes.io/path: 'team/broken.yaml'\n"
            + "    config.kubernetes.io/index: '1'\n"
            + "    internal.config.kubernetes.io/path: 'team/broken.yaml'\n"
            + "    internal.config.kubernetes.io/index: '1'\n"),
    INTERNAL_ONLY(
        "  annotations:\n"
            + "    internal.config.kubernetes.io/path: \"team/broken.yaml\"\n"
            + "    internal.config.kubernetes.io/index: \"1\"\n"),
    NONE("");

    final String text;

    Annotations(String text) {
      this.text = text;
    }

    boolean namesFile() {
      return this != NONE;
    }
  }

  /**
   * A kind of problem: the item's text (from column 0, {@code ANNOTATIONS} where they go), the
   * words its message holds, whether the item has a kind, and the marker of the line the problem is
   * at (the first line that holds it) with the column within the item's text.
   */
  record Problem(String name, String item, String words, boolean hasKind, String at, int column) {
    @Override
    public String toString() {
      return name;
    }
  }

  static List<Problem> problems() {
    String metadata = "metadata:\n  name: broken\n  namespace: team\nANNOTATIONS";
    return List.of(
        new Problem(
            "a key written twice",
            "apiVersion: v1\nkind: ConfigMap\n" + metadata + "data:\n  x: \"1\"\n  x: \"2\"\n",
            "duplicate key 'x'",
            true,
            "  x: \"2\"",
            3),
        new Problem(
            "an item without kind",
            "apiVersion: v1\n" + metadata + "data:\n  x: \"1\"\n",
            "has no kind",
            false,
            "apiVersion: v1",
            1),
        new Problem(
            "YAML that does not parse",
            "apiVersion: v1\nkind: ConfigMap\n" + metadata + "data:\n  x: a: b\n",
            "not valid YAML",
            true,
            "  x: a: b",
            7),
        new Problem(
            "an alias to no anchor",
            "apiVersion: v1\nkind: ConfigMap\n" + metadata + "data:\n  x: *nowhere\n",
            "nowhere",
            true,
            "  x: *nowhere",
            6));
  }

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (Problem problem : problems()) {
      for (Annotations annotations : Annotations.values()) {
        cases.add(arguments(problem, annotations));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}, annotations: {1}")
  @MethodSource("cases")
  @DisplayName("names the item, its file when it has one, and the line in its own text:")
  void namesTheItem(Problem problem, Annotations annotations) {
    String item = problem.item().replace("ANNOTATIONS", annotations.text);
    KrmRun run = KrmRun.function(HEADER + asEntry(item) + AFTER);

    assertThat(run.exitCode()).as(run.describe()).isEqualTo(1);
    Map<String, Object> error = ResourceListOutput.parse(run.stdout()).onlyError();
    String message = (String) error.get("message");
    int line = lineOf(item, problem.at());
    assertThat(message)
        .as("the message")
        .contains(
            problem.words(),
            "line " + line + ", column " + problem.column() + " of the object's text")
        .doesNotContain("stdin:");
    Map<String, Object> ref = new LinkedHashMap<>();
    ref.put("apiVersion", "v1");
    if (problem.hasKind()) {
      ref.put("kind", "ConfigMap");
    }
    ref.put("name", "broken");
    ref.put("namespace", "team");
    assertThat(error.get("resourceRef")).as("resourceRef").isEqualTo(ref);
    String object = (problem.hasKind() ? "ConfigMap" : "object") + " team/broken";
    if (annotations.namesFile()) {
      assertThat(error.get("file")).isEqualTo(Map.of("path", "team/broken.yaml", "index", 1));
      assertThat(run.stderr()).contains("[" + object + " in team/broken.yaml (document 2)]");
    } else {
      assertThat(error).doesNotContainKey("file");
      assertThat(run.stderr()).contains("[" + object + "]");
    }
  }

  @Nested
  @DisplayName("a key written twice")
  class DuplicateKey {
    private final String item =
        problems().get(0).item().replace("ANNOTATIONS", Annotations.BOTH.text);
    private final KrmRun run = KrmRun.function(HEADER + asEntry(item) + AFTER);

    @Test
    @DisplayName("counts both of the key's lines in the item's text")
    void bothLines() {
      assertThat(run.stderr())
          .contains(
              "first at line "
                  + lineOf(item, "  x: \"1\"")
                  + ", again at line "
                  + lineOf(item, "  x: \"2\""));
    }

    @Test
    @DisplayName("still gives every item back")
    void itemsKept() {
      assertThat(ResourceListOutput.parse(run.stdout()).items()).hasSize(3);
    }
  }

  @Test
  @DisplayName(
      "says that its lines are counted from the object's first line, not in its file, and counts"
          + " the line and column of where a broken collection starts in the item's text too")
  void startOfBrokenCollection() {
    String item =
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: broken\n"
            + Annotations.BOTH.text
            + "data:\n  y: [a, b\n  z: c\n";
    KrmRun run = KrmRun.function(HEADER + asEntry(item) + AFTER);

    String message = (String) ResourceListOutput.parse(run.stdout()).onlyError().get("message");
    assertThat(message)
        .contains(
            "of the object's text (its first line is line 1; kpt and kustomize send no line in the"
                + " file)",
            "while parsing a flow sequence that starts at line "
                + lineOf(item, "  y: [a, b")
                + ", column 6)");
  }

  @Test
  @DisplayName("an item that is no object: counted in its own text, without a resourceRef")
  void notAnObject() {
    KrmRun run = KrmRun.function(HEADER + "- just a string\n" + AFTER);

    assertThat(run.exitCode()).isEqualTo(1);
    Map<String, Object> error = ResourceListOutput.parse(run.stdout()).onlyError();
    assertThat((String) error.get("message"))
        .contains("items[1] is \"just a string\"", "line 1, column 1 of the object's text")
        .doesNotContain("stdin:");
    assertThat(error).doesNotContainKeys("resourceRef", "file");
  }

  @Test
  @DisplayName("a problem of the envelope keeps its position in the input")
  void envelope() {
    KrmRun run =
        KrmRun.function(
            "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nkind: List\nitems: []\n");

    assertThat(run.exitCode()).isEqualTo(1);
    Map<String, Object> error = ResourceListOutput.parse(run.stdout()).onlyError();
    assertThat((String) error.get("message")).contains("stdin:3:1", "duplicate key 'kind'");
    assertThat(error).doesNotContainKey("resourceRef");
  }

  /**
   * The 1-based line of the first line of {@code text} that is {@code marker} or starts with it.
   */
  private static int lineOf(String text, String marker) {
    List<String> lines = text.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(marker)) {
        return i + 1;
      }
    }
    throw new AssertionError("no line " + marker + " in\n" + text);
  }

  private static String asEntry(String item) {
    return io.unboundedcloud.racer.krm.harness.ResourceLists.asEntry(item);
  }
}
