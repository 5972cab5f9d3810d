package io.unboundedcloud.racer.krm.results;

import io.unboundedcloud.racer.workload.settings.QuotedText;

/**
 * The object a result is about, and the file it came from when the orchestrator said so.
 *
 * @param apiVersion the object's apiVersion
 * @param kind its kind
 * @param name its name
 * @param namespace its namespace, or {@code null}
 * @param filePath the file it came from ({@code config.kubernetes.io/path}), or {@code null}
 * @param fileIndex its index in that file ({@code config.kubernetes.io/index}), or {@code null}
 */
public record ResourceRef(
    String apiVersion,
    String kind,
    String name,
    String namespace,
    String filePath,
    Integer fileIndex) {

  /**
   * How a person reads it: {@code ConfigMap racing/racer-settings in settings.yaml}. Each part
   * comes from the input and is cut, so that a message naming it stays short: a name after {@link
   * QuotedText#SHOWN} characters, the file's path after {@link QuotedText#PATH_SHOWN}.
   */
  public String describe() {
    StringBuilder text = new StringBuilder();
    text.append(kind == null ? "object" : QuotedText.cut(kind)).append(' ');
    if (namespace != null && !namespace.isEmpty()) {
      text.append(QuotedText.cut(namespace)).append('/');
    }
    text.append(name == null ? "(unnamed)" : QuotedText.cut(name));
    if (filePath != null) {
      text.append(" in ").append(QuotedText.cutPath(filePath));
      if (fileIndex != null && fileIndex > 0) {
        text.append(" (document ").append(fileIndex + 1).append(')');
      }
    }
    return text.toString();
  }

  /** A copy that names the file it came from. */
  public ResourceRef inFile(String path, Integer index) {
    return new ResourceRef(apiVersion, kind, name, namespace, path, index);
  }
}
