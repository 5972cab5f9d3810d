package io.unboundedcloud.racer.krm.parameters;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.ResourceLists;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * No parameter, however long, ends in an internal error (issue 41: a 10 KB {@code dataplaneImage}
 * of {@code a.} repeated overflowed the stack): every parameter name, by its own name and in the
 * map {@code settings}, with values of the shapes that once cost more than linear time or stack
 * (almost-numbers, long digit runs, dotted and slashed names), and a name as long, over a folder
 * whose {@code allowedRegistries} lets an image reach every check. Each run ends in exit 0 or a
 * clear error.
 */
@Tag("slow")
@DisplayName("a parameter of 10 KB or more: a render or a clear error, never an internal error")
class LongParametersTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Values of at least 10 KB, one of each shape. */
  private static final List<String> SHAPES =
      List.of(
          "a.".repeat(5_000),
          "a/".repeat(5_000) + "a",
          "1" + "0".repeat(10_000) + "x",
          "." + "1".repeat(20_000),
          "9".repeat(10_000),
          "mirror.example.com/" + "a-".repeat(5_000) + "a:0.19.0",
          "a".repeat(10_000) + ":" + "1".repeat(200));

  static Stream<Arguments> parameters() {
    List<Arguments> cases = new ArrayList<>();
    List<String> names = new ArrayList<>(ParameterNames.known());
    names.remove(ParameterNames.SETTINGS);
    for (String shape : SHAPES) {
      String label = shape.substring(0, 8) + "... (" + shape.length() + " characters)";
      for (String name : names) {
        cases.add(Arguments.of(name, label, string(name, shape)));
      }
      cases.add(Arguments.of("settings", label, map("RACER_PEER_PORT", shape)));
      cases.add(Arguments.of("a name of the shape", label, string(shape, "1")));
      cases.add(Arguments.of("a settings key of the shape", label, map(shape, "1")));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} = {1}")
  @MethodSource("parameters")
  void longParameter(String name, String shape, String parameters) {
    byte[] input =
        ResourceLists.of()
            .settings(Map.of("RACER_NVIDIA", "off"))
            .functionConfig(
                Map.of(
                    "imageRegistry", "registry.example.com/racer",
                    "allowedRegistries", "mirror.example.com,registry.example.com"))
            .bytes();

    KrmRun run = KrmRun.function(input, Map.of("ARGOCD_APP_PARAMETERS", parameters));

    assertThat(run.exitCode()).as(run.describe()).isIn(0, 1);
    assertThat(run.stderr())
        .as(run.describe())
        .doesNotContain("internal error")
        .doesNotContain("StackOverflowError")
        .doesNotContain("out of memory");
    if (run.exitCode() == 1) {
      assertThat(run.stderrLines()).as(run.describe()).anyMatch(line -> line.startsWith("error: "));
    }
  }

  private static String string(String name, String value) {
    return json(List.of(Map.of("name", name, "string", value)));
  }

  private static String map(String key, String value) {
    return json(List.of(Map.of("name", "settings", "map", Map.of(key, value))));
  }

  private static String json(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
