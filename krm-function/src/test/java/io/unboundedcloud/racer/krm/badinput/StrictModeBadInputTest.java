package io.unboundedcloud.racer.krm.badinput;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.ResourceListOutput;
import io.unboundedcloud.racer.krm.harness.ResourceLists;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Warnings, and strict mode ({@code strict: "true"} in the function config), which makes every
 * warning an error: an unknown settings or function-config key, and each check of settings against
 * the pod that runs them (docs/settings.md, "Checks against the pod").
 */
@DisplayName("Warnings render; in strict mode each is an error that keeps every item")
class StrictModeBadInputTest {
  private static final String REGISTRY = "registry.example.com/racer";

  /**
   * One input that warns.
   *
   * @param name what is wrong
   * @param settings racer-settings data
   * @param function the function config's data but {@code strict}
   * @param dataplaneSpec the spec of an existing DaemonSet racer, or {@code null}
   * @param onFunctionConfig whether the warning is on the function config (else on racer-settings)
   * @param field the warning's field path, on every warning of the case
   * @param warnings how many warnings the case gives
   * @param advice words of the message that say what to do
   */
  record Case(
      String name,
      Map<String, String> settings,
      Map<String, String> function,
      String dataplaneSpec,
      boolean onFunctionConfig,
      String field,
      int warnings,
      String advice) {

    String input(String strict) {
      Map<String, String> config = new LinkedHashMap<>(function);
      if (strict != null) {
        config.put("strict", strict);
      }
      List<String> items = new ArrayList<>();
      items.add(ResourceLists.settingsEntry(ResourceLists.NAMESPACE, settings));
      if (dataplaneSpec != null) {
        items.add(ResourceLists.existingDataplaneEntry(dataplaneSpec));
      }
      items.add(ResourceLists.BYSTANDER);
      return ResourceLists.resourceList(items, ResourceLists.functionConfigSection(config));
    }

    @Override
    public String toString() {
      return name;
    }
  }

  private static Map<String, String> registry(String... more) {
    Map<String, String> data = new LinkedHashMap<>();
    data.put("imageRegistry", REGISTRY);
    for (int i = 0; i < more.length; i += 2) {
      data.put(more[i], more[i + 1]);
    }
    return data;
  }

  private static final String GRACE_10 =
      """
      selector:
        matchLabels: {app.kubernetes.io/name: racer, app.kubernetes.io/component: dataplane}
      template:
        spec:
          terminationGracePeriodSeconds: 10
      """;

  static Stream<Case> warnings() {
    return Stream.of(
        new Case(
            "an unknown settings key",
            Map.of("RACER_PEER_PORTXYZ", "9000"),
            registry(),
            null,
            false,
            "data.RACER_PEER_PORTXYZ",
            1,
            "did you mean RACER_PEER_PORT?"),
        new Case(
            "an unknown function config key",
            Map.of(),
            registry("imageRegistryURL", "x"),
            null,
            true,
            "data.imageRegistryURL",
            1,
            "the keys are imageRegistry"),
        new Case(
            "a shutdown deadline longer than the rendered grace period",
            Map.of("RACER_SHUTDOWN_TIMEOUT_MS", "45000"),
            registry(),
            null,
            false,
            "data.RACER_SHUTDOWN_TIMEOUT_MS",
            1,
            "terminationGracePeriodSeconds to at least 45"),
        new Case(
            "the default shutdown deadline against a grace period patched to 10 s",
            Map.of(),
            registry(),
            GRACE_10,
            false,
            "data.RACER_SHUTDOWN_TIMEOUT_MS",
            1,
            "RACER_SHUTDOWN_TIMEOUT_MS to at most 10000"),
        new Case(
            "an image tag of another minor release",
            Map.of(),
            registry("imageTag", "0.20.0"),
            null,
            true,
            "data.imageTag",
            2,
            "use a 0.19.x tag"),
        new Case(
            "a full dataplane image of another minor release",
            Map.of(),
            registry("dataplaneImage", REGISTRY + "/racer-dataplane:0.18.4"),
            null,
            true,
            "data.dataplaneImage",
            1,
            "is Racer 0.18"),
        new Case(
            "a peer port the kubelet holds, on the host network",
            Map.of("RACER_HOST_NETWORK", "true", "RACER_PEER_PORT", "10250"),
            registry(),
            null,
            false,
            "data.RACER_PEER_PORT",
            1,
            "kubelet API"));
  }

  private static Map<String, Object> expectedRef(Case warning) {
    return warning.onFunctionConfig()
        ? Map.of("apiVersion", "v1", "kind", "ConfigMap", "name", "racer-function")
        : Map.of(
            "apiVersion",
            "v1",
            "kind",
            "ConfigMap",
            "name",
            "racer-settings",
            "namespace",
            ResourceLists.NAMESPACE);
  }

  @Nested
  @DisplayName("without strict mode")
  class Lenient {
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.badinput.StrictModeBadInputTest#warnings")
    @DisplayName("is a warning at the field, and the dataplane renders")
    void warns(Case warning) {
      for (String strict : new String[] {null, "false"}) {
        KrmRun run = KrmRun.function(warning.input(strict));
        assertThat(run.exitCode()).as(run.describe()).isZero();
        ResourceListOutput output = run.output();
        List<Map<String, Object>> warnings =
            output.results().stream().filter(r -> "warning".equals(r.get("severity"))).toList();
        assertThat(warnings).as(run.describe()).hasSize(warning.warnings());
        for (Map<String, Object> result : warnings) {
          assertThat(result.get("resourceRef")).isEqualTo(expectedRef(warning));
          assertThat(((Map<?, ?>) result.get("field")).get("path")).isEqualTo(warning.field());
          assertThat((String) result.get("message")).doesNotContain("(an error in strict mode");
        }
        assertThat((String) warnings.get(0).get("message")).contains(warning.advice());
        assertThat(output.items())
            .as("the dataplane is rendered")
            .anyMatch(item -> "DaemonSet".equals(item.get("kind")));
        assertThat(run.stderr()).contains("warning: ");
      }
    }
  }

  @Nested
  @DisplayName("in strict mode")
  class Strict {
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.badinput.StrictModeBadInputTest#warnings")
    @DisplayName("is an error at the same field, and every item comes back unchanged")
    void refuses(Case warning) {
      String input = warning.input("true");
      KrmRun run = KrmRun.function(input);
      ResourceListOutput output = Verdict.assertRefusedKeepingItems(input, run);
      assertThat(output.errors()).hasSize(warning.warnings());
      for (Map<String, Object> error : output.errors()) {
        assertThat(error.get("resourceRef")).isEqualTo(expectedRef(warning));
        assertThat(((Map<?, ?>) error.get("field")).get("path")).isEqualTo(warning.field());
        assertThat((String) error.get("message"))
            .contains(warning.advice())
            .endsWith("(an error in strict mode: the function config sets strict: \"true\")");
      }
    }

    @Test
    @DisplayName("a warning fails the run before a cache origin is given the dataplane's placement")
    void cacheOriginKept() {
      String input =
          ResourceLists.resourceList(
              List.of(
                  ResourceLists.settingsEntry(
                      ResourceLists.NAMESPACE, Map.of("RACER_SHUTDOWN_TIMEOUT_MS", "45000")),
                  ResourceLists.cacheOriginEntry(
                      "containers: [{name: origin, image: registry.example.com/origin:1}]"),
                  ResourceLists.BYSTANDER),
              ResourceLists.functionConfigSection(registry("strict", "true")));
      KrmRun run = KrmRun.function(input);
      Verdict.assertRefusedKeepingItems(input, run);
    }

    @Test
    @DisplayName("a clean input renders as without it")
    void cleanInputRenders() {
      String lenient = ResourceLists.withSettings(Map.of());
      String strict =
          ResourceLists.resourceList(
              List.of(
                  ResourceLists.settingsEntry(ResourceLists.NAMESPACE, Map.of()),
                  ResourceLists.BYSTANDER),
              ResourceLists.functionConfigSection(registry("strict", "true")));
      KrmRun lenientRun = KrmRun.function(lenient);
      KrmRun strictRun = KrmRun.function(strict);
      assertThat(strictRun.exitCode()).as(strictRun.describe()).isZero();
      assertThat(strictRun.output().items()).isEqualTo(lenientRun.output().items());
    }

    @ParameterizedTest(name = "strict: \"{0}\"")
    @ValueSource(strings = {"yes", "True", "1", ""})
    @DisplayName("takes exactly true or false")
    void onlyTrueOrFalse(String value) {
      String input =
          ResourceLists.resourceList(
              List.of(
                  ResourceLists.settingsEntry(ResourceLists.NAMESPACE, Map.of()),
                  ResourceLists.BYSTANDER),
              ResourceLists.functionConfigSection(registry("strict", value)));
      KrmRun run = KrmRun.function(input);
      Map<String, Object> error = Verdict.assertRefusedKeepingItems(input, run).onlyError();
      assertThat(error.get("field"))
          .isEqualTo(Map.of("path", "data.strict", "currentValue", value));
      assertThat((String) error.get("message")).contains("must be exactly \"true\"");
    }
  }

  @Nested
  @DisplayName("in render mode")
  class RenderMode {
    private KrmRun render(Path dir, Path configDir, String strict) throws IOException {
      Files.writeString(
          dir.resolve("racer-settings.yaml"),
          """
          apiVersion: v1
          kind: ConfigMap
          metadata: {name: racer-settings, namespace: racer}
          data: {RACER_SHUTDOWN_TIMEOUT_MS: "45000"}
          """);
      Path config = configDir.resolve("function-config.yaml");
      Files.writeString(
          config,
          "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: racer-function}\ndata:\n"
              + "  imageRegistry: "
              + REGISTRY
              + "\n  strict: \""
              + strict
              + "\"\n");
      return KrmRun.command("render", "--function-config", config.toString(), dir.toString());
    }

    @Test
    @DisplayName("a warning renders; strict mode refuses with nothing on stdout, naming the file")
    void strictRefuses(@TempDir Path lenientDir, @TempDir Path strictDir, @TempDir Path configDir)
        throws IOException {
      KrmRun lenient = render(lenientDir, configDir, "false");
      assertThat(lenient.exitCode()).as(lenient.describe()).isZero();
      assertThat(lenient.stderr()).startsWith("warning: RACER_SHUTDOWN_TIMEOUT_MS is 45000 ms");
      assertThat(lenient.stdout()).contains("kind: DaemonSet");

      KrmRun strict = render(strictDir, configDir, "true");
      Verdict.assertCleanFailure(strict);
      assertThat(strict.stdout()).isEmpty();
      assertThat(strict.stderr())
          .startsWith("error: RACER_SHUTDOWN_TIMEOUT_MS is 45000 ms")
          .contains("(an error in strict mode: the function config sets strict: \"true\")")
          .contains(
              "[ConfigMap racer/racer-settings in "
                  + strictDir.resolve("racer-settings.yaml")
                  + ", field data.RACER_SHUTDOWN_TIMEOUT_MS]");
    }
  }
}
