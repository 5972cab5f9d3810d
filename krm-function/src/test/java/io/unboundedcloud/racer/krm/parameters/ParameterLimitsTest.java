package io.unboundedcloud.racer.krm.parameters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.inputs.ReadOutcome;
import io.unboundedcloud.racer.krm.render.Outcome;
import io.unboundedcloud.racer.krm.render.Renderer;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * The folder's function config limits what an Application's parameters may set: {@code
 * allowedRegistries} the images they may choose, {@code allowedParameters} the parameters at all. A
 * refusal is an error that names the parameter and the field to add, and the items come back
 * unchanged.
 */
@DisplayName(
    "What the folder allows an Application's parameters (allowedRegistries, allowedParameters)")
class ParameterLimitsTest {
  private static final String SETTINGS =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: racer-settings, namespace: racer}
      data: {RACER_NVIDIA: "off"}
      """;
  private static final String DIGEST = "sha256:" + "a".repeat(64);

  @Nested
  @DisplayName("images without allowedRegistries")
  class NoRegistryAllowed {
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"imageRegistry", "dataplaneImage", "objectImage"})
    @DisplayName(
        "an image parameter is refused, the error says which field to add, with an example")
    void refused(String parameter) {
      String value =
          parameter.equals("imageRegistry")
              ? "evil.example.com/pwn"
              : "evil.example.com/pwn/racer-x:0.19.0";

      Outcome outcome = render(config(""), "[" + string(parameter, value) + "]");

      // imageRegistry chooses both images: each is refused on its own
      List<String> images =
          switch (parameter) {
            case "imageRegistry" -> List.of("dataplane", "racer-object");
            case "dataplaneImage" -> List.of("dataplane");
            default -> List.of("racer-object");
          };
      assertThat(outcome.results().list()).allMatch(r -> r.severity() == Severity.ERROR);
      assertThat(outcome.results().list())
          .extracting(Result::message)
          .hasSameSizeAs(images)
          .allSatisfy(
              message ->
                  assertThat(message)
                      .startsWith("Application parameter " + parameter + " (ARGOCD_APP_PARAMETERS)")
                      .contains("but this folder allows no registry for the Application's images")
                      .contains("(ConfigMap racer-function) has no data.allowedRegistries")
                      .endsWith(
                          "to allow it, list its registry or repository prefix there,"
                              + " comma-separated: allowedRegistries: \"evil.example.com/pwn\""))
          .zipSatisfy(
              images, (message, image) -> assertThat(message).contains("chooses the " + image));
      assertUnchanged(outcome);
    }

    @Test
    @DisplayName(
        "imageTag over a folder whose tag pins a digest: an error, the pin is never dropped; the"
            + " same tag renders")
    void imageTagOverDigest() {
      String pinned = "imageTag: \"0.19.0@" + DIGEST + "\"";

      Outcome retagged = render(config(pinned), "[" + string("imageTag", "0.19.1") + "]");
      Outcome same = render(config(pinned), "[" + string("imageTag", "0.19.0@" + DIGEST) + "]");

      assertThat(retagged.results().list())
          .extracting(Result::severity, Result::message)
          .containsExactly(
              tuple(
                  Severity.ERROR,
                  "Application parameter imageTag (ARGOCD_APP_PARAMETERS) renders the dataplane"
                      + " image registry.example.com/racer/racer-dataplane:0.19.1 in place of"
                      + " registry.example.com/racer/racer-dataplane:0.19.0@"
                      + DIGEST
                      + ", which the folder pins by digest: a parameter that chooses no image may"
                      + " not drop a digest the folder pins; leave imageTag out to keep the pin, or"
                      + " choose the image whole with dataplaneImage under an entry of the"
                      + " folder's data.allowedRegistries"),
              tuple(
                  Severity.ERROR,
                  "Application parameter imageTag (ARGOCD_APP_PARAMETERS) renders the racer-object"
                      + " image registry.example.com/racer/racer-object:0.19.1 in place of"
                      + " registry.example.com/racer/racer-object:0.19.0@"
                      + DIGEST
                      + ", which the folder pins by digest: a parameter that chooses no image may"
                      + " not drop a digest the folder pins; leave imageTag out to keep the pin, or"
                      + " choose the image whole with objectImage under an entry of the folder's"
                      + " data.allowedRegistries"));
      assertUnchanged(retagged);
      assertThat(same.results().list()).isEmpty();
    }

    @Test
    @DisplayName("imageTag still renders, under the folder's registry")
    void imageTag() {
      Outcome outcome = render(config(""), "[" + string("imageTag", "0.19.1") + "]");

      assertThat(outcome.results().list()).isEmpty();
      assertThat(YamlWriter.manifests(outcome.items()))
          .contains("registry.example.com/racer/racer-dataplane:0.19.1");
    }

    @ParameterizedTest(name = "{0} = \"{1}\"")
    @MethodSource("io.unboundedcloud.racer.krm.parameters.ParameterLimitsTest#blankImageParameters")
    @DisplayName(
        "a blank image, registry or tag parameter is an error naming it, never the folder's value"
            + " dropped")
    void blank(String parameter, String blank) {
      ReadOutcome<ApplicationParameters> read =
          ParametersJson.read(
              "[{\"name\":\""
                  + parameter
                  + "\",\"string\":\""
                  + blank.replace("\t", "\\t").replace("\n", "\\n")
                  + "\"}]");

      assertThat(read.ok()).isFalse();
      assertThat(read.results().list())
          .extracting(Result::message)
          .singleElement()
          .asString()
          .startsWith("Application parameter " + parameter + " (ARGOCD_APP_PARAMETERS) is blank")
          .contains("would drop the folder's own " + parameter)
          .contains("or leave the parameter out to keep the folder's");
    }
  }

  @Nested
  @DisplayName("images with allowedRegistries: prefixes matched at '/' boundaries")
  class RegistryAllowed {
    @ParameterizedTest(name = "{0} = {1} under \"{2}\"")
    @MethodSource("io.unboundedcloud.racer.krm.parameters.ParameterLimitsTest#allowedImages")
    @DisplayName("renders an image under an allowed prefix")
    void allowed(String parameter, String value, String allowed) {
      Outcome outcome =
          render(
              config("allowedRegistries: \"" + allowed + "\""),
              "[" + string(parameter, value) + "]");

      assertThat(outcome.results().hasError()).as("%s", outcome.results()).isFalse();
    }

    @ParameterizedTest(name = "{0} = {1} under \"{2}\"")
    @MethodSource("io.unboundedcloud.racer.krm.parameters.ParameterLimitsTest#refusedImages")
    @DisplayName("refuses an image under no allowed prefix, naming the prefixes")
    void refused(String parameter, String value, String allowed) {
      Outcome outcome =
          render(
              config("allowedRegistries: \"" + allowed + "\""),
              "[" + string(parameter, value) + "]");

      assertThat(outcome.results().list())
          .filteredOn(result -> result.severity() == Severity.ERROR)
          .extracting(Result::message)
          // imageRegistry chooses both images, and neither lies under the prefix
          .hasSize(parameter.equals("imageRegistry") ? 2 : 1)
          .allSatisfy(
              message ->
                  assertThat(message)
                      .startsWith(
                          "Application parameter "
                              + parameter
                              + " (ARGOCD_APP_PARAMETERS) chooses the")
                      .contains("which lies under none of the registries this folder allows")
                      .contains("allowedRegistries: \"" + allowed.replace(" ", "")));
      assertUnchanged(outcome);
    }

    @Test
    @DisplayName(
        "issue 41: imageRegistry under a prefix that covers the dataplane image alone: the"
            + " racer-object image is refused, and that error comes first, though a warning"
            + " about the dataplane image was found before it")
    void warningHidesNoRefusal() {
      Outcome outcome =
          render(
              config(
                  "allowedRegistries: \"mirror.example.com/racer/racer-dataplane\"\n"
                      + "  strict: \"true\""),
              "["
                  + string("imageRegistry", "mirror.example.com/racer")
                  + ","
                  + string("imageTag", "latest")
                  + ","
                  + string("strict", "false")
                  + "]");

      assertThat(outcome.results().list())
          .extracting(Result::severity, Result::message)
          .satisfiesExactly(
              error -> {
                assertThat(error.toList().get(0)).isEqualTo(Severity.ERROR);
                assertThat((String) error.toList().get(1))
                    .startsWith(
                        "Application parameter imageRegistry (ARGOCD_APP_PARAMETERS) chooses the"
                            + " racer-object image mirror.example.com/racer/racer-object:latest,"
                            + " which lies under none of the registries this folder allows");
              },
              warning -> {
                assertThat(warning.toList().get(0)).isEqualTo(Severity.WARNING);
                assertThat((String) warning.toList().get(1))
                    .startsWith(
                        "Application parameter imageRegistry (ARGOCD_APP_PARAMETERS) renders the"
                            + " dataplane image mirror.example.com/racer/racer-dataplane:latest,"
                            + " which pins no version");
              });
      assertUnchanged(outcome);
    }

    @ParameterizedTest(name = "{0}: {1}, tag {2}")
    @MethodSource("io.unboundedcloud.racer.krm.parameters.ParameterLimitsTest#oneImageAllowed")
    @DisplayName(
        "whatever is said of one image (a warning, nothing, a refusal), the other is judged on its"
            + " own")
    void eachImageOnItsOwn(String allowed, String refusedImage, String tag) {
      Outcome outcome =
          render(
              config("allowedRegistries: \"" + allowed + "\""),
              "["
                  + string("imageRegistry", "mirror.example.com/racer")
                  + (tag.isEmpty() ? "" : "," + string("imageTag", tag))
                  + "]");

      assertThat(outcome.results().list())
          .filteredOn(result -> result.severity() == Severity.ERROR)
          .extracting(Result::message)
          .singleElement()
          .asString()
          .startsWith(
              "Application parameter imageRegistry (ARGOCD_APP_PARAMETERS) chooses the "
                  // messages call the dataplane image by its role, the other by its name
                  + refusedImage.replace("racer-dataplane", "dataplane")
                  + " image mirror.example.com/racer/"
                  + refusedImage);
      assertUnchanged(outcome);
    }

    @Test
    @DisplayName("both images chosen under no allowed prefix: one refusal each")
    void bothRefused() {
      Outcome outcome =
          render(
              config("allowedRegistries: \"mirror.example.com\""),
              "["
                  + string("dataplaneImage", "other.example.com/dp:1")
                  + ","
                  + string("objectImage", "other.example.com/obj:1")
                  + "]");

      assertThat(outcome.results().list())
          .filteredOn(result -> result.severity() == Severity.ERROR)
          .extracting(Result::message)
          .satisfiesExactly(
              dataplane ->
                  assertThat(dataplane)
                      .startsWith("Application parameter dataplaneImage (ARGOCD_APP_PARAMETERS)"),
              object ->
                  assertThat(object)
                      .startsWith("Application parameter objectImage (ARGOCD_APP_PARAMETERS)"));
      assertUnchanged(outcome);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = {
          "mirror.example.com/racer/racer-dataplane",
          "mirror.example.com/racer/racer-dataplane:latest",
          "mirror.example.com:5000/racer/racer-dataplane"
        })
    @DisplayName(
        "an image that pins no version (no tag, or latest, and no digest): a warning, an error under strict")
    void unpinned(String image) {
      String allowed = "allowedRegistries: mirror.example.com/racer,mirror.example.com:5000/racer";
      Outcome lenient = render(config(allowed), "[" + string("dataplaneImage", image) + "]");
      Outcome strict =
          render(
              config(allowed + "\n  strict: \"true\""),
              "[" + string("dataplaneImage", image) + "]");

      assertThat(lenient.results().hasError()).as("%s", lenient.results()).isFalse();
      assertThat(lenient.results().list())
          .extracting(Result::message)
          .singleElement()
          .asString()
          .startsWith("Application parameter dataplaneImage (ARGOCD_APP_PARAMETERS) renders the")
          .contains("which pins no version");
      assertThat(strict.results().hasError()).isTrue();
      assertUnchanged(strict);
    }

    @Test
    @DisplayName("an image pinned by digest alone, or by tag and digest: no warning")
    void digest() {
      String allowed = "allowedRegistries: mirror.example.com/racer";
      for (String image :
          List.of(
              "mirror.example.com/racer/racer-dataplane@" + DIGEST,
              "mirror.example.com/racer/racer-dataplane:0.19.0@" + DIGEST)) {
        Outcome outcome =
            render(
                config(allowed + "\n  strict: \"true\""),
                "[" + string("dataplaneImage", image) + "]");
        assertThat(outcome.results().list()).as(image).isEmpty();
      }
    }

    @Test
    @DisplayName("imageTag latest over the folder's registry: a warning, an error under strict")
    void latestTag() {
      Outcome strict = render(config("strict: \"true\""), "[" + string("imageTag", "latest") + "]");

      assertThat(strict.results().list())
          .extracting(Result::message)
          .first()
          .asString()
          .startsWith("Application parameter imageTag (ARGOCD_APP_PARAMETERS) renders the");
      assertThat(strict.results().hasError()).isTrue();
    }

    @Test
    @DisplayName("the folder's own images need no allowance: only what a parameter chose is judged")
    void folderImages() {
      Outcome outcome =
          render(
              config(
                  "allowedRegistries: mirror.example.com/racer\n"
                      + "  objectImage: elsewhere.example.com/racer-object:0.19.0"),
              "[" + string("imageRegistry", "mirror.example.com/racer") + "]");

      assertThat(outcome.results().list()).isEmpty();
      assertThat(YamlWriter.manifests(outcome.items()))
          .contains("mirror.example.com/racer/racer-dataplane:0.19.0")
          .contains("elsewhere.example.com/racer-object:0.19.0");
    }
  }

  static Stream<Arguments> allowedImages() {
    return Stream.of(
        Arguments.of("imageRegistry", "mirror.example.com/racer", "mirror.example.com/racer"),
        Arguments.of("imageRegistry", "mirror.example.com/racer/", "mirror.example.com/racer"),
        Arguments.of("imageRegistry", "mirror.example.com/racer/eu", "mirror.example.com/racer"),
        Arguments.of("imageRegistry", "mirror.example.com/racer", "mirror.example.com"),
        Arguments.of(
            "imageRegistry",
            "mirror.example.com:5000/racer",
            "other.example.com, mirror.example.com:5000"),
        Arguments.of(
            "dataplaneImage",
            "mirror.example.com/racer/eu/racer-dataplane:0.19.0",
            "mirror.example.com/racer"),
        Arguments.of(
            "dataplaneImage",
            "mirror.example.com/racer/racer-dataplane:0.19.0",
            "mirror.example.com/racer/racer-dataplane"),
        Arguments.of(
            "objectImage",
            "mirror.example.com/racer/racer-object@" + DIGEST,
            "mirror.example.com/racer"),
        Arguments.of("objectImage", "[::1]:5000/racer/racer-object:0.19.0", "[::1]:5000/racer"));
  }

  /**
   * An allowed prefix that covers one image of {@code imageRegistry=mirror.example.com/racer} and
   * not the other, with a tag that makes the allowed one pinned or not (so a warning comes first,
   * or nothing does).
   */
  static Stream<Arguments> oneImageAllowed() {
    return Stream.of(
            Arguments.of("mirror.example.com/racer/racer-dataplane", "racer-object"),
            Arguments.of("mirror.example.com/racer/racer-object", "racer-dataplane"))
        .flatMap(
            pair ->
                Stream.of("", "latest", "0.19.1")
                    .map(tag -> Arguments.of(pair.get()[0], pair.get()[1], tag)));
  }

  /** Each parameter that chooses an image, wholly or in part, with each kind of blank value. */
  static Stream<Arguments> blankImageParameters() {
    return Stream.of("imageRegistry", "imageTag", "dataplaneImage", "objectImage")
        .flatMap(
            parameter ->
                Stream.of("", " ", "\t", "  \n ").map(blank -> Arguments.of(parameter, blank)));
  }

  static Stream<Arguments> refusedImages() {
    return Stream.of(
        Arguments.of("imageRegistry", "mirror.example.com/racerevil", "mirror.example.com/racer"),
        Arguments.of(
            "imageRegistry", "mirror.example.com.evil.io/racer", "mirror.example.com/racer"),
        Arguments.of("imageRegistry", "mirror.example.com:5000/racer", "mirror.example.com/racer"),
        Arguments.of("imageRegistry", "mirror.example.com", "mirror.example.com/racer"),
        Arguments.of("imageRegistry", "mirror.example.com:5001/racer", "mirror.example.com:5000"),
        Arguments.of("imageRegistry", "evil.example.com/pwn", "mirror.example.com/racer"),
        Arguments.of(
            "dataplaneImage",
            "mirror.example.com/racerevil/racer-dataplane:0.19.0",
            "mirror.example.com/racer"),
        Arguments.of("dataplaneImage", "evil.example.com/pwn", "mirror.example.com/racer"),
        Arguments.of(
            "dataplaneImage",
            "mirror.example.com/racer/racer-dataplane-evil:0.19.0",
            "mirror.example.com/racer/racer-dataplane"),
        Arguments.of(
            "objectImage", "evil.example.com/racer-object@" + DIGEST, "mirror.example.com/racer"),
        Arguments.of("objectImage", "racer/racer-object:0.19.0", "docker.io/racer"),
        // a name without a '/' names no registry: Docker Hub's library/mirror.example.com
        Arguments.of("dataplaneImage", "mirror.example.com:0.19.0", "mirror.example.com"),
        Arguments.of("objectImage", "localhost:5000", "localhost"),
        Arguments.of(
            "objectImage",
            "MIRROR.example.com/racer/racer-object:0.19.0",
            "mirror.example.com/racer"));
  }

  @Nested
  @DisplayName("allowedParameters")
  class Parameters {
    @Test
    @DisplayName(
        "a parameter it lists renders; one it does not is refused, with the list widened as the fix")
    void limits() {
      String config = config("allowedParameters: \"RACER_NVIDIA, imageTag\"");

      assertThat(render(config, "[" + string("RACER_NVIDIA", "cdi") + "]").results().list())
          .isEmpty();
      Outcome refused =
          render(
              config,
              "["
                  + string("RACER_NVIDIA", "cdi")
                  + ",{\"name\":\"settings\",\"map\":{\"RACER_PEER_PORT\":\"9300\"}}]");
      assertThat(refused.results().list())
          .extracting(Result::message)
          .containsExactly(
              "Application parameter settings (ARGOCD_APP_PARAMETERS) is not allowed by this folder:"
                  + " its function config (ConfigMap racer-function) lets Applications set only"
                  + " RACER_NVIDIA, imageTag (data.allowedParameters); to allow it, add it there:"
                  + " allowedParameters: \"RACER_NVIDIA,imageTag,settings\"");
      assertUnchanged(refused);
    }

    @Test
    @DisplayName("settings, when listed, lets the map set any key of the catalog")
    void settingsMap() {
      Outcome outcome =
          render(
              config("allowedParameters: settings"),
              "[{\"name\":\"settings\",\"map\":{\"RACER_PEER_PORT\":\"9300\",\"RACER_NVIDIA\":\"cdi\"}}]");

      assertThat(outcome.results().list()).isEmpty();
    }

    @Test
    @DisplayName("empty: no parameter at all; the folder still renders without parameters")
    void empty() {
      Outcome refused =
          render(config("allowedParameters: \"\""), "[" + string("imageTag", "0.19.1") + "]");
      Outcome none = render(config("allowedParameters: \"\""), "[]");

      assertThat(refused.results().first().message())
          .contains("lets Applications set no parameter")
          .endsWith("allowedParameters: \"imageTag\"");
      assertThat(none.results().list()).isEmpty();
    }

    @Test
    @DisplayName("an image parameter it lists still needs allowedRegistries")
    void bothLimits() {
      Outcome outcome =
          render(
              config("allowedParameters: imageRegistry"),
              "[" + string("imageRegistry", "mirror.example.com/racer") + "]");

      assertThat(outcome.results().first().message()).contains("has no data.allowedRegistries");
    }
  }

  @Nested
  @DisplayName("the lists themselves")
  class Lists {
    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = {
          "allowedParameters: RACER_NVIDIA,LD_PRELOAD",
          "allowedParameters: allowedRegistries",
          "allowedRegistries: https://mirror.example.com",
          "allowedRegistries: mirror.example.com/racer:0.19.0",
          "allowedRegistries: mirror.example.com/racer@"
              + "sha256:0123456789abcdef0123456789abcdef",
          "allowedRegistries: Mirror Example"
        })
    @DisplayName(
        "an entry that names no parameter or no registry: an error at the field, even without parameters")
    void badEntry(String line) {
      Outcome outcome = render(config(line), null);

      Result error = outcome.results().first();
      assertThat(error.severity()).isEqualTo(Severity.ERROR);
      assertThat(error.resource().name()).isEqualTo("racer-function");
      assertThat(error.fieldPath()).isEqualTo("data." + line.substring(0, line.indexOf(':')));
      assertUnchanged(outcome);
    }

    @Test
    @DisplayName("a near miss gets the nearest parameter's name")
    void nearMiss() {
      assertThat(
              render(config("allowedParameters: imageRegistery"), null).results().first().message())
          .endsWith("did you mean imageRegistry?");
    }

    @Test
    @DisplayName("an Application cannot set them: they are no parameters")
    void notParameters() {
      ReadOutcome<ApplicationParameters> read =
          ParametersJson.read("[" + string("allowedRegistries", "evil.example.com") + "]");

      assertThat(read.ok()).isFalse();
      assertThat(read.results().first().message())
          .startsWith("Application parameter allowedRegistries (ARGOCD_APP_PARAMETERS) is unknown");
    }
  }

  /** A function config with the folder's registry and these extra lines of data. */
  private static String config(String lines) {
    return """
        apiVersion: v1
        kind: ConfigMap
        metadata: {name: racer-function}
        data:
          imageRegistry: registry.example.com/racer
        """
        + (lines.isEmpty() ? "" : "  " + lines + "\n");
  }

  private static String string(String name, String value) {
    return "{\"name\":\"" + name + "\",\"string\":\"" + value + "\"}";
  }

  private static List<MappingNode> items;

  private static Outcome render(String functionConfig, String parameters) {
    items = ManifestNodes.of(SETTINGS);
    ReadOutcome<ApplicationParameters> read = ParametersJson.read(parameters);
    assertThat(read.ok()).as("%s", read.results()).isTrue();
    return Renderer.render(items, ManifestNodes.one(functionConfig), read.value());
  }

  /** The items came back as they were given: racer-settings alone, untouched. */
  private static void assertUnchanged(Outcome outcome) {
    assertThat(YamlWriter.manifests(outcome.items()))
        .isEqualTo(YamlWriter.manifests(ManifestNodes.of(SETTINGS)));
  }
}
