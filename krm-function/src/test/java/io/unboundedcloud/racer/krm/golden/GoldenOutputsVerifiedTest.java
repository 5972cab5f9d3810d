package io.unboundedcloud.racer.krm.golden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.unboundedcloud.racer.krm.harness.ResourceListOutput;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.verify.Verification;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** verify on what the function rendered: no false drift, in any golden case. */
@DisplayName("racer-krm verify on every golden output that rendered: no drift")
class GoldenOutputsVerifiedTest {
  @TestFactory
  Stream<DynamicTest> everySuccessfulCase() {
    List<GoldenCase> rendered =
        GoldenResourceListTest.cases().stream().filter(c -> c.expectedExitCode() == 0).toList();
    assertThat(rendered).as("golden cases that render").hasSizeGreaterThan(20);
    return rendered.stream()
        .map(
            golden ->
                dynamicTest(
                    golden.name(),
                    () -> {
                      List<Result> results =
                          Verification.verify(
                                  ResourceListOutput.parse(golden.expectedStdout()).items().stream()
                                      .map(Nodes::fromPlainMap)
                                      .toList())
                              .stream()
                              .toList();
                      assertThat(results).as("%s: verify's results", golden.name()).isEmpty();
                    }));
  }
}
