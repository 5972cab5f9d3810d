package io.unboundedcloud.racer.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@DisplayName("QuantityCorrection: what a unit written the usual way meant")
class QuantityCorrectionTest {

  @Nested
  @DisplayName("quantity: the quantities a slip meant, each one the grammar admits")
  class Quantities {
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
        delimiter = '|',
        emptyValue = "",
        textBlock =
            """
            512MB    | 512M or 512Mi
            512mb    | 512M or 512Mi
            1.5GB    | 1.5G or 1.5Gi
            2KB      | 2k or 2Ki
            2K       | 2k or 2Ki
            4g       | 4G or 4Gi
            512MiB   | 512Mi
            512mi    | 512Mi
            512MI    | 512Mi
            1 Gi     | 1Gi
            ' 64 Ki' | 64Ki
            100B     | 100
            1EB      | 1E or 1Ei
            lots     |
            512XB    |
            5e       | 5E or 5Ei
            -1Gi     |
            512Mi    |
            """)
    void offered(String text, String expected) {
      // an empty last column reads as null: none offered
      assertThat(QuantityCorrection.quantity(text)).isEqualTo(expected == null ? "" : expected);
    }

    @Test
    @DisplayName("every spelling offers only suffixes the grammar admits after a number")
    void spellingsAdmitted() {
      QuantityCorrection.SPELLINGS.forEach(
          (spelling, suffixes) -> {
            assertThat(suffixes).as(spelling).isNotEmpty();
            suffixes.forEach(
                suffix -> assertThat(QuantityGrammar.admits("3" + suffix)).as(suffix).isTrue());
          });
      assertThat(QuantityCorrection.SPELLINGS)
          .containsEntry("MB", List.of("M", "Mi"))
          .containsEntry("KB", List.of("k", "Ki"))
          .doesNotContainKey("m");
    }
  }

  @Nested
  @DisplayName("bytes: a quantity as the plain count of bytes a setting wants")
  class Bytes {
    @ParameterizedTest(name = "{0} in {1}..{2} -> {3}")
    @CsvSource(
        delimiter = '|',
        emptyValue = "",
        textBlock =
            """
            2Gi                  | 1 | 9223372036854775807 | 2147483648
            64Mi                 | 1 | 9223372036854775807 | 67108864
            1k                   | 1 | 9223372036854775807 | 1000
            3M                   | 1 | 9223372036854775807 | 3000000
            1Ki                  | 1 | 9223372036854775807 | 1024
            0080                 | 1 | 65535               | 80
            +5                   | 1 | 65535               | 5
            ' 7 '                | 1 | 65535               | 7
            8Ei                  | 1 | 9223372036854775807 |
            7Ei                  | 1 | 9223372036854775807 | 8070450532247928832
            2Gi                  | 1 | 65535               |
            0                    | 1 | 65535               |
            1.5Gi                | 1 | 9223372036854775807 |
            1234567890123456789  | 1 | 9223372036854775807 |
            123456789012345678   | 1 | 9223372036854775807 |
            2GB                  | 1 | 9223372036854775807 |
            """)
    void plain(String text, long min, long max, String expected) {
      assertThat(QuantityCorrection.bytes(text, min, max))
          .isEqualTo(expected == null ? "" : expected);
    }

    @Test
    @DisplayName("the factors: powers of 1024 and of 1000")
    void factors() {
      Map<String, Long> factors = QuantityCorrection.factors();
      assertThat(factors).containsEntry("Ki", 1024L).containsEntry("Ei", 1L << 60);
      assertThat(factors).containsEntry("k", 1000L).containsEntry("E", 1_000_000_000_000_000_000L);
      assertThat(factors).hasSize(12);
    }
  }

  @Test
  @DisplayName("didYouMean: the suggestion, or nothing")
  void didYouMean() {
    assertThat(QuantityCorrection.didYouMean("512Mi")).isEqualTo("; did you mean 512Mi?");
    assertThat(QuantityCorrection.didYouMean("")).isEmpty();
  }
}
