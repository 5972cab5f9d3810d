package io.unboundedcloud.racer.krm.shapes;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.shapes.ShapeDocuments.Document;
import io.unboundedcloud.racer.krm.shapes.ShapeParts.Part;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The property over random documents composed of {@link ShapeParts} (nested in mappings and
 * sequences, comments between them) in function mode: the output parses, means what the input
 * meant, and a second and a third run change nothing. Fixed seeds, then a few fresh ones each run
 * (printed in the case's name); rerun one with {@code -Dshapes.seed=SEED}. The parts of {@link
 * KnownFailures} are left out here: {@link EveryShapeTest} holds each of them on its own.
 */
@DisplayName("A random document of generated YAML shapes, in function mode")
class GeneratedShapesTest {
  private static final long[] FIXED = {1, 2, 3, 42, 2026, 31_337};
  private static final int FRESH = Integer.getInteger("shapes.fresh", 3);

  static Stream<Long> seeds() {
    Long chosen = Long.getLong("shapes.seed");
    if (chosen != null) {
      return Stream.of(chosen);
    }
    Random fresh = new Random();
    return Stream.concat(
        LongStream.of(FIXED).boxed(), Stream.generate(fresh::nextLong).limit(FRESH));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  @DisplayName("parses, means what it meant, and runs twice more unchanged:")
  void property(long seed) {
    List<Part> parts =
        ShapeParts.all().stream()
            .filter(part -> !KnownFailures.failingParts().contains(part.name()))
            .toList();
    Document document = ShapeDocuments.random(seed, parts);
    assertThat(FunctionModeOracle.check(document))
        .as("seed %d (-Dshapes.seed=%d), the object:%n%s", seed, seed, document.document())
        .isEmpty();
  }
}
