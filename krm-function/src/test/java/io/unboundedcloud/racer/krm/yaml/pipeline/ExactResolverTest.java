package io.unboundedcloud.racer.krm.yaml.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.yaml.pipeline.ImplicitTypes.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * The resolver the reader and the writer use: snakeyaml's within its length bounds, and beyond them
 * what snakeyaml's own expressions say when run on the whole value.
 */
@DisplayName("The YAML 1.1 resolver without length bounds")
class ExactResolverTest {

  private static final int[] LENGTHS = {1, 3, 40, 49, 51, 200, 1_023, 1_024, 1_025, 1_500};

  /** The generated values and near misses of each, at lengths on both sides of every bound. */
  static List<String> generated() {
    Random random = new Random(1_024);
    List<String> values = new ArrayList<>();
    for (int length : LENGTHS) {
      for (Value value : ImplicitTypes.forms(random, length)) {
        values.add(value.text());
        for (int i = 0; i < 8; i++) {
          values.add(ImplicitTypes.nearMiss(random, value.text()));
        }
      }
    }
    return values;
  }

  /** snakeyaml's expression for {@code tag}, run on the whole value whatever its length. */
  private static Tag unboundedSnakeyaml(String value) {
    Tag bounded = new Resolver().resolve(NodeId.scalar, value, true);
    if (!Tag.STR.equals(bounded)) {
      return bounded;
    }
    for (var entry :
        List.of(
            java.util.Map.entry(Tag.INT, Resolver.INT),
            java.util.Map.entry(Tag.FLOAT, Resolver.FLOAT),
            java.util.Map.entry(Tag.TIMESTAMP, Resolver.TIMESTAMP))) {
      Pattern pattern = entry.getValue();
      if (pattern.matcher(value).matches()) {
        return entry.getKey();
      }
    }
    return Tag.STR;
  }

  @Nested
  @DisplayName("resolves")
  class Resolves {

    @Test
    @DisplayName(
        "every generated int, float and timestamp and their near misses, at every length, as"
            + " snakeyaml's expressions do on the whole value")
    void asTheExpressions() {
      List<String> values = generated();
      long numbers = values.stream().filter(v -> !Tag.STR.equals(unboundedSnakeyaml(v))).count();
      assertThat(numbers).as("the generated values hold numbers and timestamps").isGreaterThan(300);
      assertThat(values.size() - numbers).as("and near misses that are strings").isGreaterThan(300);
      for (String value : values) {
        assertThat(ExactResolver.INSTANCE.resolve(NodeId.scalar, value, true))
            .as("%s", value)
            .isEqualTo(unboundedSnakeyaml(value));
      }
    }

    @Test
    @DisplayName("within snakeyaml's bounds, exactly as snakeyaml's resolver")
    void withinBounds() {
      Resolver snakeyaml = new Resolver();
      Stream.concat(
              generated().stream().filter(v -> v.length() <= ExactResolver.TIMESTAMP_BOUND),
              Stream.of("", "~", "null", "yes", "Off", "<<", "=", "0o14", "1_000", "0x_1F", ".NaN"))
          .forEach(
              value ->
                  assertThat(ExactResolver.INSTANCE.resolve(NodeId.scalar, value, true))
                      .as("%s", value)
                      .isEqualTo(snakeyaml.resolve(NodeId.scalar, value, true)));
    }

    @Test
    @DisplayName(
        "a remembered tag is the tag resolved anew: every generated value, asked again after"
            + " thousands of others took the table's slots, in both orders")
    void rememberedAsResolved() {
      List<String> values = new ArrayList<>(generated());
      values.addAll(List.of("", "~", "null", "yes", "Off", "<<", "=", "name", "80", "1.4.2"));
      for (int i = 0; i < 3_000; i++) {
        values.add(i % 2 == 0 ? Integer.toString(i) : "key-" + i);
      }
      ExactResolver shared = new ExactResolver();
      for (int pass = 0; pass < 2; pass++) {
        List<String> order = new ArrayList<>(values);
        if (pass == 1) {
          java.util.Collections.reverse(order);
        }
        for (String value : order) {
          assertThat(shared.resolve(NodeId.scalar, value, true))
              .as("%s, pass %d", value, pass)
              .isEqualTo(new ExactResolver().resolve(NodeId.scalar, value, true));
        }
      }
      assertThat(shared.resolve(NodeId.scalar, "123", false))
          .as("a remembered int asked as not implicit")
          .isEqualTo(Tag.STR);
    }

    @Test
    @DisplayName("a value that is not implicit, or a collection, as snakeyaml's resolver")
    void notImplicit() {
      String digits = "1".repeat(2_000);
      assertThat(ExactResolver.INSTANCE.resolve(NodeId.scalar, digits, false)).isEqualTo(Tag.STR);
      assertThat(ExactResolver.INSTANCE.resolve(NodeId.mapping, null, true)).isEqualTo(Tag.MAP);
    }

    @Test
    @DisplayName(
        "a value of megabytes in one pass, where snakeyaml's expressions overflow the stack on"
            + " repeated groups")
    void megabytes() {
      String sixties = "1" + ":30".repeat(300_000);
      assertThat(ExactResolver.INSTANCE.resolve(NodeId.scalar, sixties, true)).isEqualTo(Tag.INT);
      assertThat(ExactResolver.INSTANCE.resolve(NodeId.scalar, sixties + ".5", true))
          .isEqualTo(Tag.FLOAT);
      assertThat(ExactResolver.INSTANCE.resolve(NodeId.scalar, sixties + "x", true))
          .isEqualTo(Tag.STR);
      String fraction = "1." + "0".repeat(1 << 20);
      assertThat(ExactResolver.INSTANCE.resolve(NodeId.scalar, fraction, true))
          .isEqualTo(Tag.FLOAT);
    }
  }
}
