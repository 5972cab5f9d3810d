package io.unboundedcloud.racer.krm.inputs;

/**
 * The file kustomize says an object came from, when the kustomization asks for it ({@code
 * buildMetadata: [originAnnotations]}): kustomize gives a function no {@code
 * config.kubernetes.io/path}, but then annotates each object with {@code
 * config.kubernetes.io/origin}, a small YAML mapping whose {@code path} is the resource file, or
 * whose {@code configuredIn} is the kustomization of the generator that made it.
 */
final class KustomizeOrigin {
  static final String ANNOTATION = "config.kubernetes.io/origin";

  private KustomizeOrigin() {}

  /** The file an origin annotation names, or {@code null} when there is none. */
  static String file(String origin) {
    if (origin == null) {
      return null;
    }
    String configuredIn = null;
    for (String line : origin.lines().toList()) {
      String path = value(line, "path:");
      if (path != null) {
        return path;
      }
      if (configuredIn == null) {
        configuredIn = value(line, "configuredIn:");
      }
    }
    return configuredIn;
  }

  /** The value of a top-level {@code key: value} line, unquoted, or {@code null}. */
  private static String value(String line, String key) {
    if (!line.startsWith(key)) {
      return null;
    }
    String value = line.substring(key.length()).strip();
    if (value.length() >= 2
        && (value.startsWith("'") && value.endsWith("'")
            || value.startsWith("\"") && value.endsWith("\""))) {
      value = value.substring(1, value.length() - 1);
    }
    return value.isEmpty() ? null : value;
  }
}
