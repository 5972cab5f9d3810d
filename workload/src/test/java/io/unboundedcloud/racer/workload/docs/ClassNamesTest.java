package io.unboundedcloud.racer.workload.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("No two classes of the repository share a simple name, tests included")
class ClassNamesTest {

  @Test
  @DisplayName(
      "every tracked Java source, in every module, main and test, declares a name of its own")
  void repository() throws Exception {
    Path root = RepositoryRoot.find();
    String unavailable = TrackedFiles.unavailable(root);
    if (unavailable != null) {
      System.out.println("SKIPPED: ClassNamesTest: " + unavailable);
    }
    assumeTrue(unavailable == null, unavailable);

    assertThat(ClassNames.sharedNames(TrackedFiles.list(root)))
        .as(
            "simple names declared by more than one source file: rename all but one to say which it is")
        .isEmpty();
  }

  @Test
  @DisplayName(
      "a name shared across modules or between main and test is found; package-info is not a class")
  void detection() {
    Path workloadTest = Path.of("workload/src/test/java/a/ImageGrammarTest.java");
    Path chartTest = Path.of("chart-gen/src/test/java/b/ImageGrammarTest.java");
    Path main = Path.of("krm-function/src/main/java/c/Manifests.java");
    Path test = Path.of("krm-function/src/test/java/d/Manifests.java");

    assertThat(
            ClassNames.sharedNames(
                List.of(
                    workloadTest,
                    chartTest,
                    main,
                    test,
                    Path.of("x/package-info.java"),
                    Path.of("y/package-info.java"),
                    Path.of("z/Own.java"),
                    Path.of("README.md"))))
        .isEqualTo(
            Map.of(
                "ImageGrammarTest", List.of(workloadTest, chartTest),
                "Manifests", List.of(main, test)));
  }
}
