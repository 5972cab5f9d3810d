package io.unboundedcloud.racer.chart.values;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.workload.Config;
import io.unboundedcloud.racer.workload.ImageGrammar;
import io.unboundedcloud.racer.workload.InvalidConfigurationException;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@DisplayName("ImageGrammar accepts exactly the image references Config.validate() accepts")
class ImageReferenceParityTest {
  private static final Pattern REFERENCE =
      Pattern.compile(ImageGrammar.exactly(ImageGrammar.REFERENCE));
  private static final Pattern SUFFIX = Pattern.compile(ImageGrammar.TAG_AND_DIGEST_SUFFIX);

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(
      strings = {
        "racer",
        "racer:0.19.0",
        "registry.example.com/racer/racer-dataplane:0.19.0",
        "localhost:5000/racer",
        "localhost/racer",
        "[::1]:5000/racer:1",
        "registry.example.com:443/a/b/c@sha256:0123456789abcdef0123456789abcdef",
        "a__b/c--d/e.f_g:TAG_1.x-y",
        "UPPER/case",
        "registry.example.com/UPPER",
        "racer:",
        "racer:-bad",
        ":tag",
        "racer@sha256:short",
        "/racer",
        "racer/",
        "racer//x",
        "r..a",
        "-racer",
        "racer-",
        "Registry.Example.com/racer",
        "racer:t23456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789"
            + "0123456789012345678901234567",
        "racer:t23456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789"
            + "01234567890123456789012345678"
      })
  void sameVerdict(String image) {
    assertThat(chartAccepts(image)).isEqualTo(javaAccepts(image));
  }

  @ParameterizedTest(name = "a name of {0} characters")
  @ValueSource(ints = {254, 255, 256, 300})
  void nameLength(int length) {
    String image = "r.example.com/" + "a".repeat(length - "r.example.com/".length()) + ":1";
    assertThat(chartAccepts(image)).isEqualTo(javaAccepts(image));
  }

  /** What the chart checks: the schema pattern and racer.validateImage's name length. */
  private static boolean chartAccepts(String image) {
    return REFERENCE.matcher(image).matches()
        && SUFFIX.matcher(image).replaceAll("").length() <= ImageGrammar.MAX_NAME_LENGTH;
  }

  private static boolean javaAccepts(String image) {
    try {
      Config.defaultConfig("", image, "racer-object").validate();
      return true;
    } catch (InvalidConfigurationException invalid) {
      return false;
    }
  }
}
