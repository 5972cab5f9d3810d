package io.unboundedcloud.racer.workload;

import java.util.regex.Pattern;

/**
 * The one grammar of the Kubernetes quantities a user writes ({@code resources.limits.memory},
 * {@code emptyDir.sizeLimit}, a cache origin's requests): what the API server decodes
 * (k8s.io/apimachinery's {@code resource.ParseQuantity}, after its JSON decoder trims surrounding
 * spaces, Unicode's no-break and wide ones too; tabs and line breaks reach it escaped ({@code \t})
 * and are refused), and non-negative, as its validation requires of every quantity of a pod
 * template. The KRM function reads each such value with {@link #admits}; the Helm chart's templates
 * match the very same {@link #PATTERN} (Go's RE2 and Java read it alike).
 *
 * <pre>
 *   quantity  ::= space* (["+"] number | "-" zero) [suffix] space*
 *   number    ::= digits ["." [digits]] | "." digits
 *   suffix    ::= Ki | Mi | Gi | Ti | Pi | Ei | n | u | m | k | M | G | T | P | E
 *               | ("e" | "E") ["+" | "-"] exponent
 * </pre>
 *
 * <p>Where this is stricter than the API server's scanner, on purpose: a quantity has a digit (the
 * scanner reads {@code "Mi"}, {@code "+"}, {@code "."} and {@code "e3"} as zero, which its own
 * documented grammar and its error's regular expression exclude; a user who writes one meant
 * something else); an exponent has at most 18 significant digits (the scanner takes up to 2^63-1,
 * then keeps only 32 bits of it); and a {@code -} sign is taken only on a zero, since a negative
 * request, limit or size is refused by the API server's validation.
 *
 * <p>No quantifier of the pattern nests another, and each unbounded one is over characters the next
 * part cannot start with (or an exponent's at most 18 digits follow it), so a match backtracks a
 * bounded number of steps per character: it takes time linear in the value's length, in Java as in
 * RE2, whatever the value.
 */
public final class QuantityGrammar {
  // what Go's strings.TrimSpace trims and JSON carries unescaped: the space and Unicode's other
  // spaces (no-break, ideographic, ...); tabs, line breaks and U+2028/U+2029 arrive escaped
  private static final String SPACE =
      "[ \\x{85}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{202F}\\x{205F}\\x{3000}]*";
  private static final String NUMBER = "(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)";
  private static final String ZERO = "(?:0+(?:\\.0*)?|\\.0+)";
  private static final String EXPONENT = "[eE][+-]?(?:0*[1-9][0-9]{0,17}|0+)";
  private static final String SUFFIX = "(?:[KMGTPE]i|[numkMGTPE]|" + EXPONENT + ")";

  /** A whole non-negative quantity, anchored. */
  public static final String PATTERN =
      "^" + SPACE + "(?:\\+?" + NUMBER + "|-" + ZERO + ")" + SUFFIX + "?" + SPACE + "$";

  /**
   * What is said of a value that is no quantity, given the value as {@code the string "1Gb"}: the
   * function's words and the chart's (its templates format it with Go's printf).
   */
  public static final String MESSAGE =
      "expected a quantity such as 100Mi or 0.5, found %s: write digits, an optional fraction and"
          + " at most one suffix, binary Ki Mi Gi Ti Pi Ei, decimal n u m k M G T P E or an exponent"
          + " e3, with no sign (512Mi, 1.5Gi, 250m, 2e3)";

  private static final Pattern COMPILED = Pattern.compile(PATTERN);

  private QuantityGrammar() {}

  /** Whether {@code text} is a quantity the API server admits in a pod template. */
  public static boolean admits(String text) {
    return COMPILED.matcher(text).matches();
  }
}
