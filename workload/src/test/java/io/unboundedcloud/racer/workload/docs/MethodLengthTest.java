package io.unboundedcloud.racer.workload.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Main methods a reader can hold: none over {@value #MOST} lines, at most {@value #LONG_ALLOWED}
 * over {@value #LONG} (a table or a text block may be one, said so in a comment at the method). A
 * mode's {@code run} that reads, checks, renders, compares and prints in one body cannot be read or
 * tested by its parts; this keeps the length from growing back.
 *
 * <p>The YAML reader's packages ({@code krm.yaml} and {@code krm.yaml.pipeline}) are left out until
 * their rewrite lands: at 89c8afa they held two methods over 60 lines ({@code KyamlScalar.analyze}
 * 72, {@code NodeSerializer.value} 61). Once rewritten they count like the rest: drop them from
 * {@link #EXCLUDED}.
 *
 * <p>The figures print on stdout: {@code mvn -B -q -pl workload test -Dtest=MethodLengthTest}.
 */
@DisplayName("the main code's methods")
class MethodLengthTest {
  /** No main method is longer than this. */
  static final int MOST = 80;

  /** A method over this is long; only {@link #LONG_ALLOWED} may be. */
  static final int LONG = 60;

  static final int LONG_ALLOWED = 3;

  /** Packages not yet held (see the class comment), as source folders relative to the root. */
  static final List<String> EXCLUDED =
      List.of(
          "krm-function/src/main/java/io/unboundedcloud/racer/krm/yaml/pipeline/",
          "krm-function/src/main/java/io/unboundedcloud/racer/krm/yaml/");

  @Nested
  @TestInstance(TestInstance.Lifecycle.PER_CLASS)
  @DisplayName("in every module's src/main/java")
  class MainCode {
    private final List<String> longest = new ArrayList<>();
    private final List<MethodLengths.Method> methods = new ArrayList<>();
    private int files;

    @BeforeAll
    void measure() throws IOException {
      Path root = RepositoryRoot.find();
      List<Path> sources = new ArrayList<>();
      try (Stream<Path> modules = Files.list(root)) {
        for (Path module : modules.sorted().toList()) {
          Path main = module.resolve("src/main/java");
          if (Files.isDirectory(main)) {
            try (Stream<Path> found = Files.walk(main)) {
              found
                  .filter(file -> file.toString().endsWith(".java"))
                  .filter(file -> EXCLUDED.stream().noneMatch(root.relativize(file)::startsWith))
                  .sorted()
                  .forEach(sources::add);
            }
          }
        }
      }
      for (Path file : sources) {
        files++;
        for (MethodLengths.Method method :
            MethodLengths.of(Files.readString(file, StandardCharsets.UTF_8))) {
          methods.add(method);
          if (method.lines() > LONG) {
            longest.add(root.relativize(file) + ": " + method);
          }
        }
      }
      System.out.println(
          "main methods: "
              + methods.size()
              + " in "
              + files
              + " files; the longest: "
              + methods.stream()
                  .sorted(Comparator.comparingInt(MethodLengths.Method::lines).reversed())
                  .limit(5)
                  .map(MethodLengths.Method::toString)
                  .toList()
              + "; over "
              + LONG
              + ": "
              + longest.size());
    }

    @Test
    @DisplayName("are read: the modules hold over a thousand methods (the walk found the code)")
    void found() {
      assertThat(files).isGreaterThan(200);
      assertThat(methods).hasSizeGreaterThan(1000);
    }

    @Test
    @DisplayName("are none over " + MOST + " lines")
    void noneOverMost() {
      assertThat(longest.stream().filter(line -> lines(line) > MOST))
          .as("methods over %d lines: split them into the steps they take", MOST)
          .isEmpty();
    }

    @Test
    @DisplayName("are at most " + LONG_ALLOWED + " over " + LONG + " lines")
    void fewLong() {
      assertThat(longest)
          .as("methods over %d lines: split one (a table or a text block may stay)", LONG)
          .hasSizeLessThanOrEqualTo(LONG_ALLOWED);
    }

    private int lines(String finding) {
      String[] words = finding.split(" ");
      return Integer.parseInt(words[words.length - 3]);
    }
  }

  @Nested
  @DisplayName("are measured")
  class Measure {
    @ParameterizedTest(name = "{0}")
    @CsvSource(
        delimiter = '|',
        quoteCharacter = '~',
        textBlock =
            """
            a method, from its declaration to its closing brace | class A {\\n  /** doc\\n * more */\\n  @Override\\n  public int f(int x) {\\n    return x;\\n  }\\n} | A.f 3 (line 5)
            a constructor and a method | class A {\\n  A() {\\n  }\\n  void g() {}\\n} | A.A 2 (line 2); A.g 1 (line 4)
            braces in strings, characters, text blocks and comments count for nothing | class A {\\n  void f() {\\n    String s = "{{";\\n    char c = '{';\\n    // }\\n    /* { */\\n  }\\n} | A.f 6 (line 2)
            a lambda and an anonymous class count in the method that holds them | class A {\\n  void f() {\\n    Runnable r = () -> {\\n    };\\n    Object o = new Object() {\\n      public String toString() { return ""; }\\n    };\\n  }\\n} | A.f 7 (line 2)
            a field's lambda or array is no method | class A {\\n  Runnable r = () -> {\\n  };\\n  int[] a = {1, 2};\\n  void f() {}\\n} | A.f 1 (line 5)
            a record's compact constructor, a nested type's method | record R(int a) {\\n  R {\\n  }\\n  static final class B {\\n    void g() {\\n    }\\n  }\\n} | R.R 2 (line 2); B.g 2 (line 5)
            enum constants with bodies are types, their methods methods | enum E {\\n  ONE(1) {\\n    int f() {\\n      return 1;\\n    }\\n  },\\n  TWO {\\n  };\\n  E(int x) {}\\n  E() {}\\n} | ONE.f 3 (line 3); E.E 1 (line 9); E.E 1 (line 10)
            an annotation with arguments, a generic method, an initializer | class A {\\n  static {\\n  }\\n  @SuppressWarnings({"unchecked"})\\n  <T> java.util.List<T> f(\\n      T t) {\\n    return null;\\n  }\\n} | A.{static} 2 (line 2); A.f 4 (line 5)
            """)
    void lengths(String what, String source, String expected) {
      List<String> measured =
          MethodLengths.of(source.replace("\\n", "\n")).stream()
              .map(
                  m ->
                      m.type().replaceAll(".*\\.", "")
                          + "."
                          + m.name()
                          + " "
                          + m.lines()
                          + " (line "
                          + m.line()
                          + ")")
              .toList();
      assertThat(String.join("; ", measured)).as(what).isEqualTo(expected);
    }
  }
}
