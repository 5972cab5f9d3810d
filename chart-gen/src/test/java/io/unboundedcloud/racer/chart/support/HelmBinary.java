package io.unboundedcloud.racer.chart.support;

import io.unboundedcloud.racer.krm.toolchain.PinnedTool;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A Helm binary run as a user runs it: the pinned Helm 4 of {@code tools/toolchain.sh}. Its
 * configuration, cache and data folders are under {@code target/}, and it reaches no cluster (every
 * install is {@code --dry-run=client}).
 */
final class HelmBinary implements HelmRunner {
  private static final long TIMEOUT_SECONDS = 120;
  private static final AtomicInteger RUNS = new AtomicInteger();

  private final PinnedTool tool;

  HelmBinary(PinnedTool tool) {
    this.tool = tool;
  }

  @Override
  public String missing() {
    return tool.missing();
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
    Path home = ChartUnderTest.workDirectory("helm-binary");
    Path run = home.resolve("run-" + RUNS.incrementAndGet());
    List<String> command = new ArrayList<>();
    command.add(tool.path().toString());
    command.addAll(arguments);
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
            .redirectOutput(run.resolveSibling(run.getFileName() + ".stdout").toFile())
            .redirectError(run.resolveSibling(run.getFileName() + ".stderr").toFile());
    Map<String, String> environment = builder.environment();
    environment.put("HELM_CONFIG_HOME", home.resolve("config").toString());
    environment.put("HELM_CACHE_HOME", home.resolve("cache").toString());
    environment.put("HELM_DATA_HOME", home.resolve("data").toString());
    environment.put("KUBECONFIG", home.resolve("no-cluster").toString());
    try {
      Process process = builder.start();
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
        throw new AssertionError(command + " did not end within " + TIMEOUT_SECONDS + " s");
      }
      Path stdout = run.resolveSibling(run.getFileName() + ".stdout");
      Path stderr = run.resolveSibling(run.getFileName() + ".stderr");
      Run done =
          new Run(
              arguments,
              process.exitValue(),
              Files.readString(stdout, StandardCharsets.UTF_8),
              Files.readString(stderr, StandardCharsets.UTF_8));
      Files.delete(stdout);
      Files.delete(stderr);
      return done;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while running " + command, e);
    }
  }

  @Override
  public String toString() {
    return tool.description() + " (binary)";
  }
}
