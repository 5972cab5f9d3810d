package io.unboundedcloud.racer.krm.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.shapes.ShapeParts;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;

/**
 * Finds the generated cases kyaml itself cannot read, which would fail a whole package's {@code kpt
 * fn eval --exec cat}: while cat fails on the package, the part its error shows (every part's keys
 * hold its name) is taken out, and each of that part's cases is run alone; those cat refuses alone
 * stay out, the others go back.
 */
final class KyamlRefusals {

  private KyamlRefusals() {}

  /**
   * Takes the cases cat refuses out of {@code files} (file name to text), and returns them (case
   * name to kpt's error).
   */
  static Map<String, String> takeOut(
      Map<String, String> files, Map<String, String> caseOfFile, Path work) throws IOException {
    Map<String, String> refused = new TreeMap<>();
    Map<String, String> suspects = new TreeMap<>();
    for (int attempt = 0; ; attempt++) {
      Path pkg = PackageFiles.restore(files, work.resolve("probe" + attempt));
      KptOracle.settingsAndKptfile(pkg);
      Tool.Run cat = KptOracle.evalRun(pkg, "cat");
      if (cat.exit() == 0) {
        break;
      }
      String part =
          ShapeParts.all().stream()
              .map(ShapeParts.Part::name)
              .filter(cat.stderr()::contains)
              .max(Comparator.comparingInt(String::length))
              .orElse(null);
      assertThat(part).as("the part kpt's error shows:\n%s", cat.stderr()).isNotNull();
      files
          .keySet()
          .removeIf(
              file -> {
                boolean ofPart = file.startsWith(part + "--");
                if (ofPart) {
                  suspects.put(file, files.get(file));
                }
                return ofPart;
              });
    }
    for (Map.Entry<String, String> suspect : suspects.entrySet()) {
      Path pkg =
          PackageFiles.restore(
              Map.of(suspect.getKey(), suspect.getValue()),
              work.resolve("alone").resolve(suspect.getKey()));
      KptOracle.settingsAndKptfile(pkg);
      Tool.Run cat = KptOracle.evalRun(pkg, "cat");
      if (cat.exit() == 0) {
        files.put(suspect.getKey(), suspect.getValue());
      } else {
        refused.put(caseOfFile.get(suspect.getKey()), cat.stderr().strip());
      }
    }
    return refused;
  }
}
