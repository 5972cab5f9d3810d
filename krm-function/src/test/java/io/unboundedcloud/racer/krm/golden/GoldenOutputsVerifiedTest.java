package io.unboundedcloud.racer.krm.golden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.unboundedcloud.racer.krm.harness.ResourceListOutput;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.verify.Verification;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * verify on what the function rendered: no false drift, in any golden case, and the warnings the
 * function gave.
 */
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
                      ResourceListOutput output = ResourceListOutput.parse(golden.expectedStdout());
                      List<Result> results =
                          Verification.verify(
                                  output.items().stream().map(Nodes::fromPlainMap).toList())
                              .stream()
                              .toList();
                      // no drift; warnings only the function gave when it rendered, in its words
                      // (where it named the Application parameter that set a value, after that),
                      // and among them every one about the settings. (What it said of its input,
                      // an image it replaced or a key of its function config, is not in its
                      // output.)
                      List<Map<String, Object>> warned =
                          output.results().stream()
                              .filter(result -> "warning".equals(result.get("severity")))
                              .toList();
                      assertThat(results)
                          .as("%s: verify's results", golden.name())
                          .allMatch(result -> result.severity() == Severity.WARNING)
                          .allMatch(
                              result ->
                                  warned.stream()
                                      .anyMatch(
                                          told ->
                                              ((String) told.get("message"))
                                                  .endsWith(result.message())));
                      List<String> said = results.stream().map(Result::message).toList();
                      assertThat(
                              warned.stream()
                                  .filter(
                                      told ->
                                          told.get("resourceRef") instanceof Map<?, ?> ref
                                              && "racer-settings".equals(ref.get("name"))))
                          .as("%s: the function's warnings about the settings", golden.name())
                          .allMatch(
                              told ->
                                  said.stream().anyMatch(((String) told.get("message"))::endsWith));
                    }));
  }
}
