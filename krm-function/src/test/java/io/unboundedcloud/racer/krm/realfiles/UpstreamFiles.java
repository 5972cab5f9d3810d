package io.unboundedcloud.racer.krm.realfiles;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * The upstream corpus: manifests copied unchanged from public projects that no other test uses
 * ({@code src/test/resources/realfiles/upstream}, its README says where each came from), and the
 * files among them the function still writes otherwise than {@code kpt fn eval --exec cat}.
 */
public final class UpstreamFiles {

  /**
   * The files, by path in the package, that still come out of the function otherwise than cat
   * writes them; the tests assert each still does, so a fix asks to take it off.
   */
  public static final Set<String> KNOWN_DIFFERENCES =
      // none since issue 42 (cert-manager's bind config, a literal block with tabs, was the last)
      Set.of();

  private UpstreamFiles() {}

  /** The folder of the upstream corpus (on the test class path). */
  public static Path folder() {
    try {
      return Path.of(UpstreamFiles.class.getResource("/realfiles/upstream/LICENSE-2.0.txt").toURI())
          .getParent();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The manifests, by path relative to {@link #folder()} (the licence text left out). */
  public static Map<String, String> manifests() {
    Map<String, String> files = RealFiles.texts(folder());
    files.keySet().removeIf(path -> !path.endsWith(".yaml") && !path.endsWith(".yml"));
    return files;
  }
}
