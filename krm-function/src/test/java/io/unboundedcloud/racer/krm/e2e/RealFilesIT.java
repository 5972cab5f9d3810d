package io.unboundedcloud.racer.krm.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.realfiles.FlowCommentShapes;
import io.unboundedcloud.racer.krm.realfiles.NestedSequenceShapes;
import io.unboundedcloud.racer.krm.realfiles.RandomComments;
import io.unboundedcloud.racer.krm.realfiles.RealFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
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
 * The real-files corpus (src/test/resources/realfiles, its README says what it holds) as one kpt
 * package, run by the real kpt with {@code cat} and with the packaged function, twice: every corpus
 * file the function's run writes is byte for byte the file {@code cat}'s run writes, and the second
 * run changes no file. The references committed for function mode ({@code RealFilesTest}) are
 * checked against this kpt: the ResourceList it sends, the files {@code cat} writes. With {@code
 * -Drealfiles.capture=true} it writes them instead.
 */
@DisplayName("kpt runs the function on the real-files corpus")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RealFilesIT {
  private static final String WHAT = "the real-files corpus through kpt";
  private static final String CONFIG = "imageRegistry=registry.example.com/racer";
  private static final String SETTINGS =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: racer-settings
        namespace: racer
      data:
        RACER_NVIDIA: "off"
      """;

  private String skipReason;
  private Map<String, String> catRun;
  private Map<String, String> catAgain;
  private Map<String, String> firstRun;
  private Map<String, String> secondRun;
  private String sentResourceList;

  @BeforeAll
  void runKpt(@TempDir Path work) throws IOException {
    skipReason = Tool.missing("kpt", WHAT);
    Tool.announceSkip(skipReason);
    if (skipReason != null) {
      return;
    }
    Path function = Repository.function();
    Path pkg = stage(work.resolve("package"));
    Path cat = eval(PackageFiles.copy(pkg, work.resolve("cat")), "cat");
    catRun = corpusFiles(cat);
    catAgain = corpusFiles(eval(PackageFiles.copy(cat, work.resolve("cat-again")), "cat"));
    Path fn = eval(PackageFiles.copy(pkg, work.resolve("function")), function.toString(), CONFIG);
    firstRun = corpusFiles(fn);
    secondRun = corpusFiles(eval(fn, function.toString(), CONFIG));
    Path capture = work.resolve("sent.yaml");
    Path tee = work.resolve("tee.sh");
    Files.writeString(tee, "#!/bin/sh\ntee '" + capture + "'\n");
    Files.setPosixFilePermissions(tee, PosixFilePermissions.fromString("rwx------"));
    eval(PackageFiles.copy(pkg, work.resolve("sent")), tee.toString(), CONFIG);
    sentResourceList = Files.readString(capture);
    if (Boolean.getBoolean("realfiles.capture")) {
      capture();
    }
  }

  @BeforeEach
  void skipWhenUnavailable() {
    Tool.skipIf(skipReason);
  }

  @Test
  @DisplayName("every corpus file comes out of the function as cat writes it, byte for byte")
  void sameAsCat() {
    assertThat(catRun).as("the corpus files").hasSizeGreaterThanOrEqualTo(300);
    assertThat(differing(catRun, firstRun)).as("files that differ from cat's").isEmpty();
  }

  @Test
  @DisplayName(
      "a second run changes no file that cat's second run keeps, and writes the others as cat does")
  void stable() {
    Map<String, String> catStable = new TreeMap<>(catAgain);
    catStable.keySet().removeIf(path -> !catAgain.get(path).equals(catRun.get(path)));
    Map<String, String> secondStable = new TreeMap<>(secondRun);
    secondStable.keySet().retainAll(catStable.keySet());
    Map<String, String> firstStable = new TreeMap<>(firstRun);
    firstStable.keySet().retainAll(catStable.keySet());
    assertThat(differing(firstStable, secondStable)).as("files the second run changed").isEmpty();
    assertThat(differing(catAgain, secondRun))
        .as("files of the second run that differ from cat's second run")
        .isEmpty();
    System.out.println(
        "real files: "
            + (catRun.size() - catStable.size())
            + " of "
            + catRun.size()
            + " corpus files change on cat's own second run (kyaml's round trip is not stable for"
            + " them: docs/krm.md names the forms); the function's second run writes them as cat's");
  }

  @Test
  @DisplayName(
      "the committed references of function mode are what this kpt sends and what cat writes")
  void referencesCurrent() {
    assertThat(sentResourceList)
        .as("expected/kpt-resource-list.yaml (capture again: -Drealfiles.capture=true)")
        .isEqualTo(RealFiles.sentResourceList());
    assertThat(differing(RealFiles.catFiles(), catRun))
        .as("expected/cat (capture again: -Drealfiles.capture=true)")
        .isEmpty();
  }

  @Test
  @DisplayName(
      "a package of shapes kpt reads but cannot write back (collection and empty keys): kpt fails on"
          + " the function as on cat, and sends the ResourceList committed for function mode")
  void kptUnreadableShapes(@TempDir Path work) throws IOException {
    Path pkg = settingsAndKptfile(PackageFiles.copy(RealFiles.kptUnreadable(), work.resolve("p")));
    Tool.Run cat = failingEval(PackageFiles.copy(pkg, work.resolve("cat")), "cat");
    Tool.Run fn =
        failingEval(
            PackageFiles.copy(pkg, work.resolve("fn")), Repository.function().toString(), CONFIG);
    assertThat(errorLine(fn)).as("kpt's error on the function").isEqualTo(errorLine(cat));
    assertThat(errorLine(cat)).contains("wrong node kind");
    Path capture = work.resolve("sent.yaml");
    Path tee = work.resolve("tee.sh");
    Files.writeString(tee, "#!/bin/sh\ntee '" + capture + "'\n");
    Files.setPosixFilePermissions(tee, PosixFilePermissions.fromString("rwx------"));
    failingEval(PackageFiles.copy(pkg, work.resolve("sent")), tee.toString(), CONFIG);
    String sent = Files.readString(capture);
    if (Boolean.getBoolean("realfiles.capture")) {
      Files.writeString(
          RealFiles.sourceExpected().resolve("kpt-unreadable-resource-list.yaml"),
          sent,
          StandardCharsets.UTF_8);
    }
    assertThat(sent)
        .as("expected/kpt-unreadable-resource-list.yaml (capture again: -Drealfiles.capture=true)")
        .isEqualTo(RealFiles.sentUnreadableResourceList());
  }

  private static Tool.Run failingEval(Path pkg, String exec, String... config) {
    Tool.Run run = kptEval(pkg, exec, config);
    assertThat(run.exit()).as("%s\n%s", run.command(), run.stderr()).isNotZero();
    return run;
  }

  /** kpt's first {@code error:} line. */
  private static String errorLine(Tool.Run run) {
    return run.stderr()
        .lines()
        .filter(line -> line.startsWith("error:"))
        .findFirst()
        .orElse(run.stderr());
  }

  @Test
  @DisplayName(
      "a package with comments at random places (seeded): as cat writes it, and a second run changes"
          + " nothing cat's keeps")
  void randomComments(@TempDir Path work) throws IOException {
    long seed = Long.getLong("realfiles.seed", 1);
    Path pkg = work.resolve("package");
    PackageFiles.restore(RandomComments.files(seed), pkg);
    settingsAndKptfile(pkg);
    Path function = Repository.function();
    Path cat = eval(PackageFiles.copy(pkg, work.resolve("cat")), "cat");
    Map<String, String> cat1 = corpusFiles(cat);
    Map<String, String> cat2 = corpusFiles(eval(PackageFiles.copy(cat, work.resolve("c2")), "cat"));
    Path fn = eval(PackageFiles.copy(pkg, work.resolve("fn")), function.toString(), CONFIG);
    Map<String, String> fn1 = corpusFiles(fn);
    Map<String, String> fn2 = corpusFiles(eval(fn, function.toString(), CONFIG));
    assertThat(differing(cat1, fn1)).as("seed %d: files that differ from cat's", seed).isEmpty();
    assertThat(differing(cat2, fn2))
        .as("seed %d: files of the second run that differ from cat's second run", seed)
        .isEmpty();
    Map<String, String> stable = new TreeMap<>(fn2);
    stable.keySet().removeIf(path -> !cat2.get(path).equals(cat1.get(path)));
    Map<String, String> firstStable = new TreeMap<>(fn1);
    firstStable.keySet().retainAll(stable.keySet());
    assertThat(differing(firstStable, stable))
        .as("seed %d: files the second run changed", seed)
        .isEmpty();
  }

  @Test
  @DisplayName(
      "sequences of sequences and flow collections with comments in every place kyaml writes one:"
          + " each run writes the files as cat's run of the same number does")
  void commentShapes(@TempDir Path work) throws IOException {
    Map<String, String> files = new TreeMap<>(NestedSequenceShapes.files());
    FlowCommentShapes.files()
        .forEach(
            (path, text) -> {
              if (!path.endsWith("-origin.yaml")) {
                files.put(path, text);
              }
            });
    Path pkg = settingsAndKptfile(PackageFiles.restore(files, work.resolve("package")));
    List<Map<String, String>> cat = runs(pkg, work.resolve("cat"), "cat");
    List<Map<String, String>> fn =
        runs(pkg, work.resolve("fn"), Repository.function().toString(), CONFIG);
    assertThat(cat.get(0)).as("the generated files").hasSizeGreaterThanOrEqualTo(50);
    for (int run = 0; run < cat.size(); run++) {
      assertThat(differing(cat.get(run), fn.get(run)))
          .as("run %d: files that differ from cat's run %d", run + 1, run + 1)
          .isEmpty();
    }
  }

  @Test
  @DisplayName(
      "cache origins whose pod specs end in comments, or hold flow collections with comments, get"
          + " the placement with every comment once and in its place, and later runs change only what"
          + " cat's own round trip changes")
  void changedOrigins(@TempDir Path work) throws IOException {
    Map<String, String> files = new TreeMap<>(RealFiles.changedOrigins());
    FlowCommentShapes.files()
        .forEach(
            (path, text) -> {
              if (path.endsWith("-origin.yaml")) {
                files.put(path, text);
              }
            });
    Path pkg = settingsAndKptfile(PackageFiles.restore(files, work.resolve("package")));
    Map<String, String> cat = corpusFiles(eval(PackageFiles.copy(pkg, work.resolve("cat")), "cat"));
    Path fn =
        eval(PackageFiles.copy(pkg, work.resolve("fn")), Repository.function().toString(), CONFIG);
    Map<String, String> first = corpusFiles(fn);
    assertThat(first).as("the origins' files").hasSize(files.size());
    for (String path : first.keySet()) {
      String written = first.get(path);
      assertThat(written).as("%s: the placement", path).contains("\n      affinity:\n");
      assertThat(PackageFiles.commentLines(written))
          .as("%s: its comments, in order, each once", path)
          .isEqualTo(PackageFiles.commentLines(cat.get(path)));
      assertThat(linesKeptInOrder(cat.get(path), written))
          .as("%s: every line cat writes, in its order, with only the placement added", path)
          .isTrue();
    }
    for (int run = 2; run <= 3; run++) {
      Map<String, String> catOfBefore =
          corpusFiles(eval(PackageFiles.copy(fn, work.resolve("cat-" + run)), "cat"));
      Map<String, String> again = corpusFiles(eval(fn, Repository.function().toString(), CONFIG));
      assertThat(differing(catOfBefore, again))
          .as("run %d: files that differ from cat's round trip of run %d's", run, run - 1)
          .isEmpty();
    }
  }

  /** Whether every line of {@code kept} appears in {@code text}, in the same order. */
  private static boolean linesKeptInOrder(String kept, String text) {
    List<String> lines = text.lines().toList();
    int at = 0;
    for (String line : kept.lines().toList()) {
      while (at < lines.size() && !lines.get(at).equals(line)) {
        at++;
      }
      if (at == lines.size()) {
        return false;
      }
      at++;
    }
    return true;
  }

  /** Three runs of {@code exec} on a copy of {@code pkg}, each on the last's files. */
  private static List<Map<String, String>> runs(
      Path pkg, Path work, String exec, String... config) {
    Path copy = PackageFiles.copy(pkg, work);
    List<Map<String, String>> runs = new ArrayList<>();
    for (int run = 0; run < 3; run++) {
      runs.add(corpusFiles(eval(copy, exec, config)));
    }
    return runs;
  }

  private static Path stage(Path pkg) throws IOException {
    PackageFiles.copy(RealFiles.corpus(), pkg);
    return settingsAndKptfile(pkg);
  }

  private static Path settingsAndKptfile(Path pkg) throws IOException {
    Files.writeString(pkg.resolve("racer-settings.yaml"), SETTINGS);
    Files.writeString(
        pkg.resolve("Kptfile"),
        "apiVersion: kpt.dev/v1\nkind: Kptfile\nmetadata:\n  name: corpus\n"
            + "  annotations:\n    config.kubernetes.io/local-config: \"true\"\n");
    return pkg;
  }

  private static Path eval(Path pkg, String exec, String... config) {
    Tool.Run run = kptEval(pkg, exec, config);
    assertThat(run.exit()).as("%s\n%s", run.command(), run.stderr()).isZero();
    return pkg;
  }

  private static Tool.Run kptEval(Path pkg, String exec, String... config) {
    List<String> command = new ArrayList<>(List.of("kpt", "fn", "eval", pkg.toString()));
    command.add("--exec");
    command.add(exec);
    if (config.length > 0) {
      command.add("--");
      command.addAll(List.of(config));
    }
    return Tool.run(pkg, null, command.toArray(String[]::new));
  }

  /** The files of the corpus after a run (the Kptfile, the settings and new objects left out). */
  private static Map<String, String> corpusFiles(Path pkg) {
    Map<String, String> files = new TreeMap<>(PackageFiles.snapshot(pkg));
    files.keySet().removeIf(path -> !path.contains("/") || path.startsWith("racer/"));
    return files;
  }

  /** The paths whose text differs (or is missing on one side), each with a short diff. */
  private static List<String> differing(Map<String, String> expected, Map<String, String> actual) {
    List<String> differing = new ArrayList<>();
    for (String path : new java.util.TreeSet<>(expected.keySet())) {
      String want = expected.get(path);
      String got = actual.get(path);
      if (!want.equals(got)) {
        differing.add(path + "\n" + RealFiles.firstDifference(want, got));
      }
    }
    actual.keySet().stream().filter(p -> !expected.containsKey(p)).forEach(differing::add);
    return differing;
  }

  private void capture() {
    try {
      Path expected = Files.createDirectories(RealFiles.sourceExpected());
      Files.writeString(
          expected.resolve("kpt-resource-list.yaml"), sentResourceList, StandardCharsets.UTF_8);
      PackageFiles.restore(catRun, expected.resolve("cat"));
      System.out.println("captured the references into " + expected);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
