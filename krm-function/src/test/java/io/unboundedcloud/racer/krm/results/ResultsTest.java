package io.unboundedcloud.racer.krm.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

@DisplayName("Results: the one decision whether a run failed, in the order found")
class ResultsTest {
  private static final Result ERROR = Result.error("no ConfigMap named racer-settings");
  private static final Result WARNING = Result.of(Severity.WARNING, "unknown key", null, "data.x");
  private static final Result INFO = Result.of(Severity.INFO, "verdict: no rollout", null, null);

  @Nested
  @DisplayName("the exit code")
  class ExitCode {
    @Test
    @DisplayName("is 0 with no results, or only warnings and infos")
    void success() {
      assertThat(new Results().exitCode()).isZero();
      assertThat(Results.of(WARNING, INFO).exitCode()).isZero();
      assertThat(Results.of(WARNING, INFO).hasError()).isFalse();
    }

    @Test
    @DisplayName("is 1 with an error anywhere, first or last")
    void failure() {
      assertThat(Results.of(ERROR).exitCode()).isEqualTo(1);
      assertThat(Results.of(WARNING, INFO, ERROR).exitCode()).isEqualTo(1);
      assertThat(Results.of(ERROR, WARNING).hasError()).isTrue();
    }

    @Test
    @DisplayName("follows what is added")
    void growing() {
      Results results = new Results().add(WARNING);
      assertThat(results.exitCode()).isZero();
      results.add(ERROR);
      assertThat(results.exitCode()).isEqualTo(1);
    }
  }

  @Nested
  @DisplayName("the order")
  class Order {
    @Test
    @DisplayName(
        "is the order found, whatever the severities: nothing is sorted, dropped or merged")
    void asFound() {
      Results results = new Results().add(INFO).add(ERROR).addAll(Results.of(WARNING, INFO));
      assertThat(results.list()).containsExactly(INFO, ERROR, WARNING, INFO);
      assertThat(results).containsExactly(INFO, ERROR, WARNING, INFO);
      assertThat(results.stream()).containsExactly(INFO, ERROR, WARNING, INFO);
      assertThat(results.first()).isEqualTo(INFO);
    }

    @Test
    @DisplayName("of a copy is the original's, and later additions to the original do not reach it")
    void copies() {
      Results original = new Results().add(WARNING).add(ERROR);
      Results copy = Results.copyOf(original);
      original.add(INFO);
      assertThat(copy).containsExactly(WARNING, ERROR);
      assertThat(copy).isEqualTo(Results.of(WARNING, ERROR));
    }
  }

  @Nested
  @DisplayName("a fixed list (of, copyOf), as outcomes hold them")
  class Fixed {
    @Test
    @DisplayName("refuses additions, and so does the list it gives")
    void refusesAdditions() {
      assertThatThrownBy(() -> Results.of(WARNING).add(ERROR))
          .isInstanceOf(UnsupportedOperationException.class);
      assertThatThrownBy(() -> Results.copyOf(new Results()).add(ERROR))
          .isInstanceOf(UnsupportedOperationException.class);
      assertThatThrownBy(() -> new Results().list().add(ERROR))
          .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    @DisplayName("first() of no results is an error, not null")
    void firstOfNone() {
      assertThatThrownBy(() -> new Results().first()).isInstanceOf(IllegalStateException.class);
    }
  }
}
