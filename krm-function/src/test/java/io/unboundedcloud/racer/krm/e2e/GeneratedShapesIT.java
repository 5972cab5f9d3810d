package io.unboundedcloud.racer.krm.e2e;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.PlainYamlParser;
import io.unboundedcloud.racer.krm.realfiles.RealFiles;
import io.unboundedcloud.racer.krm.shapes.FunctionModeOracle;
import io.unboundedcloud.racer.krm.shapes.KnownFailures;
import io.unboundedcloud.racer.krm.shapes.ShapeDocuments;
import io.unboundedcloud.racer.krm.shapes.ShapeDocuments.Document;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.TreeMap;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every generated shape ({@link ShapeDocuments#everyShape()}) as a file of one kpt package, through
 * the real kpt with {@code cat} and with the packaged function, three times each, compared byte for
 * byte run by run. A case the function refuses or answers with output that does not parse (in
 * function mode, checked in-process first) would fail the whole package's run: it counts as a
 * failure without kpt. A case kyaml itself cannot read ({@code cat} fails on it alone) has no
 * oracle: it is taken out ({@link KyamlRefusals}) and must be one of {@link
 * KnownFailures#KYAML_REFUSES}. The failures must be exactly {@link KnownFailures#KPT}.
 */
@DisplayName("kpt runs the function on every generated YAML shape")
class GeneratedShapesIT {

  @Test
  @DisplayName(
      "every shape comes out as cat writes it, three runs running; the known ones still fail")
  void sameAsCat(@TempDir Path work) throws IOException {
    String skip = Tool.missing("kpt", "the generated shapes through kpt");
    Tool.announceSkip(skip);
    Tool.skipIf(skip);
    Map<String, String> failures = new TreeMap<>();
    Map<String, String> files = new TreeMap<>();
    Map<String, String> caseOfFile = new TreeMap<>();
    int cases = 0;
    for (Document document : ShapeDocuments.everyShape()) {
      cases++;
      KrmRun alone = KrmRun.function(FunctionModeOracle.resourceList(document));
      String unusable = unusable(alone);
      if (unusable != null) {
        failures.put(document.name(), "in function mode: " + unusable);
        continue;
      }
      // a package's files are bytes: the snapshot form is one char a byte
      files.put(
          document.fileName(),
          new String(
              document.document().getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1));
      caseOfFile.put(document.fileName(), document.name());
    }

    Map<String, String> all = new TreeMap<>(files);
    Map<String, String> refusedByKyaml = KyamlRefusals.takeOut(files, caseOfFile, work);
    String sentForRefused = sentResourceList(all, refusedByKyaml.keySet(), work.resolve("refused"));

    KptOracle.run(files, work.resolve("all"))
        .differing()
        .forEach((file, difference) -> failures.put(caseOfFile.get(file), difference));

    System.out.println(
        "generated shapes through kpt: "
            + (cases - failures.size() - refusedByKyaml.size())
            + " of "
            + cases
            + " cases as cat writes them on all "
            + KptOracle.RUNS
            + " runs; failing: "
            + failures.keySet()
            + "; kyaml itself refuses (cat fails, no oracle): "
            + refusedByKyaml.keySet());
    Map<String, String> unexpected = new TreeMap<>(failures);
    unexpected.keySet().removeAll(KnownFailures.KPT);
    SoftAssertions.assertSoftly(
        softly -> {
          softly
              .assertThat(refusedByKyaml.keySet())
              .as("the cases kyaml itself refuses (kpt fn eval --exec cat fails on each alone)")
              .isEqualTo(KnownFailures.KYAML_REFUSES);
          softly.assertThat(unexpected).as("cases that fail and are not known failures").isEmpty();
          softly
              .assertThat(KnownFailures.KPT)
              .as("known failures that pass now: take them off KnownFailures.KPT")
              .allMatch(failures::containsKey);
          softly
              .assertThat(sentForRefused)
              .as(
                  "realfiles/%s, which KyamlUnreadableKeysTest holds the function to (capture"
                      + " again: -Drealfiles.capture=true)",
                  RealFiles.UNREADABLE_SHAPES)
              .isEqualTo(RealFiles.sentUnreadableShapesResourceList());
        });
  }

  /**
   * The ResourceList kpt sends a function for the cases {@code names} alone (kpt reads them and
   * sends them, then fails on reading any function's output back); with {@code
   * -Drealfiles.capture=true} written as the reference.
   */
  private static String sentResourceList(
      Map<String, String> files, java.util.Set<String> names, Path work) throws IOException {
    Map<String, String> chosen = new TreeMap<>();
    files.forEach(
        (file, text) -> {
          if (names.contains(file.substring(0, file.length() - ".yaml".length()))) {
            chosen.put(file, text);
          }
        });
    Path pkg = KptOracle.settingsAndKptfile(PackageFiles.restore(chosen, work.resolve("p")));
    Path capture = work.resolve("sent.yaml");
    Path tee = work.resolve("tee.sh");
    Files.writeString(tee, "#!/bin/sh\ntee '" + capture + "'\n");
    Files.setPosixFilePermissions(tee, PosixFilePermissions.fromString("rwx------"));
    KptOracle.evalRun(pkg, tee.toString(), KptOracle.CONFIG);
    String sent = Files.readString(capture);
    if (Boolean.getBoolean("realfiles.capture")) {
      Files.writeString(
          RealFiles.sourceExpected().getParent().resolve(RealFiles.UNREADABLE_SHAPES),
          sent,
          StandardCharsets.UTF_8);
    }
    return sent;
  }

  /**
   * Why a run's output cannot go through kpt (an exit that is not 0, output that does not parse).
   */
  private static String unusable(KrmRun run) {
    if (run.exitCode() != 0) {
      return "exit " + run.exitCode() + ": " + run.stderr().strip();
    }
    try {
      PlainYamlParser.composeAll(run.stdout());
      return null;
    } catch (RuntimeException e) {
      return "output that is not YAML: " + e.getMessage().replace('\n', ' ');
    }
  }
}
