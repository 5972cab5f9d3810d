package io.unboundedcloud.racer.krm.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

@DisplayName("Results: the one decision whether a run failed, errors first")
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
  @DisplayName("the order: errors first, then warnings, then infos, each as it took its severity")
  class Order {
    @Test
    @DisplayName("puts an error found after warnings and infos first, whatever the order found")
    void errorsFirst() {
      Results results = new Results().add(INFO).add(WARNING).addAll(Results.of(ERROR, INFO));
      assertThat(results.list()).containsExactly(ERROR, WARNING, INFO, INFO);
      assertThat(results).containsExactly(ERROR, WARNING, INFO, INFO);
      assertThat(results.stream()).containsExactly(ERROR, WARNING, INFO, INFO);
      assertThat(results.first()).isEqualTo(ERROR);
      assertThat(Results.of(INFO, WARNING, ERROR)).containsExactly(ERROR, WARNING, INFO);
    }

    @Test
    @DisplayName(
        "makes warnings errors in strict mode after the errors found so far, before those found later")
    void strict() {
      Result later = Result.error("found after strict mode");
      Results results = new Results().add(WARNING).add(ERROR).makeStrict().add(later);
      assertThat(results.list()).containsExactly(ERROR, WARNING.strict(), later);
    }

    /**
     * Random runs of every operation, against a model written apart: each result with the step at
     * which it took its severity (added, or made an error by strict mode); the list must be the
     * model sorted by severity, then by that step. Infos and errors stay as they are in strict
     * mode.
     */
    @Test
    @DisplayName(
        "of 500 random runs of add, addAll, makeStrict and copyOf: the model's, sorted by severity and then by when each result took it")
    void randomRuns() {
      Random random = new Random(51);
      Severity[] severities = Severity.values();
      for (int run = 0; run < 500; run++) {
        Results results = new Results();
        List<Taken> model = new ArrayList<>();
        int step = 0;
        int operations = random.nextInt(12);
        for (int op = 0; op < operations; op++) {
          int choice = random.nextInt(10);
          if (choice < 6) {
            Result result = result(severities[random.nextInt(3)], run, op);
            results.add(result);
            model.add(new Taken(result, step++));
          } else if (choice < 8) {
            List<Result> batch = new ArrayList<>();
            for (int i = random.nextInt(4); i > 0; i--) {
              batch.add(result(severities[random.nextInt(3)], run, op * 10 + i));
            }
            results.addAll(random.nextBoolean() ? batch : Results.copyOf(batch));
            for (Result result : batch) {
              model.add(new Taken(result, step++));
            }
          } else if (choice == 8) {
            String why = random.nextBoolean() ? null : "verify --strict";
            if (why == null) {
              results.makeStrict();
            } else {
              results.makeStrict(why);
            }
            for (int i = 0; i < model.size(); i++) {
              Result result = model.get(i).result();
              if (result.severity() == Severity.WARNING) {
                model.set(i, new Taken(why == null ? result.strict() : result.strict(why), step++));
              }
            }
          } else {
            results = new Results().addAll(Results.copyOf(results));
            List<Taken> copied = new ArrayList<>();
            for (Taken taken : sorted(model)) {
              copied.add(new Taken(taken.result(), step++));
            }
            model = copied;
          }
          List<Result> expected = sorted(model).stream().map(Taken::result).toList();
          assertThat(results.list()).as("run %d after operation %d", run, op).isEqualTo(expected);
          assertThat(results.hasError())
              .isEqualTo(expected.stream().anyMatch(r -> r.severity() == Severity.ERROR));
        }
      }
    }

    private static Result result(Severity severity, int run, int index) {
      return Result.of(severity, "result " + run + "." + index, null, null);
    }

    /** A result of the model and the step at which it took its severity. */
    private record Taken(Result result, int step) {}

    /** The model's order, by a sort of its own: severity (error, warning, info), then step. */
    private static List<Taken> sorted(List<Taken> model) {
      List<Taken> sorted = new ArrayList<>(model);
      sorted.sort(
          (a, b) -> rank(a) != rank(b) ? Integer.compare(rank(a), rank(b)) : a.step() - b.step());
      return sorted;
    }

    private static int rank(Taken taken) {
      return switch (taken.result().severity()) {
        case ERROR -> 0;
        case WARNING -> 1;
        case INFO -> 2;
      };
    }

    @Test
    @DisplayName("of a copy is the original's, and later additions to the original do not reach it")
    void copies() {
      Results original = new Results().add(WARNING).add(ERROR);
      Results copy = Results.copyOf(original);
      original.add(INFO);
      assertThat(copy).containsExactly(ERROR, WARNING);
      assertThat(copy).isEqualTo(Results.of(WARNING, ERROR));
    }
  }

  @Nested
  @DisplayName("a fixed list (of, copyOf), as outcomes hold them")
  class Fixed {
    @Test
    @DisplayName("refuses additions and strict mode, and so does the list it gives")
    void refusesAdditions() {
      assertThatThrownBy(() -> Results.of(WARNING).add(ERROR))
          .isInstanceOf(UnsupportedOperationException.class);
      assertThatThrownBy(() -> Results.copyOf(new Results()).add(ERROR))
          .isInstanceOf(UnsupportedOperationException.class);
      assertThatThrownBy(() -> new Results().list().add(ERROR))
          .isInstanceOf(UnsupportedOperationException.class);
      assertThatThrownBy(() -> Results.of(WARNING).makeStrict())
          .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    @DisplayName("first() of no results is an error, not null")
    void firstOfNone() {
      assertThatThrownBy(() -> new Results().first()).isInstanceOf(IllegalStateException.class);
    }
  }
}
