package io.unboundedcloud.racer.krm.shapes;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.shapes.ShapeDocuments.Document;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every part of {@link ShapeParts} in every place of {@link ShapeDocuments.Place}, in function mode
 * ({@link FunctionModeOracle}): exit 0, output that parses and means the same, and a second and a
 * third run that change nothing; but for the cases {@link KnownFailures#FUNCTION_MODE} names, which
 * must still fail.
 */
@Tag("slow")
@DisplayName("Every generated YAML shape in function mode")
class EveryShapeTest {

  @Test
  @DisplayName(
      "parses, means what the input meant, and runs twice more unchanged; the known failures still"
          + " fail")
  void everyShape() {
    Map<String, String> failures = new TreeMap<>();
    int cases = 0;
    for (Document document : ShapeDocuments.everyShape()) {
      cases++;
      Optional<String> failure = FunctionModeOracle.check(document);
      failure.ifPresent(problem -> failures.put(document.name(), problem));
    }
    System.out.println(
        "generated shapes in function mode: "
            + (cases - failures.size())
            + " of "
            + cases
            + " cases pass, "
            + failures.size()
            + " known failures");
    Map<String, String> unexpected = new TreeMap<>(failures);
    unexpected.keySet().removeAll(KnownFailures.FUNCTION_MODE);
    assertThat(unexpected).as("cases that fail and are not known failures").isEmpty();
    assertThat(KnownFailures.FUNCTION_MODE)
        .as("known failures that pass now: take them off KnownFailures.FUNCTION_MODE")
        .allMatch(failures::containsKey);
  }
}
