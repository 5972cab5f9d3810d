package io.unboundedcloud.racer.krm.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.WrittenScalar;
import io.unboundedcloud.racer.workload.QuantityGrammar;
import io.unboundedcloud.racer.workload.QuantityTexts;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The one reader of every quantity in an object the function reads (TreeInput.quantity, which the
 * generated Fabric8Trees calls for each Quantity field), over the generated class of texts, with
 * the documented grammar (QuantityTexts) as the oracle.
 */
@DisplayName("A quantity in an object the function reads")
class QuantityReadingTest {
  private static final FieldPath AT =
      FieldPath.of("spec.template.spec.containers[0].resources.limits").key("memory");

  static Stream<String> texts() {
    return QuantityTexts.all().stream();
  }

  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @MethodSource("texts")
  @DisplayName("is read when the grammar admits it, and written back as written; else refused")
  void readOrRefused(String text) {
    if (QuantityTexts.admitted(text)) {
      assertThat(TreeOutput.quantity(TreeInput.quantity(text, AT))).isEqualTo(text);
    } else {
      assertThatThrownBy(() -> TreeInput.quantity(text, AT))
          .isInstanceOf(TreeShapeException.class)
          .hasMessageStartingWith(
              AT + ": expected a quantity such as 100Mi or 0.5, found the string")
          .hasMessageContaining("512Mi");
    }
  }

  @Test
  @DisplayName(
      "a YAML number is read as kubectl's JSON writes it: a negative or not-a-number value is"
          + " refused")
  void numbers() {
    assertThat(TreeOutput.quantity(TreeInput.quantity(2, AT))).isEqualTo("2");
    assertThat(TreeOutput.quantity(TreeInput.quantity(0.5, AT))).isEqualTo("0.5");
    // Go's JSON writes a negative zero as -0, and 1e3 as 1000; go-yaml reads 0x10 as 16
    assertThat(TreeOutput.quantity(TreeInput.quantity(-0.0, AT))).isEqualTo("-0");
    assertThat(TreeOutput.quantity(TreeInput.quantity(new WrittenScalar("1e3", 1000.0), AT)))
        .isEqualTo("1000");
    assertThat(TreeOutput.quantity(TreeInput.quantity(new WrittenScalar("0x10", 16), AT)))
        .isEqualTo("16");
    for (Object refused : new Object[] {-1, -0.5, Double.NaN, Double.POSITIVE_INFINITY}) {
      assertThatThrownBy(() -> TreeInput.quantity(refused, AT))
          .as(String.valueOf(refused))
          .hasMessage(AT + ": " + String.format(QuantityGrammar.MESSAGE, "the number " + refused));
    }
  }
}
