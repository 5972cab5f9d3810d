package io.unboundedcloud.racer.chart.support;

import io.unboundedcloud.racer.krm.toolchain.PinnedTool;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.representer.Representer;

/**
 * How a test applies a kustomization's {@code patches:} entries (a {@code target} with kind and
 * name, and a strategic merge {@code patch} text, which may delete the object) and {@code labels:}
 * entries ({@code pairs}, on metadata only: never a selector or a pod template) to objects, as a
 * user's overlay does to the function's output.
 */
public enum Kustomize {
  /** {@link StrategicPatch}, in-process: runs on every machine. */
  EMULATED("strategic merge in-process"),
  /**
   * {@code kubectl kustomize} on a kustomization of the objects and the patches: needs kubectl on
   * the PATH (kustomize 5.5 on the project's machines).
   */
  KUBECTL("kubectl kustomize (the machine's)"),
  /** The same with a kubectl tools/toolchain.sh pins: kustomize 5.7.1. */
  KUBECTL_PINNED("kubectl kustomize 5.7.1 (pinned)"),
  /** The same with kustomize 5.8.1, the one Argo CD 3.3 and later bundle (pinned). */
  KUBECTL_PINNED_58("kubectl kustomize 5.8.1 (pinned)");

  private static final long TIMEOUT_SECONDS = 120;
  private static final AtomicInteger RUNS = new AtomicInteger();

  private final String description;

  Kustomize(String description) {
    this.description = description;
  }

  @Override
  public String toString() {
    return description;
  }

  /** Why this way cannot run on this machine, or {@code null} when it can. */
  public String missing() {
    return switch (this) {
      case EMULATED -> null;
      case KUBECTL ->
          kubectl().isEmpty() ? "kubectl not found on PATH (the real kustomize patches)" : null;
      case KUBECTL_PINNED -> PinnedTool.KUBECTL_KUSTOMIZE57.missing();
      case KUBECTL_PINNED_58 -> PinnedTool.KUBECTL_KUSTOMIZE58.missing();
    };
  }

  /** Every way that needs a tool, each missing one with why, as the one SKIPPED line it gives. */
  public static void announceMissing(String testClass) {
    for (Kustomize kustomize : values()) {
      if (kustomize.missing() != null) {
        System.out.println(
            "SKIPPED: " + testClass + " with " + kustomize + ": " + kustomize.missing());
      }
    }
  }

  /**
   * The objects with the patches applied in order.
   *
   * @throws AssertionError when kubectl fails or a patch matches nothing
   */
  public List<Map<String, Object>> apply(
      List<Map<String, Object>> objects, List<Map<String, Object>> patches) {
    return this == EMULATED ? emulated(objects, patches) : withKubectl(objects, patches);
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> emulated(
      List<Map<String, Object>> objects, List<Map<String, Object>> patches) {
    List<Map<String, Object>> result = new ArrayList<>(objects);
    for (Map<String, Object> entry : patches) {
      if (isLabels(entry)) {
        result.replaceAll(object -> labelled(object, (Map<String, Object>) entry.get("pairs")));
        continue;
      }
      Map<String, Object> target = (Map<String, Object>) entry.get("target");
      Map<String, Object> patch =
          new Yaml(new SafeConstructor(new LoaderOptions())).load((String) entry.get("patch"));
      boolean matched = false;
      for (int i = 0; i < result.size(); i++) {
        Map<String, Object> object = result.get(i);
        Map<String, Object> metadata =
            (Map<String, Object>) object.getOrDefault("metadata", Map.of());
        if (target.get("kind").equals(object.get("kind"))
            && target.get("name").equals(metadata.get("name"))) {
          result.set(i, StrategicPatch.deletes(patch) ? null : StrategicPatch.apply(object, patch));
          matched = true;
        }
      }
      result.removeIf(Objects::isNull);
      if (!matched) {
        throw new AssertionError("the patch for " + target + " matches no object");
      }
    }
    return result;
  }

  /** Whether a customization's entry is a kustomization {@code labels:} entry, not a patch. */
  public static boolean isLabels(Map<String, Object> entry) {
    return entry.containsKey("pairs");
  }

  private static Map<String, Object> labelled(
      Map<String, Object> object, Map<String, Object> pairs) {
    return StrategicPatch.apply(object, Map.of("metadata", Map.of("labels", pairs)));
  }

  private List<Map<String, Object>> withKubectl(
      List<Map<String, Object>> objects, List<Map<String, Object>> patches) {
    Path directory =
        ChartUnderTest.workDirectory("kustomize").resolve("run-" + RUNS.incrementAndGet());
    try {
      Files.createDirectories(directory);
      DumperOptions block = new DumperOptions();
      block.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
      Yaml yaml = new Yaml(new Representer(block), block);
      Files.writeString(directory.resolve("objects.yaml"), yaml.dumpAll(objects.iterator()));
      Map<String, Object> kustomization = new LinkedHashMap<>();
      kustomization.put("resources", List.of("objects.yaml"));
      List<Map<String, Object>> labels = patches.stream().filter(Kustomize::isLabels).toList();
      if (!labels.isEmpty()) {
        kustomization.put("labels", labels);
      }
      kustomization.put("patches", patches.stream().filter(e -> !isLabels(e)).toList());
      Files.writeString(directory.resolve("kustomization.yaml"), yaml.dump(kustomization));
      Path stdout = directory.resolve("stdout");
      Path stderr = directory.resolve("stderr");
      Process process =
          new ProcessBuilder(kubectlPath().toString(), "kustomize", directory.toString())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .redirectOutput(stdout.toFile())
              .redirectError(stderr.toFile())
              .start();
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
        throw new AssertionError(
            "kubectl kustomize " + directory + " did not end within " + TIMEOUT_SECONDS + " s");
      }
      if (process.exitValue() != 0) {
        throw new AssertionError(
            "kubectl kustomize " + directory + " failed: " + Files.readString(stderr));
      }
      return Manifests.parse(Files.readString(stdout));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while running kubectl kustomize", e);
    }
  }

  private Path kubectlPath() {
    return switch (this) {
      case KUBECTL_PINNED -> PinnedTool.KUBECTL_KUSTOMIZE57.path();
      case KUBECTL_PINNED_58 -> PinnedTool.KUBECTL_KUSTOMIZE58.path();
      default -> kubectl().orElseThrow();
    };
  }

  private static Optional<Path> kubectl() {
    String path = System.getenv("PATH");
    for (String entry : path == null ? new String[0] : path.split(File.pathSeparator)) {
      Path candidate = entry.isEmpty() ? null : Path.of(entry, "kubectl");
      if (candidate != null && Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }
}
