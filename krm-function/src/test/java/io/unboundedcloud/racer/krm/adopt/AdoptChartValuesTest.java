package io.unboundedcloud.racer.krm.adopt;

import static io.unboundedcloud.racer.krm.adopt.LiveDumps.find;
import static io.unboundedcloud.racer.krm.adopt.LiveDumps.fixture;
import static io.unboundedcloud.racer.krm.adopt.LiveDumps.metadata;
import static io.unboundedcloud.racer.krm.adopt.LiveDumps.objects;
import static io.unboundedcloud.racer.krm.adopt.LiveDumps.podSpec;
import static io.unboundedcloud.racer.krm.adopt.LiveDumps.template;
import static io.unboundedcloud.racer.krm.adopt.LiveDumps.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

@DisplayName(
    "racer-krm adopt --chart-values: a value for each live override the chart can render, the rest named")
class AdoptChartValuesTest {
  private static final String PRODUCTION = "production-list.yaml";
  private static final Pattern CHART_LINE =
      Pattern.compile(
          "(?:warning|error): chart (?:rollout|change, not a rollout): .* \\[[^\\[\\]]*, field (.+)]");

  /** One adopt with --chart-values, and the values it wrote. */
  private record Adopted(KrmRun run, Map<String, Object> values) {
    @SuppressWarnings("unchecked")
    static Adopted of(Path dump, Path dir) throws IOException {
      Path values = dir.resolve("values.yaml");
      KrmRun run = KrmRun.command("adopt", "--chart-values", values.toString(), dump.toString());
      assertThat(run.exitCode()).as(run.describe()).isZero();
      return new Adopted(
          run,
          (Map<String, Object>)
              new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(values)));
    }

    /** Every line of the chart verdict that names a change, by the field it names. */
    Map<String, String> chartChanges() {
      Map<String, String> changes = new LinkedHashMap<>();
      run.stderr()
          .lines()
          .map(CHART_LINE::matcher)
          .filter(Matcher::matches)
          .forEach(line -> changes.put(line.group(1), line.group()));
      return changes;
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> dataplane(Map<String, Object> daemonSet) {
    return ((List<Map<String, Object>>) podSpec(daemonSet).get("containers"))
        .stream()
            .filter(container -> "dataplane".equals(container.get("name")))
            .findFirst()
            .orElseThrow();
  }

  /** adopt of a fixture with {@code from}, which must be there, replaced by {@code to}. */
  private static Adopted adoptedWith(Path dir, String fixture, String from, String to)
      throws IOException {
    String dump = text(fixture(fixture));
    assertThat(dump).contains(from);
    return Adopted.of(write(dir, "changed-" + fixture, dump.replace(from, to)), dir);
  }

  private static Path write(Path dir, String name, String text) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, text);
    return file;
  }

  @Nested
  @DisplayName(
      "an installation run with production overrides: resources, pull secrets, priority, strategy, labels,"
          + " pull policy Always")
  class Production {
    private final List<Map<String, Object>> live = objects(text(fixture(PRODUCTION)));

    @Test
    @DisplayName(
        "each override becomes its value, as the live DaemonSet holds it; nothing else is written")
    void values(@TempDir Path dir) throws IOException {
      Map<String, Object> values = Adopted.of(fixture(PRODUCTION), dir).values();
      assertThat(values)
          .containsExactlyEntriesOf(
              ordered(
                  "images",
                      Map.of(
                          "dataplane", "registry.example.com/racer/racer-dataplane:0.19.0",
                          "object", "registry.example.com/racer/racer-object:0.19.0",
                          "pullPolicy", "Always"),
                  "imagePullSecrets", List.of(Map.of("name", "registry-credentials")),
                  "settings",
                      Map.of(
                          "RACER_CONTROL_SEATS",
                          "3",
                          "RACER_NVIDIA",
                          "cdi",
                          "RACER_SLAB_BYTES",
                          "2147483648"),
                  "resources",
                      Map.of(
                          "limits",
                          Map.of("memory", "48Gi"),
                          "requests",
                          Map.of("cpu", "4", "memory", "48Gi")),
                  // type RollingUpdate and maxSurge 0 are the API server's defaults, which adopt
                  // leaves out
                  "updateStrategy", Map.of("rollingUpdate", Map.of("maxUnavailable", "10%")),
                  "priorityClassName", "racer-node-cache",
                  "placement",
                      Map.of(
                          "nodeSelector", Map.of("racer.example.com/pool", "gpu"),
                          "tolerations",
                              List.of(
                                  Map.of(
                                      "effect",
                                      "NoSchedule",
                                      "key",
                                      "nvidia.com/gpu",
                                      "operator",
                                      "Exists"))),
                  "podAnnotations", Map.of("prometheus.io/scrape", "true"),
                  "podLabels", Map.of("cost-center", "4711", "team", "ml-platform")));
    }

    @Test
    @DisplayName(
        "the values are the live fields: the dataplane's resources and pull policy, the pod's secrets,"
            + " priority and labels but the selector's")
    @SuppressWarnings("unchecked")
    void valuesAreTheLiveFields(@TempDir Path dir) throws IOException {
      Map<String, Object> values = Adopted.of(fixture(PRODUCTION), dir).values();
      Map<String, Object> daemonSet = find(live, "DaemonSet", "racer");
      assertThat(values.get("resources")).isEqualTo(dataplane(daemonSet).get("resources"));
      assertThat(((Map<String, Object>) values.get("images")).get("pullPolicy"))
          .isEqualTo(dataplane(daemonSet).get("imagePullPolicy"));
      assertThat(values.get("imagePullSecrets"))
          .isEqualTo(podSpec(daemonSet).get("imagePullSecrets"));
      assertThat(values.get("priorityClassName"))
          .isEqualTo(podSpec(daemonSet).get("priorityClassName"));
      Map<String, Object> labels =
          new LinkedHashMap<>((Map<String, Object>) metadata(template(daemonSet)).get("labels"));
      assertThat(labels).containsKeys("app.kubernetes.io/name", "app.kubernetes.io/component");
      labels.remove("app.kubernetes.io/name");
      labels.remove("app.kubernetes.io/component");
      assertThat(values.get("podLabels")).isEqualTo(labels);
    }

    @Test
    @DisplayName(
        "the adopted manifests keep each override: the pod template, once defaulted, is the live one")
    void manifestsKeepThem(@TempDir Path dir) throws IOException {
      Adopted adopted = Adopted.of(fixture(PRODUCTION), dir);
      assertThat(
              LiveDumps.defaultedTemplate(
                  find(objects(adopted.run().stdout()), "DaemonSet", "racer")))
          .isEqualTo(LiveDumps.liveTemplate(find(live, "DaemonSet", "racer")));
    }

    @Test
    @DisplayName(
        "the chart verdict: no rollout, and no change named, inside the pod template or outside")
    void chartVerdict(@TempDir Path dir) throws IOException {
      Adopted adopted = Adopted.of(fixture(PRODUCTION), dir);
      assertThat(adopted.run().stderr())
          .contains(
              "info: verdict: no rollout: applying these manifests",
              "info: chart verdict: no rollout: helm install of charts/racer with "
                  + dir.resolve("values.yaml")
                  + " leaves the pod template of DaemonSet racer/racer as it runs");
      assertThat(adopted.chartChanges()).isEmpty();
      assertThat(adopted.run().stderr()).doesNotContain("chart rollout", "chart change", "ROLLOUT");
    }
  }

  @Nested
  @DisplayName("what a default install renders gets no value")
  class Defaults {
    @Test
    @DisplayName(
        "the builder's resources, pull policy and update strategy, no pull secret, priority or pod label:"
            + " none of those values")
    void notWritten(@TempDir Path dir) throws IOException {
      Adopted adopted = Adopted.of(fixture("operator-dump.yaml"), dir);
      assertThat(adopted.values())
          .containsOnlyKeys(
              "images",
              "settings",
              "placement",
              "serviceAccount",
              "podAnnotations",
              "cacheOrigins");
      assertThat(adopted.values())
          .extractingByKey("images")
          .asInstanceOf(InstanceOfAssertFactories.MAP)
          .containsOnlyKeys("dataplane", "object");
      assertThat(adopted.chartChanges()).isEmpty();
    }

    @Test
    @DisplayName(
        "the records the function or chart wrote on the DaemonSet (images, settings): no daemonSetAnnotations value")
    void records(@TempDir Path dir) throws IOException {
      String generation =
          "    annotations:\n      deprecated.daemonset.template.generation: \"4\"\n";
      Adopted adopted =
          adoptedWith(
              dir,
              "operator-dump.yaml",
              generation,
              generation
                  + "      racer.unbounded-cloud.io/dataplane-image: r.example/racer-dataplane:0.19.0\n"
                  + "      racer.unbounded-cloud.io/object-image: r.example/racer-object:0.19.0\n"
                  + "      racer.unbounded-cloud.io/settings: \"RACER_NVIDIA=off\\n\"\n");
      assertThat(adopted.values()).doesNotContainKey("daemonSetAnnotations");
    }

    @Test
    @DisplayName(
        "the update strategy written short (type RollingUpdate, the rest the server's defaults): no value")
    void shortStrategy(@TempDir Path dir) throws IOException {
      String dump = text(fixture(PRODUCTION));
      String strategy =
          "      rollingUpdate:\n        maxSurge: 0\n        maxUnavailable: 10%\n      type: RollingUpdate\n";
      assertThat(dump).contains(strategy);
      Adopted adopted =
          Adopted.of(
              write(
                  dir,
                  "short.yaml",
                  dump.replace(
                      strategy,
                      "      rollingUpdate:\n        maxSurge: 0\n        maxUnavailable: 1\n      type: RollingUpdate\n")),
              dir);
      assertThat(adopted.values()).doesNotContainKey("updateStrategy");
      assertThat(adopted.chartChanges()).isEmpty();
    }
  }

  @Nested
  @DisplayName("values that replace the builder's whole")
  class Replacing {
    @Test
    @DisplayName("a :latest image the server pulls Always: images.pullPolicy Always, no rollout")
    @SuppressWarnings("unchecked")
    void latestImage(@TempDir Path dir) throws IOException {
      Adopted adopted =
          adoptedWith(
              dir,
              "operator-dump.yaml",
              "image: mirror.example.com/unbounded/racer-dataplane:0.19.0\n          imagePullPolicy: IfNotPresent",
              "image: mirror.example.com/unbounded/racer-dataplane:latest\n          imagePullPolicy: Always");
      assertThat((Map<String, Object>) adopted.values().get("images"))
          .containsEntry("dataplane", "mirror.example.com/unbounded/racer-dataplane:latest")
          .containsEntry("pullPolicy", "Always");
      assertThat(adopted.run().stderr()).contains("info: chart verdict: no rollout");
    }

    @Test
    @DisplayName(
        "an OnDelete strategy and resources with limits only: each written as it is, no change named")
    void replacedWhole(@TempDir Path dir) throws IOException {
      String dump = text(fixture(PRODUCTION));
      String strategy =
          "      rollingUpdate:\n        maxSurge: 0\n        maxUnavailable: 10%\n      type: RollingUpdate\n";
      String resources =
          "            limits:\n              memory: 48Gi\n            requests:\n"
              + "              cpu: \"4\"\n              memory: 48Gi\n";
      assertThat(dump).contains(strategy, resources);
      Adopted adopted =
          Adopted.of(
              write(
                  dir,
                  "replaced.yaml",
                  dump.replace(strategy, "      type: OnDelete\n")
                      .replace(
                          resources, "            limits:\n              nvidia.com/gpu: \"8\"\n")),
              dir);
      assertThat(adopted.values())
          .containsEntry("updateStrategy", Map.of("type", "OnDelete"))
          .containsEntry("resources", Map.of("limits", Map.of("nvidia.com/gpu", "8")));
      assertThat(adopted.chartChanges()).isEmpty();
      assertThat(adopted.run().stderr()).contains("info: chart verdict: no rollout");
    }
  }

  @Nested
  @DisplayName(
      "an installation with pod additions (a sidecar, an env var, a volume) and overrides no value"
          + " expresses (a liveness probe, hostPID)")
  class Inexpressible {
    @Test
    @DisplayName(
        "what a value expresses is written: resources, pull secrets, priority class, strategy, pod"
            + " label, the env var, the volume and its mount, the sidecar")
    void expressibleWritten(@TempDir Path dir) throws IOException {
      Map<String, Object> values = Adopted.of(fixture("inexpressible-stream.yaml"), dir).values();
      assertThat(values)
          .containsEntry(
              "resources",
              Map.of(
                  "limits",
                  Map.of("memory", "8Gi"),
                  "requests",
                  Map.of("cpu", "2", "memory", "4Gi")))
          .containsEntry("imagePullSecrets", List.of(Map.of("name", "mirror-pull")))
          .containsEntry("priorityClassName", "system-node-critical")
          .containsEntry("updateStrategy", Map.of("rollingUpdate", Map.of("maxUnavailable", "10%")))
          .containsEntry("podLabels", Map.of("team", "ml-platform"))
          .containsEntry(
              "extraEnv",
              List.of(Map.of("name", "HTTPS_PROXY", "value", "http://proxy.example.com:3128")))
          .containsEntry(
              "extraVolumes",
              List.of(Map.of("name", "ca-bundle", "configMap", Map.of("name", "racer-ca"))))
          .containsEntry(
              "extraVolumeMounts",
              List.of(
                  Map.of(
                      "mountPath", "/etc/ssl/certs/extra", "name", "ca-bundle", "readOnly", true)))
          .containsKey("extraContainers");
    }

    @Test
    @DisplayName(
        "the chart verdict names exactly the rest, each as no value of the chart's; the ServiceAccount's"
            + " pull secrets apart")
    void restNamed(@TempDir Path dir) throws IOException {
      Adopted adopted = Adopted.of(fixture("inexpressible-stream.yaml"), dir);
      assertThat(adopted.chartChanges())
          .containsOnlyKeys(
              "spec.template.spec.containers[name=dataplane].livenessProbe",
              "spec.template.spec.hostPID",
              "imagePullSecrets");
      adopted
          .chartChanges()
          .forEach(
              (field, line) ->
                  assertThat(line)
                      .as(field)
                      .contains(
                          ": "
                              + (field.equals("imagePullSecrets")
                                  ? "no value of charts/racer sets the ServiceAccount's pull secrets (imagePullSecrets are the dataplane"
                                      + " pods' own; the ServiceAccount's are added only to pods that list none)"
                                  : HelmValues.INEXPRESSIBLE)
                              + " ["));
      assertThat(adopted.run().stderr())
          .contains(
              "warning: chart verdict: ROLLOUT: helm install of charts/racer"
                  + " with "
                  + dir.resolve("values.yaml")
                  + " changes the pod template of DaemonSet gpu-system/racer in 2"
                  + " places");
    }
  }

  /** A map of the given entries in their order. */
  private static Map<String, Object> ordered(Object... entries) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < entries.length; i += 2) {
      map.put((String) entries[i], entries[i + 1]);
    }
    return map;
  }
}
