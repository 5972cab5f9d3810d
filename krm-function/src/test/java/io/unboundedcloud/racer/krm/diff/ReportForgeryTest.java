package io.unboundedcloud.racer.krm.diff;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.tree.FieldPath;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Names and values in diff's text and Markdown reports stay text in their place, whatever they
 * hold: every control character and every Markdown or HTML metacharacter, alone and in the name of
 * issue 41 that closed the Markdown report's fence and opened an HTML comment. The Markdown is
 * checked by CommonMark's rules for what ends a code block, a table cell and an HTML block.
 */
@DisplayName("diff's reports: no name or value forges their structure")
class ReportForgeryTest {
  /** The name of issue 41: closes the fence and the details block, then opens a comment. */
  private static final String FORGED = "x`\n```\n</details>\n\n<!--";

  /** Names: one per control character, one per metacharacter, runs of backticks, issue 41's. */
  private static List<String> names() {
    List<String> names = new ArrayList<>();
    IntStream.rangeClosed(0, 0x1f).forEach(c -> names.add("n" + (char) c + "m"));
    IntStream.rangeClosed(0x7f, 0x9f).forEach(c -> names.add("n" + (char) c + "m"));
    names.add("n\u2028m\u2029");
    for (char c : "`<>&|*_~[]()!#$\\\"'-+.=:".toCharArray()) {
      names.add("n" + c + "m");
      names.add(c + "edge" + c);
    }
    names.add("````````");
    names.add("` ``` `");
    names.add("<!-- -->");
    names.add("<script>alert(1)</script>");
    names.add("[link](https://evil.example.com)");
    names.add("![img](https://evil.example.com/x.png)");
    names.add("a | b | c");
    names.add(FORGED);
    return names;
  }

  /** Every name an added Deployment, with a changed field whose value is the name too. */
  private static DiffReport report() {
    List<ObjectChange> objects = new ArrayList<>();
    for (String name : names()) {
      objects.add(
          new ObjectChange(
              new ObjectKey("apps/v1", "Deployment", "ns" + name, name),
              ObjectChange.Change.CHANGED,
              true,
              "pace " + name,
              List.of("why " + name),
              List.of(
                  new FieldChange(
                      FieldPath.of("metadata.labels.team"), "old " + name, name, false))));
    }
    return new DiffReport(objects, 0);
  }

  @Test
  @DisplayName("text: one headline and four lines per object, then the count and the verdict")
  void text() {
    String text = DiffOutput.TEXT.write(report());

    List<String> lines = text.lines().toList();
    int objects = names().size();
    assertThat(lines).hasSize(objects * 4 + 2);
    for (int i = 0; i < objects; i++) {
      assertThat(lines.get(i * 4)).startsWith("Deployment ns").endsWith(": changed, rollout");
      assertThat(lines.get(i * 4 + 1)).startsWith("  why: why ");
      assertThat(lines.get(i * 4 + 2)).startsWith("  pace: pace ");
      assertThat(lines.get(i * 4 + 3)).startsWith("  metadata.labels.team: \"old ");
    }
    assertThat(lines.get(objects * 4)).isEqualTo("0 objects unchanged");
    assertThat(lines.get(objects * 4 + 1)).startsWith("rollout: Deployment ns");
    assertThat(text.chars()).noneMatch(c -> c < 0x20 && c != '\n' || c >= 0x7f && c <= 0x9f);
  }

  @Test
  @DisplayName(
      "markdown: the summary one line; each row five unescaped pipes; one details block, its fence"
          + " closed once and by its own closing line; no HTML but the report's")
  void markdown() {
    String markdown = DiffOutput.MARKDOWN.write(report());
    List<String> lines = markdown.lines().toList();
    int objects = names().size();

    // the summary, a blank line, the table's head and rule, one row per workload, a blank line
    assertThat(lines.get(0)).startsWith("**racer-krm diff**: **rollout** of " + objects);
    assertThat(lines.get(1)).isEmpty();
    assertThat(lines.get(2)).isEqualTo("| Workload | Rollout | Why | Pace |");
    List<String> rows = lines.subList(4, 4 + objects);
    for (String row : rows) {
      List<String> cells = cells(row);
      assertThat(cells).as(row).hasSize(6);
      // the workload: one code span, its fence longer than any backtick run inside
      Matcher code = Pattern.compile("(`+)(.*)\\1").matcher(cells.get(1).strip());
      assertThat(code.matches()).as(row).isTrue();
      assertThat(longestRun(code.group(2))).as(row).isLessThan(code.group(1).length());
      assertThat(cells.get(2).strip()).isEqualTo("**yes**");
      assertThat(cells.get(3)).as(row).startsWith(" why ").doesNotContain("<");
      assertThat(cells.get(4)).as(row).startsWith(" pace ").doesNotContain("<");
    }
    assertThat(lines.get(4 + objects)).isEmpty();

    // the details block: its HTML lines, then a fence no line inside can close
    List<String> rest = lines.subList(5 + objects, lines.size());
    assertThat(rest.get(0)).isEqualTo("<details>");
    assertThat(rest.get(1)).startsWith("<summary>Changes: ");
    assertThat(rest.get(2)).isEmpty();
    Matcher opening = Pattern.compile("(`{3,})text").matcher(rest.get(3));
    assertThat(opening.matches()).as(rest.get(3)).isTrue();
    int fence = opening.group(1).length();
    Pattern closes = Pattern.compile(" {0,3}`{" + fence + ",}[ \t]*");
    int closing = -1;
    for (int i = 4; i < rest.size(); i++) {
      if (closes.matcher(rest.get(i)).matches()) {
        closing = i;
        break;
      }
    }
    assertThat(closing).as("the line that closes the fence").isEqualTo(rest.size() - 3);
    assertThat(rest.subList(rest.size() - 2, rest.size())).containsExactly("", "</details>");

    // outside code, no '<' but the report's own tags: no comment, no tag from a name
    List<String> outside = new ArrayList<>(lines.subList(0, 4));
    outside.addAll(rest.subList(0, 4));
    outside.addAll(rest.subList(closing, rest.size()));
    for (String line : outside) {
      assertThat(line.replaceAll("</?(details|summary)>", "")).as(line).doesNotContain("<");
    }
    // inside, every name on its own object's lines: one headline per object
    assertThat(rest.subList(4, closing).stream().filter(line -> !line.startsWith("  ")))
        .hasSize(objects);
  }

  @Test
  @DisplayName("issue 41's name: escaped in the summary, a longer fence in its cell, plain in code")
  void issueName() {
    DiffReport report =
        new DiffReport(
            List.of(
                new ObjectChange(
                    new ObjectKey("apps/v1", "Deployment", "team", FORGED),
                    ObjectChange.Change.CHANGED,
                    true,
                    null,
                    List.of(),
                    List.of())),
            0);

    String markdown = DiffOutput.MARKDOWN.write(report);

    assertThat(markdown)
        .startsWith(
            "**racer-krm diff**: **rollout** of 1 workload (Deployment"
                + " team/x\\`\\\\n\\`\\`\\`\\\\n&lt;/details>\\\\n\\\\n&lt;!--); ")
        .contains("| ````Deployment team/x`\\n```\\n</details>\\n\\n<!--```` | **yes** |")
        .contains(
            "\n````text\nDeployment team/x`\\n```\\n</details>\\n\\n<!--: changed, rollout\n````\n");
  }

  /**
   * A GFM table row cut at its cell boundaries, as GFM cuts it before reading any span: at each
   * pipe that no backslash escapes (a backslash escapes the pipe right after it, nothing else).
   */
  private static List<String> cells(String row) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    for (int i = 0; i < row.length(); i++) {
      char c = row.charAt(i);
      if (c == '\\' && i + 1 < row.length() && row.charAt(i + 1) == '|') {
        cell.append("\\|");
        i++;
      } else if (c == '|') {
        cells.add(cell.toString());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    cells.add(cell.toString());
    return cells;
  }

  private static int longestRun(String text) {
    int longest = 0;
    int run = 0;
    for (char c : text.toCharArray()) {
      run = c == '`' ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    return longest;
  }
}
