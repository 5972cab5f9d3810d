package io.unboundedcloud.racer.krm.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.realfiles.RealFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * kyaml as the oracle: one kpt package run by the real kpt with {@code cat} and with the packaged
 * function, three times each (each run on the last one's files), and every file of the package
 * compared byte for byte, run by run.
 */
final class KptOracle {
  static final int RUNS = 3;
  static final String CONFIG = "imageRegistry=registry.example.com/racer";
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

  /** The package's files after each run, by relative path: cat's and the function's. */
  record Runs(List<Map<String, String>> cat, List<Map<String, String>> function) {
    /** The files that differ from cat's in at least one run, each with its first difference. */
    Map<String, String> differing() {
      Map<String, String> differing = new TreeMap<>();
      for (int run = 0; run < cat.size(); run++) {
        Map<String, String> want = cat.get(run);
        Map<String, String> got = function.get(run);
        TreeSet<String> paths = new TreeSet<>(want.keySet());
        paths.addAll(got.keySet());
        for (String path : paths) {
          if (!differing.containsKey(path)
              && !String.valueOf(want.get(path)).equals(got.get(path))) {
            differing.put(
                path,
                "run "
                    + (run + 1)
                    + ":\n"
                    + (want.get(path) == null
                        ? "  not written by cat"
                        : RealFiles.firstDifference(want.get(path), got.get(path))));
          }
        }
      }
      return differing;
    }

    /** How many files the package has. */
    int files() {
      return cat.get(0).size();
    }
  }

  private KptOracle() {}

  /**
   * Writes {@code files} as a package (with the racer settings and a Kptfile) under {@code work}
   * and runs it through kpt: cat three times, the function three times.
   */
  static Runs run(Map<String, String> files, Path work) throws IOException {
    Path pkg = PackageFiles.restore(files, work.resolve("package"));
    settingsAndKptfile(pkg);
    Path function = Repository.function();
    List<Map<String, String>> cat = new ArrayList<>();
    List<Map<String, String>> fn = new ArrayList<>();
    Path catDir = pkg;
    Path fnDir = pkg;
    for (int run = 1; run <= RUNS; run++) {
      catDir = eval(PackageFiles.copy(catDir, work.resolve("cat" + run)), "cat");
      cat.add(packageFiles(catDir));
      fnDir = eval(PackageFiles.copy(fnDir, work.resolve("fn" + run)), function.toString(), CONFIG);
      fn.add(packageFiles(fnDir));
    }
    return new Runs(cat, fn);
  }

  /** Adds the racer settings and a Kptfile to a package. */
  static Path settingsAndKptfile(Path pkg) throws IOException {
    Files.writeString(pkg.resolve("racer-settings.yaml"), SETTINGS);
    Files.writeString(
        pkg.resolve("Kptfile"),
        "apiVersion: kpt.dev/v1\nkind: Kptfile\nmetadata:\n  name: corpus\n"
            + "  annotations:\n    config.kubernetes.io/local-config: \"true\"\n");
    return pkg;
  }

  /** {@code kpt fn eval PKG --exec EXEC -- CONFIG...}, asserted to succeed. */
  static Path eval(Path pkg, String exec, String... config) {
    Tool.Run run = evalRun(pkg, exec, config);
    assertThat(run.exit()).as("kpt fn eval %s --exec %s\n%s", pkg, exec, run.stderr()).isZero();
    return pkg;
  }

  /** {@code kpt fn eval PKG --exec EXEC -- CONFIG...}, whatever its exit. */
  static Tool.Run evalRun(Path pkg, String exec, String... config) {
    List<String> command = new ArrayList<>(List.of("kpt", "fn", "eval", pkg.toString()));
    command.add("--exec");
    command.add(exec);
    if (config.length > 0) {
      command.add("--");
      command.addAll(List.of(config));
    }
    return Tool.run(pkg, null, command.toArray(String[]::new));
  }

  /** The package's own files after a run: the Kptfile, the settings and new objects left out. */
  static Map<String, String> packageFiles(Path pkg) {
    Map<String, String> files = new TreeMap<>(PackageFiles.snapshot(pkg));
    files
        .keySet()
        .removeIf(
            path ->
                path.equals("Kptfile")
                    || path.equals("racer-settings.yaml")
                    || path.startsWith("racer/"));
    return files;
  }
}
