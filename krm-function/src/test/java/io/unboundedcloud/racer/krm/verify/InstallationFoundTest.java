package io.unboundedcloud.racer.krm.verify;

import static io.unboundedcloud.racer.krm.render.RenderFixtures.FUNCTION_CONFIG;
import static io.unboundedcloud.racer.krm.render.RenderFixtures.ORIGIN;
import static io.unboundedcloud.racer.krm.render.RenderFixtures.SETTINGS;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.render.Renderer;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Which installation verify checks in a stream, why it refuses a DaemonSet that is not what
 * racer-krm renders, and the line it says on a consistent stream.
 */
@DisplayName("Verification: the installation it checks, and what it says it checked")
class InstallationFoundTest {
  private static String rendered(boolean withOrigin) {
    return rendered(SETTINGS, withOrigin);
  }

  private static String rendered(String settings, boolean withOrigin) {
    return YamlWriter.manifests(
        Renderer.render(
                ManifestNodes.of(settings + (withOrigin ? "---\n" + ORIGIN : "")), FUNCTION_CONFIG)
            .items());
  }

  private static String changed(String stream, String from, String to) {
    assertThat(stream).contains(from);
    return stream.replaceFirst(Pattern.quote(from), Matcher.quoteReplacement(to));
  }

  private static Results verify(String stream) {
    return Verification.verify(ManifestNodes.of(stream));
  }

  /** The one error, at this field, saying this. */
  private static void refused(String stream, String field, String said) {
    assertThat(verify(stream))
        .singleElement()
        .satisfies(
            error -> {
              assertThat(error.fieldPath()).isEqualTo(field);
              assertThat(error.message())
                  .contains("the dataplane DaemonSet racer " + said)
                  .endsWith(": it is not what racer-krm renders");
              assertThat(error.resource().name()).isEqualTo("racer");
            });
  }

  private static final String CONTAINER = "spec.template.spec.containers[name=dataplane]";

  @Nested
  @DisplayName("a DaemonSet labelled as the dataplane that racer-krm would not render: refused")
  class Refused {
    @Test
    @DisplayName("without a container named dataplane")
    void noContainer() {
      refused(
          changed(rendered(false), "name: dataplane\n", "name: other\n"),
          "spec.template.spec.containers",
          "has no container dataplane");
    }

    @Test
    @DisplayName("whose dataplane container has no image")
    void noImage() {
      String stream = rendered(false);
      String image = stream.lines().filter(l -> l.trim().startsWith("image: ")).findFirst().get();

      refused(changed(stream, image + "\n", ""), CONTAINER + ".image", "has no dataplane image");
    }

    @Test
    @DisplayName("that hands the webhook no racer-object image")
    void noObjectImage() {
      refused(
          changed(rendered(false), "name: RACER_OBJECT_IMAGE", "name: RACER_OTHER_IMAGE"),
          CONTAINER + ".env[name=RACER_OBJECT_IMAGE]",
          "hands the webhook no racer-object image (no RACER_OBJECT_IMAGE value)");
    }

    @Test
    @DisplayName("that reads no ConfigMap through envFrom")
    void noEnvFrom() {
      refused(
          changed(rendered(false), "- configMapRef:", "- secretRef:"),
          CONTAINER + ".envFrom",
          "reads no ConfigMap through envFrom, so no settings can be checked");
    }
  }

  @Nested
  @DisplayName("more than one dataplane DaemonSet")
  class Several {
    @Test
    @DisplayName("two installations with their settings: one error naming both")
    void twoInstallations() {
      String one = rendered(false);
      String other = one.replace("namespace: racer", "namespace: racer-b");

      assertThat(verify(one + "---\n" + other))
          .singleElement()
          .extracting(Result::message)
          .asString()
          .startsWith("found 2 dataplane DaemonSets with their settings (DaemonSet racer/racer;")
          .contains("DaemonSet racer-b/racer")
          .endsWith("verify checks one installation at a time; verify each build alone");
    }

    @Test
    @DisplayName(
        "a second dataplane without its settings: the one with settings is checked, and is consistent")
    void oneWithSettings() {
      String one = rendered(false);
      String daemonSetOnly =
          one.substring(one.indexOf("kind: DaemonSet") - "apiVersion: apps/v1\n".length())
              .replace("namespace: racer", "namespace: racer-b");
      assertThat(daemonSetOnly).startsWith("apiVersion: apps/v1\nkind: DaemonSet");

      assertThat(verify(daemonSetOnly + "---\n" + one)).isEmpty();
      assertThat(verify(one + "---\n" + daemonSetOnly)).isEmpty();
    }
  }

  @Nested
  @DisplayName("the line of a consistent stream")
  class Checked {
    @Test
    @DisplayName("names the DaemonSet, the number of settings keys, both images and the origins")
    void line() {
      Verified verified = Verification.check(ManifestNodes.of(rendered(true)));

      assertThat(verified.results()).isEmpty();
      assertThat(verified.checked())
          .matches(
              "verified DaemonSet racer/racer against the 1 key of ConfigMap"
                  + " racer/racer-settings and the images \\S+racer-dataplane\\S+ and"
                  + " \\S+racer-object\\S+, with 1 cache origin: what the function renders");
    }

    @Test
    @DisplayName(
        "says 'keys' for two and 'cache origins' for none, and nothing when no installation was found")
    void plurals() {
      String twoKeys =
          SETTINGS.replace(
              "{RACER_NVIDIA: \"off\"}", "{RACER_NVIDIA: \"off\", RACER_PEER_PORT: \"9100\"}");
      assertThat(twoKeys).contains("RACER_PEER_PORT");

      assertThat(Verification.check(ManifestNodes.of(rendered(twoKeys, false))).checked())
          .contains(" against the 2 keys of ConfigMap racer/racer-settings ")
          .contains(", with 0 cache origins: ");
      assertThat(Verification.check(ManifestNodes.of(SETTINGS)).checked()).isNull();
    }
  }
}
