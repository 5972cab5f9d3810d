package io.unboundedcloud.racer.workload.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository stands alone: its docs and comments cite no path of a developer's machine, and its
 * relative Markdown links resolve.
 *
 * <p>The files are git's list (tracked, plus untracked and not ignored). Without git or {@code
 * .git} (an unpacked source archive) there is no such list, and walking the folder would judge
 * build output instead: the check prints one {@code SKIPPED:} line and aborts. CI always has it:
 * {@code .ci/run} runs the suite in a clone.
 */
@DisplayName("The repository's text")
class RepositoryTextTest {

  @Nested
  @TestInstance(TestInstance.Lifecycle.PER_CLASS)
  @DisplayName("every tracked text file")
  class TrackedText {
    private Path root;
    private String unavailable;
    private final List<Path> files = new ArrayList<>();

    @BeforeAll
    void list() throws Exception {
      root = RepositoryRoot.find();
      unavailable = TrackedFiles.unavailable(root);
      if (unavailable != null) {
        System.out.println("SKIPPED: RepositoryTextTest: " + unavailable);
        return;
      }
      files.addAll(TrackedFiles.list(root));
    }

    /** Each test reports itself skipped (one SKIPPED line was printed for both). */
    private void assumeListed() {
      assumeTrue(unavailable == null, unavailable);
    }

    @Test
    @DisplayName(
        "cites no path of a developer's machine or of the workbench in its docs or comments")
    void noMachinePaths() throws IOException {
      assumeListed();
      List<String> findings = new ArrayList<>();
      for (Path file : files) {
        DocumentationText.Kind kind = DocumentationText.kindOf(file);
        String text = kind == DocumentationText.Kind.NONE ? null : text(root.resolve(file));
        if (text != null) {
          for (MachinePaths.Finding finding : MachinePaths.in(DocumentationText.of(kind, text))) {
            findings.add(file + ":" + finding.line() + ": " + finding.path());
          }
        }
      }
      assertThat(findings)
          .as(
              "paths only one machine has; cite a file of the repository (relative) or say it in words")
          .isEmpty();
      assertThat(files).as("the tracked files of %s", root).contains(Path.of("README.md"));
    }

    @Test
    @DisplayName("has only relative Markdown links that resolve inside the checkout")
    void linksResolve() throws IOException {
      assumeListed();
      List<String> broken = new ArrayList<>();
      int checked = 0;
      for (Path file : files) {
        if (file.getFileName().toString().endsWith(".md")) {
          checked++;
          for (MarkdownLinks.Broken link :
              MarkdownLinks.in(root, file, Files.readString(root.resolve(file)))) {
            broken.add(file + ":" + link.line() + ": (" + link.target() + ") " + link.reason());
          }
        }
      }
      assertThat(broken).as("Markdown links that do not resolve").isEmpty();
      assertThat(checked).as("Markdown files checked").isGreaterThan(5);
    }

    /** The file as UTF-8 text, or null for a binary one (a NUL byte or not UTF-8). */
    private static String text(Path file) throws IOException {
      byte[] bytes = Files.readAllBytes(file);
      for (byte b : bytes) {
        if (b == 0) {
          return null;
        }
      }
      try {
        return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
      } catch (CharacterCodingException e) {
        return null;
      }
    }
  }

  @Nested
  @DisplayName("machine paths")
  class MachinePathRule {
    @Test
    @DisplayName(
        "are refused: the workbench, home folders, mounts, a file left under /tmp, relative escapes")
    void refused() {
      assertThat(MachinePaths.in("see /work/shared/design/dataplane.md")).isNotEmpty();
      assertThat(MachinePaths.in("cd /work/main")).isNotEmpty();
      assertThat(MachinePaths.in("in /home/alice/src/racer")).isNotEmpty();
      assertThat(MachinePaths.in("under /root/.m2")).isNotEmpty();
      assertThat(MachinePaths.in("(/Users/bob/racer)")).isNotEmpty();
      assertThat(MachinePaths.in("C:\\Users\\carol\\racer")).isNotEmpty();
      assertThat(MachinePaths.in("/mnt/data/fixtures")).isNotEmpty();
      assertThat(MachinePaths.in("the log in /tmp/bash_jobs.0/3/stdout")).isNotEmpty();
      assertThat(MachinePaths.in("file:///etc/hosts")).isNotEmpty();
      assertThat(MachinePaths.in("see ../shared/fixtures/krm/")).isNotEmpty();
      assertThat(MachinePaths.in("from ../seeds/000.txt")).isNotEmpty();
      assertThat(MachinePaths.in("a\nb /work/x"))
          .containsExactly(new MachinePaths.Finding(2, "/work"));
    }

    @Test
    @DisplayName("are not: system and in-image paths, the temporary folder, repository paths, URLs")
    void allowed() {
      assertThat(
              MachinePaths.in(
                  String.join(
                      "\n",
                      "/proc/self/status /sys/fs/cgroup /dev/shm /etc/passwd /var/run/secrets/kubernetes.io/serviceaccount",
                      "/usr/local/bin/kustomize /opt/racer-krm/bin/racer-krm /run/racer /var/lib/racer/slabs",
                      "HOME=/tmp, mountPath: /tmp, cp -r examples/kpt /tmp/racer",
                      "/home/argocd/cmp-server/config/plugin.yaml /tmp/_cmp_server/app",
                      "workload/src/main/java, krm-function/.../work/x, io/unboundedcloud/racer/workload",
                      "https://github.com/kubernetes-sigs/kustomize/tree/master/home/x, ~/.m2, $HOME/.m2",
                      "the rootfs, /workload, /workers, /rooted")))
          .isEmpty();
    }
  }

  @Nested
  @DisplayName("documentation text")
  class DocumentationTextRule {
    @Test
    @DisplayName("of a Java file is its comments, not its string literals")
    void javaComments() {
      String java =
          "String a = \"/work/x\"; // see /work/y\n/** in /work/z */ String b = \"\"\"\n /work/t\n\"\"\";";
      assertThat(MachinePaths.in(DocumentationText.of(DocumentationText.Kind.JAVA, java)))
          .containsExactly(
              new MachinePaths.Finding(1, "/work"), new MachinePaths.Finding(2, "/work"));
    }

    @Test
    @DisplayName("of a YAML or shell file is its # comments, not its values")
    void hashComments() {
      String yaml =
          "path: '/home/user/pkg'\n# captured in /home/user/pkg\nurl: http://x/#/home/a\n";
      assertThat(MachinePaths.in(DocumentationText.of(DocumentationText.Kind.HASH_COMMENTS, yaml)))
          .containsExactly(new MachinePaths.Finding(2, "/home/user"));
    }

    @Test
    @DisplayName("of an XML file is its comments")
    void xmlComments() {
      String xml = "<a>/work/x</a>\n<!-- from\n /work/y -->";
      assertThat(MachinePaths.in(DocumentationText.of(DocumentationText.Kind.XML, xml)))
          .containsExactly(new MachinePaths.Finding(3, "/work"));
    }
  }

  @Nested
  @DisplayName("Markdown links")
  class MarkdownLinkRule {
    @Test
    @DisplayName(
        "resolve relative to their file; missing, escaping and absolute targets are refused")
    void resolution(@TempDir Path root) throws IOException {
      Files.createDirectories(root.resolve("docs"));
      Files.writeString(root.resolve("docs/a.md"), "");
      Files.writeString(root.resolve("README.md"), "");
      String text =
          String.join(
              "\n",
              "[ok](docs/a.md) [ok too](docs/a.md#part) [folder](docs/) [web](https://example.com/x.md) [here](#top)",
              "[missing](docs/b.md)",
              "[outside](../elsewhere.md)",
              "[absolute](/docs/a.md)",
              "`[in code](nowhere.md)`",
              "```",
              "[fenced](nowhere.md)",
              "```",
              "[ref]: docs/none.md",
              "![image](docs/pic.png \"a title\")");
      assertThat(MarkdownLinks.in(root, Path.of("README.md"), text))
          .extracting(MarkdownLinks.Broken::line, MarkdownLinks.Broken::target)
          .containsExactly(
              org.assertj.core.groups.Tuple.tuple(2, "docs/b.md"),
              org.assertj.core.groups.Tuple.tuple(3, "../elsewhere.md"),
              org.assertj.core.groups.Tuple.tuple(4, "/docs/a.md"),
              org.assertj.core.groups.Tuple.tuple(9, "docs/none.md"),
              org.assertj.core.groups.Tuple.tuple(10, "docs/pic.png"));
      assertThat(MarkdownLinks.in(root, Path.of("docs/a.md"), "[up](../README.md)")).isEmpty();
    }
  }
}
