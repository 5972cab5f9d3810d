package io.unboundedcloud.racer.krm.toolchain;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A kubectl whose kustomize the end-to-end tests build with: the machine's (kustomize 5.5 on the
 * project's machines) or one of those tools/toolchain.sh pins (kustomize 5.7.1 and 5.8.1). The
 * kustomize tests run under each ({@code @ParameterizedClass} with {@link #each()}).
 */
public final class Kubectl {
  /** kubectl on this JVM's PATH. */
  public static final Kubectl MACHINE = new Kubectl("the machine's kubectl", null);

  /** kubectl 1.35.2 with kustomize 5.7.1, fetched by tools/toolchain.sh. */
  public static final Kubectl PINNED =
      new Kubectl("kubectl 1.35.2, kustomize 5.7.1 (pinned)", PinnedTool.KUBECTL_KUSTOMIZE57);

  /** kubectl 1.36.3 with kustomize 5.8.1 (Argo CD 3.3 and later bundle it), from toolchain.sh. */
  public static final Kubectl PINNED_58 =
      new Kubectl("kubectl 1.36.3, kustomize 5.8.1 (pinned)", PinnedTool.KUBECTL_KUSTOMIZE58);

  private final String description;
  private final PinnedTool pinned;

  private Kubectl(String description, PinnedTool pinned) {
    this.description = description;
    this.pinned = pinned;
  }

  /** Every kubectl the kustomize tests build with. */
  public static Stream<Kubectl> each() {
    return Stream.of(MACHINE, PINNED, PINNED_58);
  }

  /** Why this kubectl cannot run here, or null. */
  public String missing() {
    if (pinned != null) {
      return pinned.missing();
    }
    return onPath().isPresent() ? null : "kubectl not found on PATH";
  }

  /** Its path; call only when {@link #missing()} is null. */
  public Path path() {
    return pinned != null ? pinned.path() : onPath().orElseThrow();
  }

  private static Optional<Path> onPath() {
    String path = System.getenv("PATH");
    for (String entry : path == null ? new String[0] : path.split(File.pathSeparator)) {
      if (!entry.isEmpty()) {
        Path candidate = Path.of(entry, "kubectl");
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    return Optional.empty();
  }

  @Override
  public String toString() {
    return description;
  }
}
