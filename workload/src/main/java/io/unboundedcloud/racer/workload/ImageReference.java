package io.unboundedcloud.racer.workload;

import java.util.regex.Pattern;

/**
 * The container image reference grammar of the distribution project, as the kubelet accepts it, except
 * that a dotless, portless first component is read as part of the (lowercase) repository, never as a host.
 */
final class ImageReference {
  private static final String ALNUM = "[a-z0-9]+";
  private static final String SEPARATOR = "(?:[._]|__|[-]+)";
  private static final String PATH_COMPONENT = ALNUM + "(?:" + SEPARATOR + ALNUM + ")*";
  private static final String DOMAIN_COMPONENT = "(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])";
  // A first component is a registry only when it looks like a host: a dot, a port or an IPv6 address
  // (a bare "localhost" or "myregistry" also reads as a lowercase repository component). Otherwise it
  // belongs to the repository, which is lowercase: "UPPER/case" is a mistyped repository, not a host.
  private static final String DOMAIN =
      "(?:(?:" + DOMAIN_COMPONENT + "(?:\\." + DOMAIN_COMPONENT + ")+|\\[[0-9a-fA-F:]+\\])(?::[0-9]+)?"
          + "|" + DOMAIN_COMPONENT + ":[0-9]+)";
  private static final String TAG = "[\\w][\\w.-]{0,127}";
  private static final String DIGEST = "[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}";
  private static final Pattern REFERENCE =
      Pattern.compile(
          "(?<name>(?:" + DOMAIN + "/)?" + PATH_COMPONENT + "(?:/" + PATH_COMPONENT + ")*)"
              + "(?::" + TAG + ")?(?:@" + DIGEST + ")?");
  private static final int MAX_NAME_LENGTH = 255;

  private ImageReference() {}

  static boolean isValid(String reference) {
    var matcher = REFERENCE.matcher(reference);
    return matcher.matches() && matcher.group("name").length() <= MAX_NAME_LENGTH;
  }
}
