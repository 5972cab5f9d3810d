package io.unboundedcloud.racer.krm.badinput;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code racer-krm adopt PATH}: on bad input, exit 1, one line on stderr that says what is wrong
 * and what to do, nothing on stdout and no values file. Files under {@code
 * src/test/resources/badinput/adopt/}.
 */
@DisplayName("Adopt on bad input: exit 1, one clear line on stderr, EMPTY stdout")
class AdoptModeBadInputTest {
  private static final String DUMP =
      "(kubectl get daemonset/racer serviceaccount/racer configmap/racer-settings"
          + " --namespace NAMESPACE -o yaml)";

  private static String fixture(String name) {
    try {
      return Path.of(AdoptModeBadInputTest.class.getResource("/badinput/adopt/" + name).toURI())
          .toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static KrmRun adopt(String... args) {
    String[] all = new String[args.length + 1];
    all[0] = "adopt";
    System.arraycopy(args, 0, all, 1, args.length);
    return KrmRun.run(new byte[0], KrmRun.HANG_GUARD, all);
  }

  /** A refusal: clean, nothing on stdout, and exactly one line on stderr. */
  private static String refusal(KrmRun run) {
    Verdict.assertCleanFailure(run);
    assertThat(run.stdout()).as("stdout\n%s", run.describe()).isEmpty();
    assertThat(run.stderr().lines()).as("one line\n%s", run.describe()).hasSize(1);
    return run.stderr();
  }

  @Test
  @DisplayName("YAML that does not parse: the file, the line and the column")
  void notYaml() {
    assertThat(refusal(adopt(fixture("not-yaml.yaml"))))
        .startsWith("error: " + fixture("not-yaml.yaml") + ":9:7: not valid YAML")
        .contains("flow mapping that starts at line 8", "Fix the YAML at this position");
  }

  @Test
  @DisplayName("no DaemonSet racer: what was read instead, and the command that dumps it")
  void noDaemonSet() {
    assertThat(refusal(adopt(fixture("no-daemonset.yaml"))))
        .isEqualTo(
            "error: no DaemonSet named racer among the 2"
                + " objects read (1 ConfigMap, 1 ServiceAccount): add the live DaemonSet to the dump "
                + DUMP
                + "\n");
  }

  @Test
  @DisplayName("two DaemonSets racer: both named, one installation at a time")
  void twoDaemonSets() {
    String file = fixture("two-daemonsets.yaml");
    assertThat(refusal(adopt(file)))
        .isEqualTo(
            "error: found 2 DaemonSets named racer (DaemonSet racer-a/racer in "
                + file
                + "; DaemonSet racer-b/racer in "
                + file
                + "): adopt moves one installation at a time; dump one"
                + " namespace "
                + DUMP
                + "\n");
  }

  @Test
  @DisplayName("the same dump given twice: one installation, given once, each copy's file named")
  void sameDumpTwice() {
    String file = fixture("no-settings.yaml");
    String each = "DaemonSet racer-system/racer in " + file;
    assertThat(refusal(adopt(file, file)))
        .isEqualTo(
            "error: the DaemonSet racer in namespace racer-system is in the input 2 times ("
                + each
                + "; "
                + each
                + "): give each dump once\n");
  }

  @Test
  @DisplayName("a dump of other kinds only: the kinds it holds, and what adopt reads")
  void otherKindsOnly() {
    assertThat(refusal(adopt(fixture("other-kinds.yaml"))))
        .isEqualTo(
            "error: the input holds no DaemonSet,"
                + " ServiceAccount or ConfigMap, only 2 Pods, 1 Service: adopt reads the live DaemonSet racer, its"
                + " ServiceAccount and the racer-settings ConfigMap "
                + DUMP
                + "\n");
  }

  @Test
  @DisplayName("a file without any object")
  void empty() {
    assertThat(refusal(adopt(fixture("empty.yaml"))))
        .startsWith("error: the input holds no objects:");
  }

  @Test
  @DisplayName("no racer-settings in the DaemonSet's namespace: the command that dumps it")
  void noSettings() {
    assertThat(refusal(adopt(fixture("no-settings.yaml"))))
        .isEqualTo(
            "error: no ConfigMap racer-settings in"
                + " namespace racer-system among the objects read: the dataplane's settings are part of the installation;"
                + " add them to the dump (kubectl get configmap/racer-settings --namespace racer-system -o yaml)\n");
  }

  @Test
  @DisplayName("images that cannot be pinned: what is missing, and --function-config")
  void noObjectImage() {
    String dump = fixture("no-object-image.yaml");
    assertThat(refusal(adopt(dump)))
        .contains(
            "cannot pin the images the dataplane runs: the dataplane container has no RACER_OBJECT_IMAGE env",
            "pass --function-config FILE",
            "[DaemonSet racer-system/racer in " + dump + ", field spec.template.spec.containers]");
  }

  @Test
  @DisplayName("a path that does not exist")
  void missingPath() {
    assertThat(refusal(adopt("no/such/live.yaml")))
        .isEqualTo("error: no/such/live.yaml: no such file or directory\n");
  }

  @Test
  @DisplayName("bad input with --chart-values writes no values file")
  void noValuesFile(@TempDir Path dir) {
    Path values = dir.resolve("values.yaml");
    refusal(adopt("--chart-values", values.toString(), fixture("two-daemonsets.yaml")));
    assertThat(Files.exists(values)).isFalse();
  }

  @Test
  @DisplayName("no path, or an unknown flag: a command line that cannot run, exit 2")
  void usage() {
    for (KrmRun run :
        new KrmRun[] {
          adopt(), adopt("--frobnicate", fixture("empty.yaml")), adopt("--chart-values")
        }) {
      assertThat(run.exitCode()).as(run.describe()).isEqualTo(2);
      assertThat(run.stdout()).isEmpty();
      assertThat(run.stderr()).contains("racer-krm adopt --help");
    }
  }
}
