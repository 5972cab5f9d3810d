package io.unboundedcloud.racer.krm.e2e;

import static io.unboundedcloud.racer.krm.e2e.OutputObjects.at;
import static io.unboundedcloud.racer.krm.e2e.OutputObjects.podSpec;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * examples/kpt run by the real kpt, three ways: {@code kpt fn eval --exec}, {@code kpt fn render
 * --allow-exec} with the Kptfile's function turned into an {@code exec:}, and {@code kpt fn render}
 * of the package as shipped (its container image, through the docker stand-in). Each runs twice on
 * the same copy: the second run must leave every file as it was.
 */
@DisplayName("kpt runs the function on examples/kpt")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KptExamplesIT {
  private static final String WHAT = "end-to-end kpt tests";
  private static final String REGISTRY = "registry.example.com/racer";
  private static final String KPTFILE_FUNCTION = "- image: " + Repository.FUNCTION_IMAGE;

  private Path work;

  /** Why this machine cannot run these tests, or {@code null}. */
  private String skipReason;

  private Path function;
  private Map<String, String> example;
  private Rendered eval;
  private Rendered render;

  /** A package after the first run and after the second. */
  record Rendered(Map<String, String> first, Map<String, String> second) {}

  @BeforeAll
  void requireKpt(@TempDir Path work) {
    this.work = work;
    skipReason = Tool.missing("kpt", WHAT);
    Tool.announceSkip(skipReason);
    if (skipReason == null) {
      function = Repository.function();
      example = PackageFiles.snapshot(Repository.examples("kpt"));
    }
  }

  @BeforeEach
  void skipWhenUnavailable() {
    Tool.skipIf(skipReason);
  }

  @Test
  @DisplayName(
      "kpt fn eval --exec: the package gets the dataplane and the origin its placement; a second run changes nothing")
  void evalExec() {
    Rendered rendered = eval();
    assertRenderedPackage(example, rendered.first());
    assertThat(rendered.second()).isEqualTo(rendered.first());
  }

  @Test
  @DisplayName(
      "kpt fn render --allow-exec of an exec: pipeline: the same package as kpt fn eval; a second run changes nothing")
  void renderExec() {
    Rendered rendered = render();
    Map<String, String> original = new TreeMap<>(example);
    original.put("Kptfile", execKptfile());
    assertRenderedPackage(original, rendered.first());
    assertThat(rendered.second()).isEqualTo(rendered.first());
    assertThat(withoutKptfile(rendered.first())).isEqualTo(withoutKptfile(eval().first()));
  }

  @Test
  @DisplayName(
      "kpt fn render twice: the new objects go to the files the function names, one object each, and stay there")
  void newObjectFiles() {
    Rendered rendered = render();
    for (Map<String, String> files : List.of(rendered.first(), rendered.second())) {
      Map<String, String> added = new TreeMap<>(files);
      added.keySet().removeAll(example.keySet());
      assertThat(added.keySet())
          .as("the files kpt wrote for the new objects (docs/krm.md, \"Files of new objects\")")
          .containsExactly("racer/daemonset_racer.yaml", "racer/serviceaccount_racer.yaml");
      assertThat(
              OutputObjects.identities(
                  PackageFiles.objectsInFile(added.get("racer/daemonset_racer.yaml"))))
          .containsExactly("DaemonSet racer/racer");
      assertThat(
              OutputObjects.identities(
                  PackageFiles.objectsInFile(added.get("racer/serviceaccount_racer.yaml"))))
          .containsExactly("ServiceAccount racer/racer");
      added
          .values()
          .forEach(
              text ->
                  assertThat(text)
                      .as("kpt keeps the file annotations out of the files it writes")
                      .doesNotContain("config.kubernetes.io/path")
                      .doesNotContain("config.kubernetes.io/index"));
    }
    assertThat(rendered.second()).isEqualTo(rendered.first());
  }

  @Test
  @DisplayName(
      "kpt fn render of the package as shipped runs its image with no network as nobody, with the same result")
  void renderContainer() {
    String unavailable = DockerStandin.unavailableReason();
    String reason =
        unavailable == null ? null : unavailable + " (" + WHAT + " of the container function)";
    Tool.announceSkip(reason);
    Tool.skipIf(reason);
    DockerStandin docker = DockerStandin.install(work, function);
    Path dir = PackageFiles.copy(Repository.examples("kpt"), work.resolve("render-container"));
    Rendered rendered = twice(dir, docker.bin, "kpt", "fn", "render", dir.toString());

    assertRenderedPackage(example, rendered.first());
    assertThat(rendered.second()).isEqualTo(rendered.first());
    assertThat(withoutKptfile(rendered.first())).isEqualTo(withoutKptfile(render().first()));
    // kpt asks for the client version first, then runs the image; twice
    List<String> version = List.of("version", "--format", "{{.Client.Version}}");
    List<String> run =
        List.of(
            "run",
            "--rm",
            "-i",
            "--network",
            "none",
            "--user",
            "nobody",
            "--security-opt=no-new-privileges",
            "--pull",
            "missing",
            Repository.FUNCTION_IMAGE);
    assertThat(docker.calls()).containsExactly(version, run, version, run);
    assertThat(docker.sandboxes())
        .containsExactly(DockerStandin.SANDBOXED, DockerStandin.SANDBOXED);
  }

  @Test
  @DisplayName(
      "a toleration the user adds to the rendered DaemonSet, with a comment, stays and reaches the origin")
  void userPatchKept() {
    Map<String, String> rendered = new TreeMap<>(eval().first());
    String daemonSetFile = fileOf(rendered, "DaemonSet", "racer");
    String toleration =
        """
              # GPU nodes are tainted for GPU work: the dataplane must run there too.
              tolerations:
              - key: nvidia.com/gpu
                operator: Exists
                effect: NoSchedule
        """;
    String original = rendered.get(daemonSetFile);
    assertThat(original).containsOnlyOnce("\n      affinity:\n");
    String patched =
        original.replace("\n      affinity:\n", "\n" + toleration + "      affinity:\n");
    rendered.put(daemonSetFile, patched);
    Path dir = PackageFiles.restore(rendered, work.resolve("user-patch"));

    Rendered again =
        twice(
            dir,
            null,
            "kpt",
            "fn",
            "eval",
            dir.toString(),
            "--exec",
            function.toString(),
            "--",
            "imageRegistry=" + REGISTRY);
    assertLinesKeptInOrder(patched, again.first().get(daemonSetFile));
    Map<String, Object> origin =
        PackageFiles.objectsInFile(again.first().get("cache-origin.yaml")).get(0);
    assertThat(podSpec(origin).get("tolerations"))
        .isEqualTo(
            List.of(Map.of("key", "nvidia.com/gpu", "operator", "Exists", "effect", "NoSchedule")));
    assertLinesKeptInOrder(
        example.get("cache-origin.yaml"), again.first().get("cache-origin.yaml"));
    assertThat(again.second()).isEqualTo(again.first());
  }

  /** The file of a package snapshot that holds the object of {@code kind} named {@code name}. */
  private static String fileOf(Map<String, String> files, String kind, String name) {
    List<String> found =
        files.entrySet().stream()
            .filter(file -> !file.getKey().equals("Kptfile"))
            .filter(
                file ->
                    PackageFiles.objectsInFile(file.getValue()).stream()
                        .anyMatch(
                            o ->
                                kind.equals(o.get("kind"))
                                    && name.equals(at(o, "metadata", "name"))))
            .map(Map.Entry::getKey)
            .toList();
    assertThat(found).as("files holding %s %s", kind, name).hasSize(1);
    return found.get(0);
  }

  /** The example after kpt fn eval --exec, run twice (once for the whole class). */
  private Rendered eval() {
    if (eval == null) {
      Path dir = PackageFiles.copy(Repository.examples("kpt"), work.resolve("eval"));
      eval =
          twice(
              dir,
              null,
              "kpt",
              "fn",
              "eval",
              dir.toString(),
              "--exec",
              function.toString(),
              "--",
              "imageRegistry=" + REGISTRY);
    }
    return eval;
  }

  /** The example with an exec: pipeline after kpt fn render --allow-exec, run twice. */
  private Rendered render() {
    if (render == null) {
      Path dir = PackageFiles.copy(Repository.examples("kpt"), work.resolve("render-exec"));
      PackageFiles.restore(Map.of("Kptfile", execKptfile()), dir);
      render = twice(dir, null, "kpt", "fn", "render", dir.toString(), "--allow-exec");
    }
    return render;
  }

  /** The example's Kptfile with its function's image replaced by the packaged launcher. */
  private String execKptfile() {
    String kptfile = example.get("Kptfile");
    assertThat(kptfile).as("examples/kpt/Kptfile").containsOnlyOnce(KPTFILE_FUNCTION);
    return kptfile.replace(KPTFILE_FUNCTION, "- exec: " + function);
  }

  private Rendered twice(Path dir, Path pathFirst, String... command) {
    Tool.run(work, pathFirst, command).succeeded();
    Map<String, String> first = PackageFiles.snapshot(dir);
    Tool.run(work, pathFirst, command).succeeded();
    return new Rendered(first, PackageFiles.snapshot(dir));
  }

  /**
   * Checks a rendered package against the one it came from: the Kptfile and racer-settings.yaml
   * byte for byte; cache-origin.yaml keeps every line (comments, flow style, key order) and gains
   * only the dataplane's placement; new files hold exactly the DaemonSet and the ServiceAccount.
   */
  private static void assertRenderedPackage(
      Map<String, String> original, Map<String, String> rendered) {
    assertThat(rendered.get("Kptfile")).isEqualTo(original.get("Kptfile"));
    assertThat(rendered.get("racer-settings.yaml")).isEqualTo(original.get("racer-settings.yaml"));

    String originText = rendered.get("cache-origin.yaml");
    assertThat(PackageFiles.commentLines(originText))
        .isEqualTo(PackageFiles.commentLines(original.get("cache-origin.yaml")))
        .isNotEmpty();
    assertThat(originText).startsWith("# A cache origin for the cache volume \"models\"");
    assertLinesKeptInOrder(original.get("cache-origin.yaml"), originText);

    List<Map<String, Object>> added = new ArrayList<>();
    Map<String, String> newFiles = new TreeMap<>(rendered);
    newFiles.keySet().removeAll(original.keySet());
    newFiles.values().forEach(text -> added.addAll(PackageFiles.objectsInFile(text)));
    assertThat(OutputObjects.identities(added))
        .as("objects in the new files %s", newFiles.keySet())
        .containsExactlyInAnyOrder("DaemonSet racer/racer", "ServiceAccount racer/racer");

    Map<String, Object> daemonSet = OutputObjects.one(added, "DaemonSet", "racer", "racer");
    assertThat(
            at(OutputObjects.dataplaneContainer(daemonSet), "envFrom", 0, "configMapRef", "name"))
        .isEqualTo("racer-settings");
    assertThat(at(OutputObjects.dataplaneContainer(daemonSet), "image"))
        .isEqualTo(REGISTRY + "/racer-dataplane:0.19.0");

    Map<String, Object> origin = PackageFiles.objectsInFile(originText).get(0);
    Map<String, Object> originBefore =
        PackageFiles.objectsInFile(original.get("cache-origin.yaml")).get(0);
    assertThat(podSpec(origin).get("affinity"))
        .isNotNull()
        .isEqualTo(podSpec(daemonSet).get("affinity"));
    assertThat(podSpec(origin).get("tolerations")).isEqualTo(podSpec(daemonSet).get("tolerations"));
    assertThat(podSpec(origin).get("nodeSelector"))
        .isEqualTo(podSpec(daemonSet).get("nodeSelector"));
    Map<String, Object> unplaced = new LinkedHashMap<>(podSpec(origin));
    unplaced.remove("affinity");
    assertThat(unplaced)
        .as("the origin's pod spec, but for its placement")
        .isEqualTo(podSpec(originBefore));
  }

  /**
   * Every line of {@code before} is in {@code after}, in the same order (lines may be added
   * between).
   */
  private static void assertLinesKeptInOrder(String before, String after) {
    List<String> remaining = after.lines().toList();
    int from = 0;
    for (String line : before.lines().toList()) {
      int found = remaining.subList(from, remaining.size()).indexOf(line);
      assertThat(found)
          .as("line %s of the original, kept in order, in:%n%s", line, after)
          .isNotNegative();
      from += found + 1;
    }
  }

  private static Map<String, String> withoutKptfile(Map<String, String> files) {
    Map<String, String> rest = new TreeMap<>(files);
    rest.remove("Kptfile");
    return rest;
  }
}
