package io.unboundedcloud.racer.chart;

import static io.unboundedcloud.racer.krm.harness.ResourceLists.FUNCTION_CONFIG;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.NAMESPACE;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.existingDataplaneEntry;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.resourceList;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.settingsEntry;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.chart.support.ChartUnderTest;
import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.chart.support.Installation;
import io.unboundedcloud.racer.chart.support.Parity;
import io.unboundedcloud.racer.chart.support.SchemaPlaces;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.workload.settings.Choice;
import io.unboundedcloud.racer.workload.settings.ChoiceOrRange;
import io.unboundedcloud.racer.workload.settings.IntegerRange;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

@Tag("slow")
@DisplayName("Invalid values fail helm template where the KRM function fails, naming the same key")
@ParameterizedClass(name = "under {0}")
@MethodSource("io.unboundedcloud.racer.chart.support.HelmRun#each")
class InvalidValuesTest {
  @Parameter HelmRun helm;

  @BeforeEach
  void needsThisHelm() {
    helm.assumeAvailable(InvalidValuesTest.class);
  }

  /**
   * Bad values for every catalog key, made from its rule; obsolete keys; cross-key and
   * listener-port rules.
   */
  static Stream<Arguments> badSettings() {
    List<Arguments> cases = new ArrayList<>();
    for (SettingKey key : SettingsCatalog.keys()) {
      for (String bad : badValues(key)) {
        cases.add(Arguments.of(key.name() + " = \"" + bad + "\"", Map.of(key.name(), bad)));
      }
    }
    SettingsCatalog.obsoleteKeys()
        .keySet()
        .forEach(
            key -> {
              cases.add(Arguments.of("obsolete " + key + " empty", Map.of(key, "")));
              cases.add(Arguments.of("obsolete " + key + " set", Map.of(key, "4")));
            });
    cases.add(Arguments.of("slab bytes below one segment", Map.of("RACER_SLAB_BYTES", "100")));
    cases.add(
        Arguments.of(
            "slab bytes not a multiple of the segment",
            Map.of("RACER_SLAB_BYTES", "1000000000", "RACER_FREE_SEGMENT_RESERVE", "1")));
    cases.add(
        Arguments.of(
            "free segment reserve as large as the slab",
            Map.of("RACER_FREE_SEGMENT_RESERVE", "16")));
    cases.add(
        Arguments.of(
            "origin connections above client connections",
            Map.of("RACER_ORIGIN_CONNECTIONS_PER_CACHE", "200")));
    cases.add(
        Arguments.of(
            "reader stall beyond an explicit request timeout",
            Map.of("RACER_READER_STALL_TIMEOUT_MS", "20000", "RACER_REQUEST_TIMEOUT_MS", "10000")));
    cases.add(Arguments.of("peer port on the control port", Map.of("RACER_PEER_PORT", "8443")));
    cases.add(Arguments.of("peer port on the webhook port", Map.of("RACER_PEER_PORT", "9443")));
    cases.add(
        Arguments.of(
            "diagnostics port on the control port", Map.of("RACER_DIAGNOSTICS_PORT", "8443")));
    cases.add(
        Arguments.of(
            "diagnostics port on the webhook port", Map.of("RACER_DIAGNOSTICS_PORT", "9443")));
    cases.add(
        Arguments.of(
            "diagnostics port on the default peer port", Map.of("RACER_DIAGNOSTICS_PORT", "8082")));
    cases.add(
        Arguments.of(
            "diagnostics port on an explicit peer port",
            Map.of("RACER_PEER_PORT", "9091", "RACER_DIAGNOSTICS_PORT", "9091")));
    cases.add(
        Arguments.of(
            "peer and diagnostics both 9090",
            Map.of("RACER_PEER_PORT", "9090", "RACER_DIAGNOSTICS_PORT", "9090")));
    return cases.stream();
  }

  static Stream<Arguments> notStrings() {
    return Stream.of(
        Arguments.of("RACER_PEER_PORT", 9090),
        Arguments.of("RACER_REQUEST_TIMEOUT_MS", 1.5),
        Arguments.of("RACER_HOST_NETWORK", true),
        Arguments.of("RACER_NOT_IN_THE_CATALOG", 7));
  }

  private static List<String> badValues(SettingKey key) {
    List<String> bad = new ArrayList<>(List.of("", "abc", "1Gi", "-5", " 7"));
    if (key.rule() instanceof IntegerRange range) {
      bad.add("0" + Math.max(range.min(), 1));
      if (range.min() > 0) {
        bad.add(Long.toString(range.min() - 1));
      }
      bad.add(
          range.max() == Long.MAX_VALUE
              ? BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE).toString()
              : Long.toString(range.max() + 1));
    } else if (key.rule() instanceof Choice choice) {
      String first = choice.values().get(0);
      bad.add(first.toUpperCase());
      bad.add(first + " ");
    } else if (key.rule() instanceof ChoiceOrRange choiceOrRange) {
      bad.add(Long.toString(choiceOrRange.min() - 1));
      bad.add(Long.toString(choiceOrRange.max() + 1));
      bad.add(choiceOrRange.values().get(0).toUpperCase());
    }
    bad.removeIf(value -> key.rule().accepts(value));
    return bad;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badSettings")
  @DisplayName("a bad racer-settings value")
  void badSetting(String name, Map<String, String> settings) {
    Parity.refusal(helm, settings, name);
  }

  @Nested
  @DisplayName("images and namespace")
  class ImagesAndNamespace {
    @Test
    @DisplayName("no image at all: both ask for the registry")
    void noImage() {
      Installation none = Installation.of("racer").withImages(Map.of());
      assertThat(helmError(none)).contains("images.registry: no dataplane image");
      KrmRun function = KrmRun.function(none.functionItems(), none.functionConfig());
      assertThat(function.exitCode()).isEqualTo(1);
      assertThat(function.output().errorFields()).contains("data.imageRegistry");
    }

    @Test
    @DisplayName("an invalid full dataplane image: both name it")
    void invalidDataplaneImage() {
      Installation bad =
          Installation.of("racer")
              .withImages(
                  Map.of(
                      "dataplane",
                      "Registry/UPPER/racer:1",
                      "object",
                      "registry.example.com/racer-object:1"));
      KrmRun function = KrmRun.function(bad.functionItems(), bad.functionConfig());
      assertThat(function.exitCode()).isEqualTo(1);
      assertThat(function.output().errorFields()).contains("data.dataplaneImage");
      assertThat(helmError(bad))
          .contains("images.dataplane: " + function.output().errorMessages().get(0));
    }

    @Test
    @DisplayName("a registry that makes invalid images: both name the registry")
    void invalidRegistry() {
      Installation bad =
          Installation.of("racer").withImages(Map.of("registry", "registry.example.com/UPPER"));
      KrmRun function = KrmRun.function(bad.functionItems(), bad.functionConfig());
      assertThat(function.exitCode()).isEqualTo(1);
      assertThat(function.output().errorFields()).contains("data.imageRegistry");
      assertThat(helmError(bad))
          .contains("images.registry: " + function.output().errorMessages().get(0));
    }

    @Test
    @DisplayName(
        "a registry image name longer than 255 characters: both refuse it, with the same message")
    void longImageName() {
      Installation bad =
          Installation.of("racer")
              .withImages(Map.of("registry", "r.example.com/" + "a".repeat(240)));
      KrmRun function = KrmRun.function(bad.functionItems(), bad.functionConfig());
      assertThat(function.exitCode()).isEqualTo(1);
      assertThat(helmError(bad))
          .contains("images.registry: " + function.output().errorMessages().get(0));
    }
  }

  @Nested
  @DisplayName("values the function has no twin for")
  class ChartOnly {
    /**
     * The function refuses the same unquoted values in racer-settings (UnquotedDataBadInputTest),
     * with the message NewcomerMessagesTest compares. A null is the one difference: Helm drops a
     * key whose value is null (its way to unset a default), so the chart renders without it.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.chart.InvalidValuesTest#notStrings")
    @DisplayName(
        "a number or a boolean where a settings string belongs fails, naming the key: use --set-string")
    void notAStringSetting(String key, Object value) {
      assertThat(settingError(key, value))
          .contains("settings." + key + " is a ")
          .contains("--set-string settings." + key + "=");
    }

    @Test
    @DisplayName("a list or a map where a settings string belongs fails the schema, naming the key")
    void notAScalarSetting() {
      for (Object value : List.of(List.of("9090"), Map.of("port", "9090"))) {
        assertThat(settingError("RACER_PEER_PORT", value))
            .as("%s", value)
            .contains("/settings/RACER_PEER_PORT");
      }
    }

    /** Helm's message for settings holding {@code key: value}, with images from a registry. */
    private String settingError(String key, Object value) {
      return helmError(
          Map.of("images", Map.of("registry", "r.example.com"), "settings", Map.of(key, value)));
    }

    @Test
    @DisplayName("an unknown top-level value fails the schema")
    void unknownValue() {
      assertThat(
              helmError(Map.of("images", Map.of("registry", "r.example.com"), "peerPort", "9090")))
          .contains("peerPort");
    }

    @Test
    @DisplayName("a cache origin without a volume fails the schema")
    void originWithoutVolume() {
      assertThat(
              helmError(
                  Map.of(
                      "images",
                      Map.of("registry", "r.example.com"),
                      "cacheOrigins",
                      List.of(Map.of("name", "o", "image", "r.example.com/o:1")))))
          .contains("/cacheOrigins/0")
          .contains("volume");
    }

    @Test
    @DisplayName("a cache origin named racer in the release namespace would replace the dataplane")
    void originNamedRacer() {
      assertThat(
              helmError(
                  Map.of(
                      "images",
                      Map.of("registry", "r.example.com"),
                      "cacheOrigins",
                      List.of(
                          Map.of(
                              "name", "racer", "volume", "models", "image", "r.example.com/o:1")))))
          .contains("cacheOrigins[0].name");
    }

    @Test
    @DisplayName("two cache origins with one name in one namespace")
    void duplicateOrigins() {
      Map<String, Object> origin =
          Map.of("name", "o", "volume", "models", "image", "r.example.com/o:1");
      assertThat(
              helmError(
                  Map.of(
                      "images",
                      Map.of("registry", "r.example.com"),
                      "cacheOrigins",
                      List.of(origin, origin))))
          .contains("cacheOrigins[1].name");
    }
  }

  /**
   * Where the chart takes Kubernetes quantities: every value whose schema is a {@code
   * ResourceRequirements}, found in values.schema.json, with values that put {@code quantity} under
   * {@code part} (limits or requests) for memory there.
   */
  static Map<String, BiFunction<String, String, Map<String, Object>>> quantityPlaces() {
    return Map.of(
        "resources",
        (part, quantity) -> Map.of("resources", Map.of(part, Map.of("memory", quantity))),
        "cacheOrigins[0].resources",
        (part, quantity) ->
            Map.of(
                "cacheOrigins",
                List.of(
                    Map.of(
                        "name",
                        "o",
                        "volume",
                        "models",
                        "image",
                        "r.example.com/o:1",
                        "resources",
                        Map.of(part, Map.of("memory", quantity))))));
  }

  /**
   * Strings that are no quantity, made from good ones ({@code 512Mi}, {@code 0.5}, {@code 100m},
   * {@code 2e3}) by the slips a user makes: a byte unit, a lowercase suffix, a space, a sign, a
   * word.
   */
  static List<String> badQuantities() {
    List<String> bad = new ArrayList<>(List.of("", "lots", "Mi", "1.2.3"));
    for (String good : List.of("512Mi", "0.5", "100m", "2e3")) {
      bad.add(good + "B");
      bad.add(good.toLowerCase().equals(good) ? good + "i" : good.toLowerCase());
      bad.add(good.charAt(0) + " " + good.substring(1));
      bad.add("-" + good);
    }
    return bad;
  }

  static Stream<Arguments> quantityCases() {
    List<Arguments> cases = new ArrayList<>();
    quantityPlaces().keySet().stream()
        .sorted()
        .forEach(
            place -> {
              for (String part : List.of("limits", "requests")) {
                for (String quantity : badQuantities()) {
                  cases.add(
                      Arguments.of(
                          place + "." + part + ".memory = \"" + quantity + "\"",
                          place,
                          part,
                          quantity));
                }
              }
            });
    return cases.stream();
  }

  @Nested
  @DisplayName("quantities")
  class Quantities {
    @Test
    @DisplayName("the places that take quantities are every ResourceRequirements of the schema")
    void everyPlace() throws Exception {
      Map<String, Object> schema =
          new ObjectMapper()
              .readValue(
                  ChartUnderTest.directory().resolve("values.schema.json").toFile(),
                  new TypeReference<>() {});
      assertThat(SchemaPlaces.of(schema, "#/definitions/resourceRequirements"))
          .containsExactlyInAnyOrderElementsOf(quantityPlaces().keySet());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.chart.InvalidValuesTest#quantityCases")
    @DisplayName(
        "a string that is no quantity fails with the function's words: the value key, the value and"
            + " an example, no pattern")
    void notAQuantity(String name, String place, String part, String quantity) {
      String key = place + "." + part + ".memory";
      String helmMessage =
          helm.failureWithImages(quantityPlaces().get(place).apply(part, quantity));
      assertThat(helmMessage)
          .contains(
              key
                  + ": expected a quantity such as 100Mi or 0.5, found the string \""
                  + quantity
                  + "\"")
          .doesNotContain("pattern");

      // the function reads a container's resources in an existing DaemonSet: where it refuses the
      // same string, it says the same words at the same field
      String field = "spec.template.spec.containers[0].resources." + part + ".memory";
      KrmRun function = KrmRun.function(existingDataplaneWith(part, quantity));
      if (function.exitCode() != 0) {
        String problem = helmMessage.substring(helmMessage.indexOf(key + ": ") + key.length() + 2);
        assertThat(function.output().errorMessages())
            .as(function.describe())
            .anyMatch(m -> m.contains(field + ": " + problem.lines().findFirst().orElseThrow()));
      }
    }

    /** A ResourceList whose existing dataplane DaemonSet holds {@code quantity} for memory. */
    static String existingDataplaneWith(String part, String quantity) {
      return resourceList(
          List.of(
              settingsEntry(NAMESPACE, Map.of()),
              existingDataplaneEntry(
                  "template:\n  spec:\n    containers:\n    - name: dataplane\n"
                      + "      resources:\n        "
                      + part
                      + ":\n          memory: \""
                      + quantity
                      + "\"\n")),
          FUNCTION_CONFIG);
    }
  }

  @Nested
  @DisplayName("corrections: a unit written the usual way gets the value it meant, on both paths")
  class Corrections {
    @ParameterizedTest(name = "memory {0} -> {1}")
    @CsvSource(
        delimiter = '|',
        textBlock =
            """
            512MB   | 512M or 512Mi
            1.5GB   | 1.5G or 1.5Gi
            512MiB  | 512Mi
            4g      | 4G or 4Gi
            100B    | 100
            """)
    @DisplayName("a quantity: the chart and the function offer the same quantities")
    void quantity(String quantity, String meant) {
      String said = "; did you mean " + meant + "?";
      String helmMessage =
          helm.failureWithImages(quantityPlaces().get("resources").apply("limits", quantity));
      assertThat(helmMessage).contains("found the string \"" + quantity + "\"").contains(said);
      KrmRun function = KrmRun.function(Quantities.existingDataplaneWith("limits", quantity));
      assertThat(function.output().errorMessages())
          .as(function.describe())
          .anyMatch(m -> m.contains("found the string \"" + quantity + "\"") && m.contains(said));
    }

    @ParameterizedTest(name = "{0}: {1} -> {2}")
    @CsvSource(
        delimiter = '|',
        textBlock =
            """
            RACER_SLAB_BYTES | 2Gi   | 2147483648
            RACER_SLAB_BYTES | 64Mi  | 67108864
            RACER_SLAB_BYTES | 16Ei  |
            RACER_PEER_PORT  | 8Ki   | 8192
            RACER_PEER_PORT  | 09090 | 9090
            RACER_PEER_PORT  | 0080  |
            RACER_PEER_PORT  | 1.5k  |
            """)
    @DisplayName("a setting that wants plain digits: the same number offered, only when in range")
    void plainDigits(String key, String value, String meant) {
      Parity.refusal(helm, Map.of(key, value), key + " = " + value);
      String chart = helm.failureWithImages(Map.of("settings", Map.of(key, value)));
      if (meant == null) {
        assertThat(chart)
            .as("out of range or no whole number: nothing offered")
            .doesNotContain("did you mean");
      } else {
        assertThat(chart)
            .contains("is \"" + value + "\": ")
            .contains("; did you mean " + meant + "?");
      }
    }
  }

  /**
   * The quantities of the pod additions, which the schema leaves untyped (they are whole Kubernetes
   * objects) and the function reads in the pod it renders: each place's values key and values that
   * put {@code quantity} there.
   */
  static Map<String, Function<String, Map<String, Object>>> additionPlaces() {
    Map<String, Function<String, Map<String, Object>>> places = new LinkedHashMap<>();
    for (String field : List.of("initContainers", "extraContainers")) {
      for (String part : List.of("limits", "requests")) {
        places.put(
            field + "[0].resources." + part + ".memory",
            quantity ->
                Map.of(
                    field,
                    List.of(
                        Map.of(
                            "name",
                            "helper",
                            "image",
                            "r.example.com/helper:1",
                            "resources",
                            Map.of(part, Map.of("memory", quantity))))));
      }
    }
    places.put(
        "extraVolumes[0].emptyDir.sizeLimit",
        quantity ->
            Map.of(
                "extraVolumes",
                List.of(Map.of("name", "scratch", "emptyDir", Map.of("sizeLimit", quantity)))));
    return places;
  }

  static Stream<Arguments> additionCases() {
    List<Arguments> cases = new ArrayList<>();
    List<String> bad = badQuantities();
    additionPlaces()
        .keySet()
        .forEach(
            place -> {
              // every slip of the class at the first place; a spread of them at the others, whose
              // check is the same define
              int step = cases.isEmpty() ? 1 : 4;
              for (int i = 0; i < bad.size(); i += step) {
                cases.add(Arguments.of(place + " = \"" + bad.get(i) + "\"", place, bad.get(i)));
              }
            });
    return cases.stream();
  }

  @Nested
  @DisplayName("quantities of the pod additions")
  class AdditionQuantities {
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.chart.InvalidValuesTest#additionCases")
    @DisplayName("a string that is no quantity fails with the function's words at its values key")
    void notAQuantity(String name, String place, String quantity) {
      assertThat(helm.failureWithImages(additionPlaces().get(place).apply(quantity)))
          .contains(
              place
                  + ": expected a quantity such as 100Mi or 0.5, found the string \""
                  + quantity
                  + "\"")
          .doesNotContain("pattern");
    }

    @Test
    @DisplayName("a quantity string renders at every place")
    void goodQuantities() {
      for (Map.Entry<String, Function<String, Map<String, Object>>> place :
          additionPlaces().entrySet()) {
        for (String good : List.of("512Mi", "1.5Gi", "2e3")) {
          Map<String, Object> values =
              new LinkedHashMap<>(Map.of("images", Map.of("registry", "r.example.com")));
          values.putAll(place.getValue().apply(good));
          assertThat(helm.template("racer", values)).as(place.getKey()).contains(good);
        }
      }
    }
  }

  /**
   * A refused production value: what it is, the values, and the name of the value Helm's message
   * must hold.
   */
  static Stream<Arguments> refusedProductionValues() {
    return Stream.of(
        refused(
            "a pod label on the selector key app.kubernetes.io/name",
            Map.of("podLabels", Map.of("app.kubernetes.io/name", "cache")),
            "podLabels: \"app.kubernetes.io/name\" is a selector label of the dataplane DaemonSet racer"),
        refused(
            "a pod label on the selector key app.kubernetes.io/component, beside a good one",
            Map.of("podLabels", Map.of("team", "ml", "app.kubernetes.io/component", "dataplane")),
            "podLabels: \"app.kubernetes.io/component\" is a selector label of the dataplane DaemonSet racer"),
        refused(
            "a pod label value with a space",
            Map.of("podLabels", Map.of("team", "ml platform")),
            "podLabels[\"team\"]: \"ml platform\" is not a label value"),
        refused(
            "a pod label value that is a number",
            Map.of("podLabels", Map.of("cost-center", 4711)),
            "/podLabels/cost-center"),
        refused(
            "a pod label key with two slashes",
            Map.of("podLabels", Map.of("a/b/c", "x")),
            "podLabels: \"a/b/c\" is not a label key"),
        refused(
            "a pull policy in lowercase",
            Map.of("images", Map.of("registry", "r.example.com", "pullPolicy", "always")),
            "/images/pullPolicy"),
        refused(
            "resources holding a quantity where requests belong",
            Map.of("resources", Map.of("memory", "1Gi")),
            "/resources"),
        refused(
            "a limit on a resource name with a space",
            Map.of("resources", Map.of("limits", Map.of("nvidia gpu", 1))),
            "/resources/limits"),
        refused(
            "a negative limit",
            Map.of("resources", Map.of("limits", Map.of("cpu", -1))),
            "/resources/limits/cpu"),
        refused(
            "a pull secret given as a bare name",
            Map.of("imagePullSecrets", List.of("registry-credentials")),
            "/imagePullSecrets/0"),
        refused(
            "a pull secret without a name",
            Map.of("imagePullSecrets", List.of(Map.of("secret", "x"))),
            "/imagePullSecrets/0"),
        refused(
            "a priority class name with a space",
            Map.of("priorityClassName", "High Priority"),
            "priorityClassName: \"High Priority\" is not a DNS-1123 subdomain"),
        refused(
            "an update strategy of an unknown type",
            Map.of("updateStrategy", Map.of("type", "Rolling")),
            "/updateStrategy/type"),
        refused(
            "an update strategy bound that is neither a count nor a percentage",
            Map.of(
                "updateStrategy",
                Map.of("type", "RollingUpdate", "rollingUpdate", Map.of("maxUnavailable", "ten"))),
            "updateStrategy.rollingUpdate.maxUnavailable: expected an integer or a string such as"
                + " \"25%\", found the string \"ten\""),
        refused(
            "an update strategy surge written as a fraction",
            Map.of(
                "updateStrategy",
                Map.of("type", "RollingUpdate", "rollingUpdate", Map.of("maxSurge", "0.1"))),
            "updateStrategy.rollingUpdate.maxSurge: expected an integer or a string such as"
                + " \"25%\", found the string \"0.1\""),
        refused(
            "a Deployment's update strategy type, Recreate",
            Map.of("updateStrategy", Map.of("type", "Recreate")),
            "/updateStrategy/type"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refusedProductionValues")
  @DisplayName("a refused production value fails helm template, naming the value")
  void refusedProductionValue(String name, Map<String, Object> values, String naming) {
    assertThat(helm.failureWithImages(values)).contains(naming);
  }

  private static Arguments refused(String name, Map<String, Object> values, String naming) {
    return Arguments.of(name, values, naming);
  }

  private String helmError(Installation installation) {
    return helmError(installation.namespace(), installation.chartValues());
  }

  private String helmError(Map<String, Object> values) {
    return helmError("racer", values);
  }

  private String helmError(String namespace, Map<String, Object> values) {
    return helm.failure(namespace, new LinkedHashMap<>(values));
  }
}
