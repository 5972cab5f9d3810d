package io.unboundedcloud.racer.workload;

/**
 * The container image reference grammar of the distribution project, as {@link Config#validate()}
 * applies it, except that a dotless, portless first component is read as part of the (lowercase)
 * repository, never as a host ("UPPER/case" is a mistyped repository). Written in the subset of
 * regular expressions that Java, Go's RE2 (Helm's {@code regexMatch} and its JSON-schema validator)
 * and ECMA-262 read alike (no named groups, no lookaround), so the chart's schema and helpers use
 * the very same expressions. Java code checks a value with {@link ImageReference}, a scanner of
 * this grammar that takes time linear in the value's length, never with these expressions.
 */
public final class ImageGrammar {
  private static final String ALNUM = "[a-z0-9]+";
  private static final String SEPARATOR = "(?:[._]|__|[-]+)";
  private static final String PATH_COMPONENT = ALNUM + "(?:" + SEPARATOR + ALNUM + ")*";
  private static final String DOMAIN_COMPONENT =
      "(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])";
  private static final String DOMAIN =
      "(?:(?:"
          + DOMAIN_COMPONENT
          + "(?:\\."
          + DOMAIN_COMPONENT
          + ")+|\\[[0-9a-fA-F:]+\\])(?::[0-9]+)?"
          + "|"
          + DOMAIN_COMPONENT
          + ":[0-9]+)";

  /** A repository name with its optional registry. */
  public static final String NAME =
      "(?:" + DOMAIN + "/)?" + PATH_COMPONENT + "(?:/" + PATH_COMPONENT + ")*";

  /** The longest tag the grammar allows. */
  public static final int MAX_TAG_LENGTH = 128;

  /** A tag. */
  public static final String TAG = "[\\w][\\w.-]{0," + (MAX_TAG_LENGTH - 1) + "}";

  /** A digest. */
  public static final String DIGEST =
      "[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}";

  /** A whole reference: {@code [registry/]repository[:tag][@digest]}. */
  public static final String REFERENCE = NAME + "(?::" + TAG + ")?(?:@" + DIGEST + ")?";

  /**
   * What a registry value may be: a registry host, a repository path, or both; one trailing {@code
   * /}.
   */
  public static final String REGISTRY = "(?:" + DOMAIN + "|" + NAME + ")/?";

  /** The longest repository name (the reference without tag and digest) the grammar allows. */
  public static final int MAX_NAME_LENGTH = 255;

  /** Matches the tag and digest at the end of a reference, to measure the name. */
  public static final String TAG_AND_DIGEST_SUFFIX = "(?::" + TAG + ")?(?:@" + DIGEST + ")?$";

  /**
   * A URL scheme ({@code https://}), which no image reference starts with but a registry copied
   * from a browser often does.
   */
  public static final String SCHEME = "[A-Za-z][A-Za-z0-9+.-]*://";

  /**
   * The message of a registry or image written as a URL, as a format string whose verbs mean the
   * same to Java's String.format and to Go's printf; arguments: where the value is, its scheme, the
   * value without it.
   */
  public static final String SCHEME_MESSAGE =
      "%s starts with %s, but an image reference has no scheme: set it to %s";

  private ImageGrammar() {}

  /** The anchored pattern of a value that is {@code inner} or blank (blank means "not set"). */
  public static String blankOr(String inner) {
    return "^(?:\\s*|" + inner + ")$";
  }

  /** The anchored pattern of exactly {@code inner}. */
  public static String exactly(String inner) {
    return "^(?:" + inner + ")$";
  }
}
