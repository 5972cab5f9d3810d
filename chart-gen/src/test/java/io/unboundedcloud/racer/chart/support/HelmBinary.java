package io.unboundedcloud.racer.chart.support;

import io.unboundedcloud.racer.krm.runtime.CommandRun;
import io.unboundedcloud.racer.krm.toolchain.PinnedHelm;
import io.unboundedcloud.racer.krm.toolchain.PinnedTool;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A Helm binary run as a user runs it: the pinned Helm 4 of {@code tools/toolchain.sh} ({@link
 * PinnedHelm}). Its configuration, cache and data folders are under {@code target/}, and it reaches
 * no cluster (every install is {@code --dry-run=client}).
 */
final class HelmBinary implements HelmRunner {
  private final PinnedTool helm;

  /** {@code helm}: a Helm binary of {@link PinnedTool}. */
  HelmBinary(PinnedTool helm) {
    this.helm = helm;
  }

  @Override
  public String missing() {
    return helm.missing();
  }

  @Override
  public Lint lintStrict(Path chart, Path valuesFile) {
    List<String> command = new ArrayList<>(List.of("lint", "--strict", chart.toString()));
    if (valuesFile != null) {
      command.addAll(List.of("--values", valuesFile.toString()));
    }
    Run run = run(command);
    List<String> messages = new ArrayList<>(run.stdout().lines().toList());
    messages.addAll(run.stderr().lines().toList());
    return new Lint(run.exit() != 0, messages);
  }

  @Override
  public String template(Path chart, String namespace, Path valuesFile) {
    return run(release(
            "template", chart, namespace, valuesFile, "--kube-version", HelmRun.KUBE_VERSION))
        .succeeded();
  }

  /** Helm 4's install has no --kube-version: a client-only dry run takes its own Kubernetes. */
  @Override
  public String installDryRun(Path chart, String namespace, Path valuesFile) {
    return run(release("install", chart, namespace, valuesFile, "--dry-run=client")).succeeded();
  }

  /** {@code helm VERB racer CHART --namespace NAMESPACE --values VALUES_FILE FLAGS...}. */
  private static List<String> release(
      String verb, Path chart, String namespace, Path valuesFile, String... flags) {
    List<String> arguments =
        new ArrayList<>(
            List.of(
                verb,
                HelmRun.RELEASE,
                chart.toString(),
                "--namespace",
                namespace,
                "--values",
                valuesFile.toString()));
    arguments.addAll(List.of(flags));
    return arguments;
  }

  @Override
  public void packageInto(Path chart, Path destination) {
    run(List.of("package", chart.toString(), "--destination", destination.toString())).succeeded();
  }

  /** One run's exit code and output. */
  private record Run(List<String> command, int exit, String stdout, String stderr) {
    /** Its stdout; Helm's error as an IllegalStateException when it failed. */
    String succeeded() {
      if (exit != 0) {
        throw new IllegalStateException(
            String.join(" ", command) + " exited " + exit + ": " + stderr.strip());
      }
      return stdout;
    }
  }

  private Run run(List<String> arguments) {
    try {
      CommandRun run =
          PinnedHelm.in(helm, ChartUnderTest.workDirectory("helm-binary"))
              .run(Path.of("").toAbsolutePath(), arguments);
      return new Run(arguments, run.exit(), run.stdoutText(), run.stderr());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String toString() {
    return helm.description() + " (binary)";
  }
}
