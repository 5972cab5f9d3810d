package io.unboundedcloud.racer.workload;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Checks image references against {@link ImageGrammar}, including the length of the name. */
final class ImageReference {
  private static final Pattern REFERENCE =
      Pattern.compile(
          "("
              + ImageGrammar.NAME
              + ")(?::"
              + ImageGrammar.TAG
              + ")?(?:@"
              + ImageGrammar.DIGEST
              + ")?");

  private ImageReference() {}

  static boolean isValid(String reference) {
    Matcher matcher = REFERENCE.matcher(reference);
    return matcher.matches() && matcher.group(1).length() <= ImageGrammar.MAX_NAME_LENGTH;
  }
}
