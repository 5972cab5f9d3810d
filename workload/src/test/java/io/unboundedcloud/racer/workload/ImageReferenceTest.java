package io.unboundedcloud.racer.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@DisplayName("ImageReference: the image grammar read in one pass")
class ImageReferenceTest {
  private static final String DIGEST =
      "sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

  @Nested
  @DisplayName("references")
  class References {
    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = {
          "racer",
          "racer:0.19.0",
          "ghcr.io/unbounded-cloud/racer-dataplane:0.19.0",
          "localhost:5000/racer",
          "localhost:5000/racer:v1",
          "registry.example.com:443/a/b/c:latest",
          "[::1]/racer",
          "[fe80::1]:5000/racer:1",
          "my.registry/a__b/c-d/e.f/g--h:TAG_1.2-x",
          "racer@" + DIGEST,
          "racer:0.19.0@" + DIGEST,
          "r/racer@sha256+b64.x_y-z:" + "0123456789abcdef0123456789abcdef",
          "UPPER.example.com/racer",
        })
    @DisplayName("valid")
    void valid(String reference) {
      assertThat(ImageReference.isValid(reference)).isTrue();
      assertThat(Expressions.isReference(reference)).isTrue();
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(
        strings = {
          "",
          "UPPER/case",
          "racer:",
          "racer:-tag",
          "racer@sha256:abc",
          "racer@" + DIGEST + "@" + DIGEST,
          "localhost/racer:1:2",
          "a..b/racer",
          "-a.b/racer",
          "a.b-/racer",
          "a.b:/racer",
          "a.b:x/racer",
          "[]/racer",
          "[g]/racer",
          "racer_-x",
          "racer___x",
          "racer.",
          "/racer",
          "racer/",
          "racer//x",
          "https://ghcr.io/racer",
        })
    @DisplayName("invalid")
    void invalid(String reference) {
      assertThat(ImageReference.isValid(reference)).isFalse();
      assertThat(Expressions.isReference(reference)).isFalse();
    }

    @Test
    @DisplayName(
        "a name of 255 characters passes, of 256 does not; a tag of 128 passes, of 129 not")
    void lengths() {
      String name = "r.io/" + "a".repeat(250);
      assertThat(ImageReference.isValid(name + ":" + "t".repeat(128))).isTrue();
      assertThat(ImageReference.isValid(name + "a")).isFalse();
      assertThat(ImageReference.isValid(name + ":" + "t".repeat(129))).isFalse();
    }
  }

  @Nested
  @DisplayName("registry values")
  class Registries {
    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = {
          "mirror.example.com",
          "mirror.example.com/",
          "mirror.example.com:5000",
          "localhost:5000",
          "mirror.example.com/racer",
          "racer/eu",
          "[::1]:5000/",
          "UPPER.example.com",
        })
    @DisplayName("valid")
    void valid(String value) {
      assertThat(ImageReference.isRegistry(value)).isTrue();
      assertThat(Expressions.isRegistry(value)).isTrue();
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(
        strings = {"", "/", "a//", "mirror.example.com//", "UPPER", "racer:x", "a/b:1", "x@y"})
    @DisplayName("invalid")
    void invalid(String value) {
      assertThat(ImageReference.isRegistry(value)).isFalse();
      assertThat(Expressions.isRegistry(value)).isFalse();
    }
  }

  @Nested
  @DisplayName("the same as ImageGrammar's expressions, which the chart applies with RE2")
  class SameAsExpressions {
    private final List<String> mismatches = new ArrayList<>();

    @Test
    @DisplayName("every string of up to 4 characters of a . _ - : / @ [ ] A 1")
    void everyShortString() {
      String alphabet = "a._-:/@[]A1";
      List<String> texts = new ArrayList<>(List.of(""));
      int accepted = 0;
      for (int length = 1; length <= 4; length++) {
        List<String> longer = new ArrayList<>();
        for (String text : texts) {
          for (char c : alphabet.toCharArray()) {
            longer.add(text + c);
          }
        }
        texts = longer;
        for (String text : texts) {
          accepted += compare(text) ? 1 : 0;
        }
      }
      assertThat(mismatches).isEmpty();
      assertThat(accepted).as("references among them").isGreaterThan(100);
    }

    @Test
    @DisplayName(
        "each character at the edge of a character class, in every place of a reference and a registry")
    void classEdges() {
      // the first and last character of each class the scanner tests, and the one just outside
      String edges = "`az{/09:@AZ[fgFG_-.+ ";
      String[] places = {
        "#",
        "a#",
        "#a",
        "a#b",
        "#.io/r",
        "a#b.io/r",
        "h.i#/r",
        "h:#/r",
        "h:5#/r",
        "r/#",
        "r/a#b",
        "r/a_#b",
        "r:#",
        "r:t#",
        "r:t-#",
        "r@#ha256:" + "0".repeat(32),
        "r@s#a256:" + "0".repeat(32),
        "r@sha256#x:" + "0".repeat(32),
        "r@sha256:" + "0".repeat(31) + "#",
        "r@sha256:#" + "0".repeat(31),
        "r@s" + "#".repeat(2) + "256:" + "0".repeat(32),
      };
      int accepted = 0;
      for (String place : places) {
        for (char c : edges.toCharArray()) {
          accepted += compare(place.replace('#', c)) ? 1 : 0;
        }
      }
      assertThat(mismatches).isEmpty();
      assertThat(accepted).as("references among them").isGreaterThan(50);
    }

    @Test
    @DisplayName("lengths at each bound: the name, the tag, the digest's hex")
    void lengthBounds() {
      for (int delta = -1; delta <= 1; delta++) {
        int name = ImageGrammar.MAX_NAME_LENGTH + delta;
        compare("r/" + "a".repeat(name - 2));
        compare("r/" + "a".repeat(name - 2) + ":t");
        compare("r/" + "a".repeat(name - 2) + "@sha256:" + "0".repeat(32));
        compare("r:" + "t".repeat(ImageGrammar.MAX_TAG_LENGTH + delta));
        compare("r@sha256:" + "0".repeat(32 + delta));
        compare("r:t@sha256:" + "f".repeat(32 + delta));
      }
      assertThat(mismatches).isEmpty();
    }

    @Test
    @Tag("slow")
    @DisplayName("100,000 strings made of pieces of references: hosts, ports, paths, tags, digests")
    void generated() {
      String[] pieces = {
        "a",
        "b0",
        "Z",
        "9",
        ".",
        "_",
        "__",
        "-",
        "--",
        ":",
        "/",
        "@",
        "[",
        "]",
        "::1",
        "5000",
        ".io",
        "sha256",
        "+",
        "x.y",
        DIGEST.substring(7),
        "0123456789abcdef",
        "a".repeat(120),
        "t".repeat(64),
        "!",
        " ",
      };
      Random random = new Random(41);
      int accepted = 0;
      for (int n = 0; n < 100_000; n++) {
        StringBuilder text = new StringBuilder();
        int count = 1 + random.nextInt(10);
        for (int i = 0; i < count; i++) {
          text.append(pieces[random.nextInt(pieces.length)]);
        }
        accepted += compare(text.toString()) ? 1 : 0;
      }
      assertThat(mismatches).isEmpty();
      assertThat(accepted).as("references among them").isGreaterThan(5_000);
    }

    private boolean compare(String text) {
      boolean reference = ImageReference.isValid(text);
      if (reference != Expressions.isReference(text)) {
        mismatches.add("reference " + text + ": " + reference);
      }
      boolean registry = ImageReference.isRegistry(text);
      if (registry != Expressions.isRegistry(text)) {
        mismatches.add("registry " + text + ": " + registry);
      }
      return reference;
    }
  }

  @Nested
  @Tag("slow")
  @DisplayName("a megabyte is judged, not a crash (the expressions overflowed the stack at 10 KB)")
  class Megabyte {
    private static final int SIZE = 1 << 20;

    @Test
    @DisplayName("a. repeated, as a reference and as a registry")
    void dotted() {
      String dotted = "a.".repeat(SIZE / 2);
      assertThat(ImageReference.isValid(dotted + "a")).isFalse(); // a name longer than 255
      assertThat(ImageReference.isRegistry(dotted + "a")).isTrue(); // a registry has no bound
      assertThat(ImageReference.isRegistry(dotted + "a/x")).isTrue();
      assertThat(ImageReference.isRegistry(dotted)).isFalse();
    }

    @Test
    @DisplayName("path components, separators and a long tag")
    void paths() {
      assertThat(ImageReference.isRegistry("a-".repeat(SIZE / 2) + "a")).isTrue();
      assertThat(ImageReference.isRegistry("a/".repeat(SIZE / 2) + "a")).isTrue();
      assertThat(ImageReference.isValid("a:" + "1".repeat(SIZE))).isFalse();
      assertThat(ImageReference.isValid("a@sha256:" + "f".repeat(SIZE))).isTrue();
    }
  }

  /** The expressions Java matched before ImageReference was a scanner: the oracle. */
  private static final class Expressions {
    private static final Pattern REFERENCE =
        Pattern.compile(
            "("
                + ImageGrammar.NAME
                + ")(?::"
                + ImageGrammar.TAG
                + ")?(?:@"
                + ImageGrammar.DIGEST
                + ")?");
    private static final Pattern REGISTRY =
        Pattern.compile(ImageGrammar.exactly(ImageGrammar.REGISTRY));

    static boolean isReference(String text) {
      Matcher matcher = REFERENCE.matcher(text);
      return matcher.matches() && matcher.group(1).length() <= ImageGrammar.MAX_NAME_LENGTH;
    }

    static boolean isRegistry(String text) {
      return REGISTRY.matcher(text).matches();
    }
  }
}
