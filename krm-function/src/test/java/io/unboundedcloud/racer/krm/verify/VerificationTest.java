package io.unboundedcloud.racer.krm.verify;

import static io.unboundedcloud.racer.krm.render.RenderFixtures.FUNCTION_CONFIG;
import static io.unboundedcloud.racer.krm.render.RenderFixtures.ORIGIN;
import static io.unboundedcloud.racer.krm.render.RenderFixtures.SETTINGS;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.render.Renderer;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import io.unboundedcloud.racer.workload.settings.SettingsRecord;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * verify's contract on streams made by the renderer, then changed as a later kustomize step would
 * change them. The composition suite (e2e) builds the same cases with kubectl kustomize.
 */
@DisplayName("Verification: a rendered stream against what the function renders from it")
class VerificationTest {

  /** The function's output for the settings and the origin, as a build prints it. */
  private static String rendered() {
    return YamlWriter.manifests(
        Renderer.render(ManifestNodes.of(SETTINGS + "---\n" + ORIGIN), FUNCTION_CONFIG).items());
  }

  /** The function's output for the settings and the origin under this function config's data. */
  private static String renderedWith(String functionConfigData) {
    return YamlWriter.manifests(
        Renderer.render(
                ManifestNodes.of(SETTINGS + "---\n" + ORIGIN),
                ManifestNodes.one(
                    "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: racer-function}\ndata: "
                        + functionConfigData
                        + "\n"))
            .items());
  }

  private static Results verify(String stream) {
    return Verification.verify(ManifestNodes.of(stream));
  }

  /** The stream with {@code from} replaced once, which must be there. */
  private static String changed(String stream, String from, String to) {
    assertThat(stream).contains(from);
    return stream.replaceFirst(Pattern.quote(from), Matcher.quoteReplacement(to));
  }

  private static final String OBJECT_IMAGE_VALUE =
      "spec.template.spec.containers[name=dataplane].env[name=RACER_OBJECT_IMAGE].value";

  /**
   * The stream has one drift, at this field, its message saying each of these (beside it, what the
   * function warns about the images it renders from, as {@code VerifyWarningsTest} holds).
   */
  private static void assertOneDrift(String stream, String field, String... said) {
    assertThat(verify(stream).stream().filter(result -> result.severity() == Severity.ERROR))
        .singleElement()
        .satisfies(
            drift -> {
              assertThat(drift.fieldPath()).isEqualTo(field);
              assertThat(drift.message()).contains(said);
            });
  }

  private static List<String> fields(Results results) {
    return results.stream().map(Result::fieldPath).toList();
  }

  @Nested
  @DisplayName("a consistent stream")
  class Consistent {
    @Test
    @DisplayName("the function's own output: nothing to say")
    void ownOutput() {
      assertThat(verify(rendered())).isEmpty();
    }

    @Test
    @DisplayName(
        "renamed by a build (a prefix on the DaemonSet, a generator's hash suffix on the settings, both in envFrom): nothing")
    void renamed() {
      String stream =
          rendered()
              .replace("name: racer-settings", "name: racer-settings-5f7hk2m9tc")
              .replace(
                  "  name: racer\n  namespace: racer\nspec:",
                  "  name: prod-racer\n  namespace: racer\nspec:");

      assertThat(stream).contains("prod-racer").contains("racer-settings-5f7hk2m9tc");
      assertThat(verify(stream)).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
        strings = {
          "{dataplaneImage: registry-a.example.com:5000/team/racer-dataplane:0.19.0,"
              + " objectImage: mirror-b.example.org/obj/racer-object:0.19.0}",
          "{dataplaneImage: registry-a.example.com/team/racer-dataplane:0.19.1,"
              + " imageRegistry: mirror-b.example.org/obj, imageTag: 0.19.0}"
        })
    @DisplayName(
        "images set apart (dataplaneImage and objectImage under other registries, with a port and a path; dataplaneImage with imageRegistry): nothing")
    void imagesSetApart(String functionConfigData) {
      String stream = renderedWith(functionConfigData);

      assertThat(stream).contains("mirror-b.example.org/obj/racer-object:0.19.0");
      assertThat(verify(stream)).isEmpty();
    }

    @Test
    @DisplayName("a user's patch of a field the function leaves to them (resources): nothing")
    void usersField() {
      String stream = changed(rendered(), "memory: 1Gi", "memory: 64Gi");

      assertThat(verify(stream)).isEmpty();
    }
  }

  @Nested
  @DisplayName("a stream changed after the function ran: one error per field, exit 1")
  class Drifted {
    @Test
    @DisplayName(
        "settings changed (a later patch or configMapGenerator merge): the settings-hash, the listen address and the port, each with both values and the cause")
    void settings() {
      Results results =
          verify(
              changed(
                  rendered(),
                  "RACER_NVIDIA: \"off\"",
                  "RACER_NVIDIA: \"off\", RACER_PEER_PORT: \"9100\""));

      assertThat(results.exitCode()).isEqualTo(1);
      assertThat(fields(results))
          .startsWith("data.RACER_PEER_PORT")
          .contains(
              "spec.template.metadata.annotations[\"racer.unbounded-cloud.io/settings-hash\"]",
              "spec.template.spec.containers[name=dataplane].env[name=RACER_PEER_LISTEN].value",
              "spec.template.spec.containers[name=dataplane].ports[name=peer].containerPort");
      Result hash =
          results.stream()
              .filter(r -> r.fieldPath().contains("settings-hash"))
              .findFirst()
              .orElseThrow();
      assertThat(hash.severity()).isEqualTo(Severity.ERROR);
      assertThat(hash.resource().name()).isEqualTo("racer");
      assertThat(hash.message())
          .startsWith("drift: spec.template.metadata.annotations")
          .contains("racer-settings changed after the function ran")
          .contains("list the function in the transformers:");
      Result listen =
          results.stream()
              .filter(r -> r.fieldPath().contains("RACER_PEER_LISTEN"))
              .findFirst()
              .orElseThrow();
      assertThat(listen.message())
          .contains(
              "is \"[$(RACER_POD_IP)]:8082\", the function renders \"[$(RACER_POD_IP)]:9100\"");
    }

    @Test
    @DisplayName("NVIDIA mode changed to cdi: the CDI request and the NVIDIA env named")
    void nvidia() {
      Results results = verify(changed(rendered(), "RACER_NVIDIA: \"off\"", "RACER_NVIDIA: cdi"));

      assertThat(fields(results))
          .contains(
              "spec.template.metadata.annotations[\"cdi.k8s.io/racer\"]",
              "spec.template.spec.containers[name=dataplane].env[name=NVIDIA_VISIBLE_DEVICES]");
    }

    @Test
    @DisplayName(
        "the dataplane's placement patched after the function ran: the cache origin's placement named")
    void placement() {
      String stream =
          changed(
              rendered(),
              "      serviceAccountName: racer\n",
              "      serviceAccountName: racer\n      tolerations: [{key: gpu, operator: Exists}]\n");

      Results results = verify(stream);

      assertThat(results)
          .singleElement()
          .satisfies(
              drift -> {
                assertThat(drift.resource().name()).isEqualTo("models-origin");
                assertThat(drift.fieldPath()).isEqualTo("spec.template.spec.tolerations");
                assertThat(drift.message()).contains("placement changed after the function ran");
              });
    }

    @Test
    @DisplayName(
        "kustomize's images: after the function: the dataplane image named with both values, against the recorded one")
    void images() {
      String stream =
          changed(
              rendered(),
              " image: registry.example.com/racer/racer-dataplane:0.19.0",
              " image: registry.example.com/racer/racer-dataplane:0.20.0");

      assertOneDrift(
          stream,
          "spec.template.spec.containers[name=dataplane].image",
          "is \"registry.example.com/racer/racer-dataplane:0.20.0\", the function"
              + " renders \"registry.example.com/racer/racer-dataplane:0.19.0\"",
          "racer.unbounded-cloud.io/dataplane-image records",
          "kustomize's images:");
    }

    @Test
    @DisplayName(
        "RACER_OBJECT_IMAGE replaced after the function: named with both values, against the recorded one")
    void objectImage() {
      String stream =
          changed(
              rendered(),
              "value: registry.example.com/racer/racer-object:0.19.0",
              "value: registry.example.com/racer/racer-object:0.20.0");

      assertOneDrift(stream, OBJECT_IMAGE_VALUE, "racer.unbounded-cloud.io/object-image records");
    }

    @Test
    @DisplayName(
        "the record of the images changed after the function: RACER_OBJECT_IMAGE named, rendered from the record")
    void record() {
      String stream =
          changed(
              rendered(),
              "racer.unbounded-cloud.io/object-image: registry.example.com/racer/racer-object:0.19.0",
              "racer.unbounded-cloud.io/object-image: registry.example.com/racer/racer-object:0.20.0");

      assertOneDrift(
          stream,
          OBJECT_IMAGE_VALUE,
          "is \"registry.example.com/racer/racer-object:0.19.0\", the function renders"
              + " \"registry.example.com/racer/racer-object:0.20.0\"");
    }

    @Test
    @DisplayName(
        "a stream with no record (an older racer-krm's), kustomize's images: after it: the missing record and the pair not of one release")
    void noRecord() {
      String stream =
          changed(
              changed(
                  rendered(),
                  "    racer.unbounded-cloud.io/dataplane-image: registry.example.com/racer/racer-dataplane:0.19.0\n"
                      + "    racer.unbounded-cloud.io/object-image: registry.example.com/racer/racer-object:0.19.0\n"
                      + "    racer.unbounded-cloud.io/settings: |\n"
                      + "      RACER_NVIDIA=off\n",
                  ""),
              " image: registry.example.com/racer/racer-dataplane:0.19.0",
              " image: registry.example.com/racer/racer-dataplane:0.20.0");

      Results results = verify(stream);

      assertThat(fields(results))
          .containsExactly(
              "metadata.annotations", "spec.template.spec.containers[name=dataplane].image");
      assertThat(results.first().message()).contains("racer-krm or chart that recorded none");
      assertThat(results.stream().skip(1).findFirst().orElseThrow().message())
          .contains("RACER_OBJECT_IMAGE is registry.example.com/racer/racer-object:0.19.0")
          .contains("kustomize's images:");
    }

    @Test
    @DisplayName(
        "images under other repository names, the dataplane image replaced after the function: the image named with both values")
    void imagesUnderOtherNames() {
      String stream =
          changed(
              renderedWith(
                  "{dataplaneImage: registry-a.example.com/team/dataplane:1.0,"
                      + " objectImage: mirror-b.example.org/obj/object:1.0}"),
              " image: registry-a.example.com/team/dataplane:1.0",
              " image: registry-a.example.com/team/dataplane:2.0");

      assertOneDrift(
          stream,
          "spec.template.spec.containers[name=dataplane].image",
          "is \"registry-a.example.com/team/dataplane:2.0\", the function renders"
              + " \"registry-a.example.com/team/dataplane:1.0\"");
    }

    @Test
    @DisplayName("a field the function owns patched after it ran (privileged): named as owned")
    void ownedField() {
      Results results = verify(changed(rendered(), "privileged: true", "privileged: false"));

      assertThat(results)
          .singleElement()
          .satisfies(
              drift ->
                  assertThat(drift.message())
                      .contains("is false, the function renders true")
                      .contains("the function owns this field"));
    }
  }

  @Nested
  @DisplayName(
      "settings changed after the function ran: each key that differs named with both values, before the fields it explains")
  class SettingsKeys {
    /** The field paths of the results on racer-settings, which all come first. */
    private List<Result> keyLines(Results results) {
      List<Result> all = results.stream().toList();
      List<Result> keys = all.stream().takeWhile(r -> r.fieldPath().startsWith("data.")).toList();
      assertThat(all.subList(keys.size(), all.size()))
          .as("the lines after the keys are the DaemonSet's fields")
          .allMatch(r -> !r.fieldPath().startsWith("data."));
      return keys;
    }

    @Test
    @DisplayName("a value changed: the key, what it is, what the function rendered with")
    void changed() {
      Results results =
          verify(
              VerificationTest.changed(
                  rendered(), "RACER_NVIDIA: \"off\"", "RACER_NVIDIA: \"cdi\""));

      assertThat(keyLines(results))
          .singleElement()
          .satisfies(
              key -> {
                assertThat(key.severity()).isEqualTo(Severity.ERROR);
                assertThat(key.resource().kind()).isEqualTo("ConfigMap");
                assertThat(key.resource().name()).isEqualTo("racer-settings");
                assertThat(key.fieldPath()).isEqualTo("data.RACER_NVIDIA");
                assertThat(key.currentValue()).isEqualTo("\"cdi\"");
                assertThat(key.message())
                    .startsWith(
                        "drift: data.RACER_NVIDIA of ConfigMap racer/racer-settings is \"cdi\","
                            + " the function rendered with \"off\"")
                    .contains("racer.unbounded-cloud.io/settings")
                    .contains("list the function in the transformers:");
              });
      assertThat(fields(results))
          .contains("spec.template.metadata.annotations[\"cdi.k8s.io/racer\"]");
    }

    @Test
    @DisplayName("a key removed: absent now, and the value the function rendered with")
    void removed() {
      Results results =
          verify(VerificationTest.changed(rendered(), "data: {RACER_NVIDIA: \"off\"}", "data: {}"));

      assertThat(keyLines(results))
          .singleElement()
          .satisfies(
              key ->
                  assertThat(key.message())
                      .startsWith(
                          "drift: data.RACER_NVIDIA of ConfigMap racer/racer-settings is absent,"
                              + " the function rendered with \"off\""));
    }

    @Test
    @DisplayName(
        "a large value changed: the key, the value now, and the old one by the digest recorded")
    void largeValue() {
      String big = "b".repeat(300);
      String stream =
          YamlWriter.manifests(
              Renderer.render(
                      ManifestNodes.of(
                          SETTINGS.replace(
                              "{RACER_NVIDIA: \"off\"}",
                              "{RACER_NVIDIA: \"off\", team-notes: \"" + big + "\"}")),
                      FUNCTION_CONFIG)
                  .items());
      assertThat(stream).contains("team-notes sha256:");

      Results results = verify(VerificationTest.changed(stream, big, "short now"));

      assertThat(keyLines(results))
          .singleElement()
          .satisfies(
              key ->
                  assertThat(key.message())
                      .contains(
                          "data.team-notes of ConfigMap racer/racer-settings is \"short now\"")
                      .contains(
                          "the function rendered with a value recorded by its digest sha256:"
                              + SettingsRecord.digest(big)));
    }

    @Test
    @DisplayName(
        "no record on the DaemonSet (an older racer-krm's): no key named, the fields still")
    void noRecord() {
      String stream =
          VerificationTest.changed(
              VerificationTest.changed(
                  rendered(),
                  "    racer.unbounded-cloud.io/settings: |\n      RACER_NVIDIA=off\n",
                  ""),
              "RACER_NVIDIA: \"off\"",
              "RACER_NVIDIA: \"off\", RACER_PEER_PORT: \"9100\"");

      Results results = verify(stream);

      assertThat(keyLines(results)).isEmpty();
      assertThat(fields(results))
          .startsWith("metadata.annotations[\"racer.unbounded-cloud.io/settings\"]")
          .contains("spec.template.spec.containers[name=dataplane].ports[name=peer].containerPort");
    }
  }

  @Nested
  @DisplayName(
      "images the function would refuse: its refusal, on the DaemonSet, at the field that holds the image")
  class ImagesRefused {
    private static final String RECORDED_DATAPLANE =
        "racer.unbounded-cloud.io/dataplane-image: registry.example.com/racer/racer-dataplane:0.19.0";

    /** The one refusal of the images in the rendered stream with {@code from} replaced. */
    private Result refusalAfter(String from, String to) {
      return refusal(verify(changed(rendered(), from, to)));
    }

    /** The one refusal of the images, which verify renders again from. */
    private Result refusal(Results results) {
      List<Result> refusals =
          results.stream()
              .filter(r -> r.message().startsWith("the function would refuse the images "))
              .toList();
      assertThat(refusals).hasSize(1);
      return refusals.get(0);
    }

    @Test
    @DisplayName(
        "a recorded image with a scheme: the DaemonSet's record named, not racer-settings, with the image to set")
    void recordedWithScheme() {
      Result refusal =
          refusalAfter(
              RECORDED_DATAPLANE,
              "racer.unbounded-cloud.io/dataplane-image:"
                  + " https://registry.example.com/racer/racer-dataplane:0.19.0");

      assertThat(refusal.severity()).isEqualTo(Severity.ERROR);
      assertThat(refusal.resource().kind()).isEqualTo("DaemonSet");
      assertThat(refusal.resource().name()).isEqualTo("racer");
      assertThat(refusal.fieldPath())
          .isEqualTo("metadata.annotations[\"racer.unbounded-cloud.io/dataplane-image\"]");
      assertThat(refusal.message())
          .contains(
              "recorded on the DaemonSet (annotations racer.unbounded-cloud.io/dataplane-image")
          .contains("starts with https://");
      assertThat(refusal.proposedValue())
          .isEqualTo("registry.example.com/racer/racer-dataplane:0.19.0");
    }

    @Test
    @DisplayName("a recorded object image left empty: the object-image record named")
    void recordedObjectEmpty() {
      Result refusal =
          refusalAfter(
              "racer.unbounded-cloud.io/object-image: registry.example.com/racer/racer-object:0.19.0",
              "racer.unbounded-cloud.io/object-image: \"\"");

      assertThat(refusal.resource().name()).isEqualTo("racer");
      assertThat(refusal.fieldPath())
          .isEqualTo("metadata.annotations[\"racer.unbounded-cloud.io/object-image\"]");
      assertThat(refusal.message()).contains("no racer-object image");
    }

    @Test
    @DisplayName("a recorded dataplane image left empty: the dataplane-image record named")
    void recordedDataplaneEmpty() {
      Result refusal =
          refusalAfter(RECORDED_DATAPLANE, "racer.unbounded-cloud.io/dataplane-image: \"\"");

      assertThat(refusal.fieldPath())
          .isEqualTo("metadata.annotations[\"racer.unbounded-cloud.io/dataplane-image\"]");
      assertThat(refusal.message()).contains("no dataplane image");
    }

    @Test
    @DisplayName(
        "no record, the running object image with a scheme: the images the DaemonSet runs, RACER_OBJECT_IMAGE named")
    void runningWithScheme() {
      String noRecord =
          changed(
              rendered(),
              "    "
                  + RECORDED_DATAPLANE
                  + "\n    racer.unbounded-cloud.io/object-image: registry.example.com/racer/racer-object:0.19.0\n",
              "");
      Result refusal =
          refusal(
              verify(
                  changed(
                      noRecord,
                      "value: registry.example.com/racer/racer-object:0.19.0",
                      "value: https://registry.example.com/racer/racer-object:0.19.0")));

      assertThat(refusal.resource().name()).isEqualTo("racer");
      assertThat(refusal.fieldPath()).isEqualTo(OBJECT_IMAGE_VALUE);
      assertThat(refusal.message())
          .startsWith("the function would refuse the images the DaemonSet runs, ")
          .contains("starts with https://");
    }
  }

  @Nested
  @DisplayName("nothing to verify: one error saying why")
  class NothingToVerify {
    @Test
    @DisplayName("no dataplane DaemonSet in the stream")
    void noDataplane() {
      assertThat(verify(SETTINGS))
          .singleElement()
          .satisfies(
              error ->
                  assertThat(error.message())
                      .startsWith("no dataplane DaemonSet among the 1 objects"));
    }

    @Test
    @DisplayName("the settings ConfigMap envFrom names is not in the stream")
    void noSettings() {
      String stream = rendered().replace("name: racer-settings", "name: other-settings");

      assertThat(
              verify(
                  stream.replace(
                      "        - configMapRef:\n            name: other-settings",
                      "        - configMapRef:\n            name: racer-settings")))
          .singleElement()
          .satisfies(
              error ->
                  assertThat(error.message())
                      .contains(
                          "reads its settings from ConfigMap racer-settings, which is not among the objects"));
    }

    @Test
    @DisplayName(
        "settings the function would refuse: the key changed after it, then its error, named as such")
    void refused() {
      Results results =
          verify(
              changed(
                  rendered(),
                  "RACER_NVIDIA: \"off\"",
                  "RACER_NVIDIA: \"off\", RACER_PEER_PORT: \"80\""));

      // the key added after the function first, then the function's refusal of it
      assertThat(results.first().message())
          .startsWith("drift: data.RACER_PEER_PORT of ConfigMap racer/racer-settings is \"80\"");
      Result refusal = results.stream().skip(1).findFirst().orElseThrow();
      assertThat(refusal.message()).startsWith("the function would refuse this installation: ");
      assertThat(refusal.fieldPath()).isEqualTo("data.RACER_PEER_PORT");
      assertThat(refusal.resource().name()).isEqualTo("racer-settings");
    }
  }
}
