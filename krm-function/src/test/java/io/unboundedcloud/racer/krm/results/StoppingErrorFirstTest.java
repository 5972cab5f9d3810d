package io.unboundedcloud.racer.krm.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.InputFolder;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.Permutations;
import io.unboundedcloud.racer.krm.harness.ResourceLists;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The error that stops a run comes first, by construction ({@link Results}' order), whatever step
 * raised it and whatever warnings were raised before it. Generated: every problem kind the renderer
 * reports, each error with no, one and two of the warnings, planted in every order into one input
 * (so each step raises them in each order it can), through function mode (the ResourceList's {@code
 * results:} and stderr) and render mode (stderr); and again in strict mode, where the planted error
 * stays ahead of the warnings strict mode makes errors.
 *
 * <p>Each problem has the step of the run that raises it ({@link Problem#step}): a step runs only
 * when the steps before it raised no error, and reports everything it finds. So each warning of a
 * step up to the error's is asserted present (the test cannot pass by reporting nothing), and the
 * error is the first line. The chart's side of the same rule is {@code StoppingErrorFirstChartTest}
 * in chart-gen.
 */
@Tag("slow")
@DisplayName("The error that stops a run comes first: every problem kind, in every order raised")
class StoppingErrorFirstTest {
  private static final String REGISTRY = "registry.example.com/racer";

  @TempDir Path temp;

  /**
   * A problem the renderer reports, the step that raises it (1 reading the inputs, 2 the settings'
   * rules, 3 the configuration and its images, 4 the existing DaemonSet, 5 the pod's fit, 6 the
   * cache origins), a text of its message and how it is planted.
   */
  enum Problem {
    CONFIG_TYPO(
        Severity.ERROR,
        1,
        "unknown function config key imageRegistery: did you mean imageRegistry?",
        input -> input.config.remove("imageRegistry"),
        input -> input.config.put("imageRegistery", REGISTRY)),
    STRICT_VALUE(
        Severity.ERROR,
        1,
        "data.strict is \"yes\": must be exactly \"true\"",
        input -> input.config.put("strict", "\"yes\"")),
    UNQUOTED_SETTING(
        Severity.ERROR,
        1,
        "data.RACER_CONTROL_SEATS is a number (3)",
        input -> input.settings.put("RACER_CONTROL_SEATS", "3")),
    SETTINGS_TYPO(
        Severity.ERROR,
        2,
        "RACER_NVIDA is not a known racer-settings key, and it is 1 edit from RACER_NVIDIA",
        input -> input.settings.put("RACER_NVIDA", "\"off\"")),
    SETTING_VALUE(
        Severity.ERROR,
        2,
        "RACER_PEER_PORT is \"99999\": must be an integer in 1024..65535",
        input -> input.settings.put("RACER_PEER_PORT", "\"99999\"")),
    REFUSED_KEY(
        Severity.ERROR,
        2,
        "\"..data\" is not a valid ConfigMap key",
        input -> input.settings.put("..data", "\"x\"")),
    NO_IMAGE(
        Severity.ERROR, 3, "no dataplane image", input -> input.config.remove("imageRegistry")),
    IMAGE_SCHEME(
        Severity.ERROR,
        3,
        "data.imageRegistry starts with https://",
        input -> input.config.put("imageRegistry", "\"https://registry.example.com\"")),
    SEATS_ENV(
        Severity.ERROR,
        4,
        "explicit env RACER_CONTROL_SEATS on the dataplane container would shadow racer-settings",
        input -> input.daemonSet("app.kubernetes.io/name: racer", "RACER_CONTROL_SEATS")),
    ORIGIN_WITHOUT_POD(
        Severity.ERROR,
        6,
        "cache origin origin-bare has no pod spec",
        input -> input.origin("origin-bare", "spec: {}")),
    UNKNOWN_CONFIG_KEY(
        Severity.WARNING,
        1,
        "unknown function config key colour is ignored",
        input -> input.config.put("colour", "\"blue\"")),
    UNKNOWN_SETTING(
        Severity.WARNING,
        2,
        "RACER_FAR_AWAY_SETTING_XYZ is not a known racer-settings key.",
        input -> input.settings.put("RACER_FAR_AWAY_SETTING_XYZ", "\"1\"")),
    SELECTOR_LABEL(
        Severity.WARNING,
        4,
        "the selector of DaemonSet racer carries team=blue",
        input -> input.daemonSet("team: blue", null)),
    SHUTDOWN_FIT(
        Severity.WARNING,
        5,
        "RACER_SHUTDOWN_TIMEOUT_MS is 60000 ms, longer than the pod's terminationGracePeriodSeconds",
        input -> input.settings.put("RACER_SHUTDOWN_TIMEOUT_MS", "\"60000\"")),
    ORIGIN_DEPLOYMENT(
        Severity.WARNING,
        6,
        "cache origin origin-deployment is a Deployment",
        input ->
            input.origin(
                "origin-deployment",
                """
                spec:
                  template:
                    spec:
                      containers:
                      - name: origin
                        image: origin:1
                """));

    final Severity severity;
    final int step;
    final String said;
    private final List<Consumer<Input>> plants;

    @SafeVarargs
    Problem(Severity severity, int step, String said, Consumer<Input>... plants) {
      this.severity = severity;
      this.step = step;
      this.said = said;
      this.plants = List.of(plants);
    }

    /** Whether planting this and {@code other} in one input would make another problem. */
    boolean clashesWith(Problem other) {
      return usesDaemonSet() && other.usesDaemonSet();
    }

    private boolean usesDaemonSet() {
      return this == SEATS_ENV || this == SELECTOR_LABEL;
    }
  }

  /** One input, its racer-settings, function config and other objects in the order planted. */
  static final class Input {
    final Map<String, String> settings = new LinkedHashMap<>(Map.of("RACER_NVIDIA", "\"off\""));
    final Map<String, String> config = new LinkedHashMap<>(Map.of("imageRegistry", REGISTRY));
    final List<String> objects = new ArrayList<>();

    static Input of(List<Problem> planted, boolean strict) {
      Input input = new Input();
      for (Problem problem : planted) {
        problem.plants.forEach(plant -> plant.accept(input));
      }
      if (strict) {
        input.config.put("strict", "\"true\"");
      }
      return input;
    }

    void daemonSet(String selectorLabel, String envName) {
      String spec =
          """
          selector:
            matchLabels:
              %s
          template:
            spec:
              containers:
              - name: dataplane
          """
                  .formatted(selectorLabel)
              + (envName == null
                  ? ""
                  : "      env:\n      - name: %s\n        value: \"3\"\n".formatted(envName));
      objects.add(ResourceLists.asDocument(ResourceLists.existingDataplaneEntry(spec)));
    }

    void origin(String name, String spec) {
      objects.add(
          """
          apiVersion: apps/v1
          kind: Deployment
          metadata:
            name: %s
            namespace: racer
            labels:
              racer.unbounded-cloud.io/cache-origin: "true"
          """
                  .formatted(name)
              + spec);
    }

    String settingsDocument() {
      return withData(
          ResourceLists.asDocument(ResourceLists.settingsEntry(ResourceLists.NAMESPACE, Map.of())),
          settings);
    }

    String configDocument(boolean annotated) {
      return withData(
          annotated
              ? InputFolder.functionConfigDocument(Map.of())
              : ResourceLists.asDocument(
                  ResourceLists.configMapEntry(InputFolder.FUNCTION_CONFIG_NAME, null, Map.of())),
          config);
    }

    String resourceList() {
      List<String> items = new ArrayList<>();
      items.add(settingsDocument());
      items.addAll(objects);
      return "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n"
          + items.stream().map(ResourceLists::asEntry).collect(Collectors.joining())
          + "functionConfig:\n"
          + configDocument(false).indent(2);
    }

    Path writeTo(Path folder) throws IOException {
      Files.createDirectories(folder);
      Files.writeString(folder.resolve(InputFolder.FUNCTION_CONFIG_FILE), configDocument(true));
      Files.writeString(folder.resolve(InputFolder.SETTINGS_FILE), settingsDocument());
      for (int i = 0; i < objects.size(); i++) {
        Files.writeString(folder.resolve("%02d-object.yaml".formatted(i + 2)), objects.get(i));
      }
      return folder;
    }

    /** A ConfigMap document ending in {@code data: {}}, with {@code data} as written instead. */
    private static String withData(String document, Map<String, String> data) {
      String lines =
          data.entrySet().stream()
              .map(entry -> "  " + entry.getKey() + ": " + entry.getValue() + "\n")
              .collect(Collectors.joining());
      return document.replace("data: {}\n", data.isEmpty() ? "data: {}\n" : "data:\n" + lines);
    }
  }

  /** Every error with none, one and two warnings, in every order of the planted problems. */
  static List<List<Problem>> cases() {
    List<Problem> errors = new ArrayList<>();
    List<Problem> warnings = new ArrayList<>();
    for (Problem problem : Problem.values()) {
      (problem.severity == Severity.ERROR ? errors : warnings).add(problem);
    }
    List<List<Problem>> cases = new ArrayList<>();
    for (Problem error : errors) {
      List<List<Problem>> sets = new ArrayList<>();
      sets.add(List.of(error));
      for (int i = 0; i < warnings.size(); i++) {
        sets.add(List.of(error, warnings.get(i)));
        for (int j = i + 1; j < warnings.size(); j++) {
          sets.add(List.of(error, warnings.get(i), warnings.get(j)));
        }
      }
      for (List<Problem> set : sets) {
        if (clashes(set)) {
          continue;
        }
        cases.addAll(Permutations.of(set));
      }
    }
    return cases;
  }

  private static boolean clashes(List<Problem> set) {
    for (int i = 0; i < set.size(); i++) {
      for (int j = i + 1; j < set.size(); j++) {
        if (set.get(i).clashesWith(set.get(j))) {
          return true;
        }
      }
    }
    return false;
  }

  @Test
  @DisplayName(
      "function mode: the planted error is the first result and the first stderr line, every error ahead of every warning, and each warning of a step up to the error's reported")
  void functionMode() {
    int withWarnings = 0;
    for (List<Problem> planted : cases()) {
      KrmRun run = KrmRun.function(Input.of(planted, false).resourceList());
      List<Map<String, Object>> results = run.output().results();
      String what = planted + "\n" + run.describe();
      assertThat(run.exitCode()).as(what).isEqualTo(1);
      assertErrorFirst(
          planted,
          results.stream().map(r -> r.get("severity") + ": " + r.get("message")).toList(),
          what);
      assertErrorFirst(planted, run.stderrLines(), what);
      withWarnings += results.stream().anyMatch(r -> "warning".equals(r.get("severity"))) ? 1 : 0;
    }
    assertThat(withWarnings).as("cases whose run reported a warning beside the error").isPositive();
  }

  @Test
  @DisplayName(
      "render mode: the planted error is the first stderr line, every error ahead of every warning, and each warning of a step up to the error's reported")
  void renderMode() throws IOException {
    int index = 0;
    for (List<Problem> planted : cases()) {
      Path folder = Input.of(planted, false).writeTo(temp.resolve("case-" + index++));
      KrmRun run = KrmRun.command("render", folder.toString());
      String what = planted + "\n" + run.describe();
      assertThat(run.exitCode()).as(what).isEqualTo(1);
      assertThat(run.stdout()).as(what).isEmpty();
      assertErrorFirst(planted, run.stderrLines(), what);
    }
  }

  @Test
  @DisplayName(
      "strict mode (function mode): the planted error stays first, ahead of the warnings strict mode made errors")
  void strictMode() {
    for (List<Problem> planted : cases()) {
      if (planted.size() > 2 || planted.contains(Problem.STRICT_VALUE)) {
        continue;
      }
      KrmRun run = KrmRun.function(Input.of(planted, true).resourceList());
      List<Map<String, Object>> results = run.output().results();
      String what = planted + " (strict)\n" + run.describe();
      assertThat(run.exitCode()).as(what).isEqualTo(1);
      assertErrorFirst(
          planted,
          results.stream().map(r -> r.get("severity") + ": " + r.get("message")).toList(),
          what,
          "");
      assertErrorFirst(planted, run.stderrLines(), what, "");
    }
  }

  /**
   * The lines ({@code severity: message}) start with the planted error; no warning comes before an
   * error; each planted warning whose step ran (up to the error's) is there.
   */
  private static void assertErrorFirst(List<Problem> planted, List<String> lines, String what) {
    assertErrorFirst(planted, lines, what, "warning: ");
  }

  /**
   * {@link #assertErrorFirst(List, List, String)}, each planted warning reported as a line starting
   * with {@code warned} (in strict mode, {@code ""}: as a warning or as an error).
   */
  private static void assertErrorFirst(
      List<Problem> planted, List<String> lines, String what, String warned) {
    Problem error = error(planted);
    List<String> reported =
        lines.stream().filter(l -> l.startsWith("error: ") || l.startsWith("warning: ")).toList();
    assertThat(reported).as(what).isNotEmpty();
    assertThat(reported.get(0)).as(what).startsWith("error: " + error.said);
    int lastError = -1;
    int firstWarning = reported.size();
    for (int i = 0; i < reported.size(); i++) {
      if (reported.get(i).startsWith("error: ")) {
        lastError = i;
      } else {
        firstWarning = Math.min(firstWarning, i);
      }
    }
    assertThat(lastError)
        .as("the last error is ahead of the first warning: %s", what)
        .isLessThan(firstWarning);
    for (Problem warning : planted) {
      if (warning.severity == Severity.WARNING && warning.step <= error.step) {
        assertThat(reported)
            .as("the warning %s (step %d) beside %s: %s", warning, warning.step, error, what)
            .anyMatch(line -> line.startsWith(warned) && line.contains(warning.said));
      }
    }
  }

  private static Problem error(List<Problem> planted) {
    return planted.stream().filter(p -> p.severity == Severity.ERROR).findFirst().orElseThrow();
  }
}
