package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.chart.support.ChartUnderTest;
import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.chart.support.LiveDump;
import io.unboundedcloud.racer.chart.support.Manifests;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.rollout.ApiServerDefaults;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * {@code racer-krm adopt --chart-values FILE} on realistic live dumps, then real Helm: {@code helm
 * template} of the committed chart with the values adopt wrote renders the live pod templates,
 * field for field apart from what the API server defaults; and where a live override cannot be said
 * in the values, the chart verdict names exactly the fields where helm's output differs from the
 * live DaemonSet.
 */
@Tag("slow")
@DisplayName("helm template with the values racer-krm adopt writes, against the live DaemonSet")
class AdoptedChartTest {
  private static final Pattern CHART_ROLLOUT =
      Pattern.compile("(?:warning|error): chart rollout: .* \\[DaemonSet [^,]+, field (.+)]");

  /** The reason of a chart rollout that no value can prevent, with the chart's values it names. */
  private static final Pattern INEXPRESSIBLE =
      Pattern.compile(": no value of charts/racer sets it \\(its values: ([^)]*)\\) \\[");

  /** One in-process adopt, its values file, and helm template with it. */
  private record Adopted(
      int exit,
      String stderr,
      List<Map<String, Object>> live,
      List<Map<String, Object>> chart,
      Path valuesFile) {
    static Adopted of(String dump, String namespace) {
      Path values =
          ChartUnderTest.workDirectory("adopt").resolve(dump.replace(".yaml", "-values.yaml"));
      KrmRun run =
          KrmRun.command(
              "adopt", "--chart-values", values.toString(), LiveDump.file(dump).toString());
      if (run.exitCode() != 0) {
        throw new AssertionError("adopt failed:\n" + run.describe());
      }
      return new Adopted(
          run.exitCode(),
          run.stderr(),
          LiveDump.objects(LiveDump.file(dump)),
          Manifests.parse(HelmRun.HELM3.template(namespace, values)),
          values);
    }

    /** The values adopt wrote. */
    Map<String, Object> values() {
      try {
        return new Yaml(new SafeConstructor(new LoaderOptions()))
            .load(Files.readString(valuesFile));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    List<String> chartRolloutFields() {
      return stderr
          .lines()
          .map(CHART_ROLLOUT::matcher)
          .filter(Matcher::matches)
          .map(m -> m.group(1))
          .toList();
    }
  }

  @Nested
  @DisplayName(
      "an installation whose overrides the values can say (placement, annotations, an origin)")
  class Expressible {
    private final Adopted adopted = Adopted.of("operator-dump.yaml", "racer-system");

    @Test
    @DisplayName(
        "helm renders racer-settings, the ServiceAccount, the DaemonSet and the origin, nothing else")
    void objects() {
      assertThat(Manifests.byIdentity(adopted.chart()).keySet())
          .containsExactlyInAnyOrder(
              "ConfigMap racer-system/racer-settings",
              "ServiceAccount racer-system/racer",
              "DaemonSet racer-system/racer",
              "DaemonSet racer-system/models-origin");
    }

    @Test
    @DisplayName(
        "the dataplane's and the origin's pod templates equal the live ones, apart from server defaults")
    void podTemplates() {
      for (String name : List.of("racer", "models-origin")) {
        assertThat(LiveDump.defaultedTemplate(LiveDump.find(adopted.chart(), "DaemonSet", name)))
            .as(name)
            .isEqualTo(LiveDump.liveTemplate(LiveDump.find(adopted.live(), "DaemonSet", name)));
      }
    }

    @Test
    @DisplayName("the settings and the workload identity annotation are the live ones")
    @SuppressWarnings("unchecked")
    void settingsAndAccount() {
      assertThat(LiveDump.find(adopted.chart(), "ConfigMap", "racer-settings").get("data"))
          .isEqualTo(LiveDump.find(adopted.live(), "ConfigMap", "racer-settings").get("data"));
      Map<String, Object> metadata =
          (Map<String, Object>)
              LiveDump.find(adopted.chart(), "ServiceAccount", "racer").get("metadata");
      assertThat((Map<String, Object>) metadata.get("annotations"))
          .containsEntry(
              "azure.workload.identity/client-id", "00000000-0000-0000-0000-000000000000");
    }

    @Test
    @DisplayName(
        "the verdict: no rollout; and the commands that let Helm adopt the four live objects")
    void verdictAndCommands() {
      assertThat(adopted.stderr())
          .contains("info: chart verdict: no rollout: helm install of charts/racer with");
      assertThat(adopted.chartRolloutFields()).isEmpty();
      assertThat(adopted.stderr())
          .contains(
              "  kubectl label --overwrite --namespace racer-system daemonset/racer serviceaccount/racer"
                  + " configmap/racer-settings daemonset/models-origin app.kubernetes.io/managed-by=Helm\n",
              "  kubectl annotate --overwrite --namespace racer-system daemonset/racer serviceaccount/racer"
                  + " configmap/racer-settings daemonset/models-origin meta.helm.sh/release-name="
                  + HelmRun.RELEASE
                  + " meta.helm.sh/release-namespace=racer-system\n",
              "  helm install racer charts/racer --namespace racer-system --values ");
    }
  }

  @Nested
  @DisplayName(
      "an installation run with production overrides: resources, pull secrets, priority class, update"
          + " strategy, pod labels, pull policy Always")
  class Production {
    private final Adopted adopted = Adopted.of("production-list.yaml", "racer");

    @Test
    @DisplayName(
        "the pod template equals the live one apart from server defaults; so does the update strategy")
    @SuppressWarnings("unchecked")
    void asItRuns() {
      Map<String, Object> chart = LiveDump.find(adopted.chart(), "DaemonSet", "racer");
      Map<String, Object> live = LiveDump.find(adopted.live(), "DaemonSet", "racer");
      assertThat(LiveDump.defaultedTemplate(chart)).isEqualTo(LiveDump.liveTemplate(live));
      assertThat(((Map<String, Object>) asStored(chart).get("spec")).get("updateStrategy"))
          .isEqualTo(((Map<String, Object>) asStored(live).get("spec")).get("updateStrategy"))
          .isEqualTo(
              Map.of(
                  "type",
                  "RollingUpdate",
                  "rollingUpdate",
                  Map.of("maxSurge", 0L, "maxUnavailable", "10%")));
    }

    @Test
    @DisplayName("the chart verdict: no rollout, and not one chart line naming a change")
    void noChartVerdictLines() {
      assertNoChartVerdictLine(adopted);
    }

    @Test
    @DisplayName(
        "helm renders what examples/helm/production.yaml renders with images.pullPolicy Always, the"
            + " installation the live one was patched from")
    @SuppressWarnings("unchecked")
    void sameAsTheProductionExample() throws IOException {
      Map<String, Object> example =
          new Yaml(new SafeConstructor(new LoaderOptions()))
              .load(
                  Files.readString(
                      ChartUnderTest.repositoryRoot().resolve("examples/helm/production.yaml")));
      ((Map<String, Object>) example.get("images")).put("pullPolicy", "Always");
      List<Map<String, Object>> fromExample =
          Manifests.parse(HelmRun.HELM3.template("racer", example));
      assertThat(storedByIdentity(adopted.chart()))
          .isEqualTo(storedByIdentity(fromExample))
          .containsOnlyKeys(
              "ConfigMap racer/racer-settings",
              "ServiceAccount racer/racer",
              "DaemonSet racer/racer");
    }

    /** The objects by identity, each workload as the API server stores it. */
    private Map<String, Map<String, Object>> storedByIdentity(List<Map<String, Object>> objects) {
      Map<String, Map<String, Object>> stored = new LinkedHashMap<>();
      Manifests.byIdentity(objects)
          .forEach((identity, object) -> stored.put(identity, asStored(object)));
      return stored;
    }
  }

  @Nested
  @DisplayName(
      "an installation with pod additions: an env var and an env source, a volume and its mount, an"
          + " init container, a sidecar, a runtime class, a grace period, a revision history, a"
          + " DaemonSet annotation and a label on every object")
  class PodAdditions {
    private final Adopted adopted = Adopted.of("pod-additions-stream.yaml", "gpu-system");

    @Test
    @DisplayName("the pod template equals the live one apart from server defaults")
    void podTemplate() {
      assertThat(LiveDump.defaultedTemplate(LiveDump.find(adopted.chart(), "DaemonSet", "racer")))
          .isEqualTo(LiveDump.liveTemplate(LiveDump.find(adopted.live(), "DaemonSet", "racer")));
    }

    @Test
    @DisplayName("the chart verdict: no rollout, and not one chart line naming a change")
    void noChartVerdictLines() {
      assertNoChartVerdictLine(adopted);
    }

    @Test
    @DisplayName("the values name each addition as the live installation has it")
    void values() {
      assertThat(adopted.values())
          .containsEntry(
              "extraEnv",
              List.of(Map.of("name", "HTTPS_PROXY", "value", "http://proxy.example.com:3128")))
          .containsEntry(
              "extraEnvFrom", List.of(Map.of("secretRef", Map.of("name", "proxy-credentials"))))
          .containsEntry("runtimeClassName", "nvidia")
          .containsEntry("terminationGracePeriodSeconds", 300)
          .containsEntry("revisionHistoryLimit", 5)
          .containsEntry("commonLabels", Map.of("team", "ml-platform"))
          .containsEntry("daemonSetAnnotations", Map.of("example.com/owner", "ml-platform"))
          .containsKeys("extraVolumes", "extraVolumeMounts", "initContainers", "extraContainers")
          .doesNotContainKeys("minReadySeconds", "serviceAccount");
    }

    @Test
    @DisplayName(
        "the DaemonSet's revision history and annotation, and every object's label, are the live ones")
    @SuppressWarnings("unchecked")
    void metadataAndHistory() {
      Map<String, Object> chart = asStored(LiveDump.find(adopted.chart(), "DaemonSet", "racer"));
      Map<String, Object> live = asStored(LiveDump.find(adopted.live(), "DaemonSet", "racer"));
      assertThat(((Map<String, Object>) chart.get("spec")).get("revisionHistoryLimit"))
          .isEqualTo(((Map<String, Object>) live.get("spec")).get("revisionHistoryLimit"))
          .isEqualTo(5L);
      assertThat(
              (Map<String, Object>)
                  ((Map<String, Object>) chart.get("metadata")).get("annotations"))
          .containsEntry("example.com/owner", "ml-platform");
      for (Map<String, Object> object : adopted.chart()) {
        assertThat(
                (Map<String, Object>) ((Map<String, Object>) object.get("metadata")).get("labels"))
            .as(Manifests.identity(object))
            .containsEntry("team", "ml-platform");
      }
    }
  }

  @Nested
  @DisplayName(
      "an installation with overrides no value can say: a liveness probe, the host's PID namespace")
  class Inexpressible {
    private final Adopted adopted = Adopted.of("inexpressible-stream.yaml", "gpu-system");

    /** The live DaemonSet without the overrides the chart cannot render, as the test knows them. */
    @SuppressWarnings("unchecked")
    private Map<String, Object> liveWithoutOverrides() {
      Map<String, Object> live =
          (Map<String, Object>)
              Manifests.normalized(LiveDump.find(adopted.live(), "DaemonSet", "racer"));
      Map<String, Object> pod = (Map<String, Object>) LiveDump.template(live).get("spec");
      pod.remove("hostPID");
      List<Map<String, Object>> containers = (List<Map<String, Object>>) pod.get("containers");
      containers.get(0).remove("livenessProbe");
      return live;
    }

    @Test
    @DisplayName(
        "helm's pod template is the live one without exactly those overrides: resources, pull secrets,"
            + " priority class, pod label, env, volume, mount and sidecar kept")
    void helmDropsTheOverrides() {
      assertThat(LiveDump.defaultedTemplate(LiveDump.find(adopted.chart(), "DaemonSet", "racer")))
          .isEqualTo(LiveDump.liveTemplate(liveWithoutOverrides()));
      assertThat(LiveDump.defaultedTemplate(LiveDump.find(adopted.chart(), "DaemonSet", "racer")))
          .isNotEqualTo(LiveDump.liveTemplate(LiveDump.find(adopted.live(), "DaemonSet", "racer")));
    }

    @Test
    @DisplayName("the chart verdict is a rollout naming each of those fields, and only them")
    void verdictNamesThem() {
      assertThat(adopted.stderr())
          .contains("warning: chart verdict: ROLLOUT: helm install of charts/racer with");
      String dataplane = "spec.template.spec.containers[name=dataplane].";
      assertThat(adopted.chartRolloutFields())
          .containsExactlyInAnyOrder(dataplane + "livenessProbe", "spec.template.spec.hostPID");
      assertThat(adopted.stderr()).contains("info: verdict: no rollout: applying these manifests");
    }

    @Test
    @DisplayName(
        "each says that no value sets it, naming exactly the values of charts/racer/values.yaml")
    @SuppressWarnings("unchecked")
    void namesTheChartsValues() throws IOException {
      Map<String, Object> chartValues =
          new Yaml(new SafeConstructor(new LoaderOptions()))
              .load(Files.readString(ChartUnderTest.directory().resolve("values.yaml")));
      List<List<String>> namings = new ArrayList<>();
      for (String line :
          adopted.stderr().lines().filter(line -> line.contains("chart rollout:")).toList()) {
        Matcher matcher = INEXPRESSIBLE.matcher(line);
        assertThat(matcher.find()).as(line).isTrue();
        namings.add(List.of(matcher.group(1).split(", ")));
      }
      assertThat(namings).hasSize(2).containsOnly(namings.get(0));
      List<String> named = namings.get(0);
      assertThat(named.stream().map(name -> name.split("\\.")[0]).toList())
          .containsExactlyElementsOf(chartValues.keySet());
      for (String name : named) {
        String[] keys = name.split("\\.");
        Object value = chartValues.get(keys[0]);
        for (int i = 1; i < keys.length; i++) {
          assertThat(value).as(name).isInstanceOf(Map.class);
          assertThat((Map<String, Object>) value).as(name).containsOnlyKeys(keys[i]);
          value = ((Map<String, Object>) value).get(keys[i]);
        }
      }
    }

    @Test
    @DisplayName(
        "the values carry the update strategy; the ServiceAccount's pull secrets are named apart")
    void otherChanges() {
      List<String> lines =
          adopted
              .stderr()
              .lines()
              .filter(l -> l.contains("chart change, not a rollout"))
              .collect(Collectors.toList());
      assertThat(lines)
          .singleElement()
          .satisfies(
              l ->
                  assertThat(l)
                      .contains(
                          "no value of charts/racer sets the ServiceAccount's pull secrets",
                          "[ServiceAccount gpu-system/racer in ",
                          ", field imagePullSecrets]"));
      @SuppressWarnings("unchecked")
      Map<String, Object> spec =
          (Map<String, Object>) LiveDump.find(adopted.chart(), "DaemonSet", "racer").get("spec");
      assertThat(spec.get("updateStrategy"))
          .isEqualTo(Map.of("rollingUpdate", Map.of("maxUnavailable", "10%")));
      assertThat(LiveDump.find(adopted.chart(), "ServiceAccount", "racer"))
          .doesNotContainKey("imagePullSecrets");
    }
  }

  /** The chart verdict is no rollout, with not one line naming a change. */
  private static void assertNoChartVerdictLine(Adopted adopted) {
    assertThat(adopted.stderr())
        .contains("info: chart verdict: no rollout: helm install of charts/racer with");
    assertThat(adopted.chartRolloutFields()).isEmpty();
    assertThat(adopted.stderr()).doesNotContain("chart rollout", "chart change", "ROLLOUT");
  }

  /**
   * A rendered or live object as the API server stores it: a workload completed with the server's
   * defaults.
   */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> asStored(Map<String, Object> object) {
    Map<String, Object> copy = (Map<String, Object>) Manifests.normalized(object);
    if (!"DaemonSet".equals(copy.get("kind"))) {
      return copy;
    }
    Map<String, Object> stored =
        (Map<String, Object>) Manifests.normalized(ApiServerDefaults.filled(copy));
    Map<String, Object> template = LiveDump.template(stored);
    ((Map<String, Object>) template.get("metadata")).remove("creationTimestamp");
    return stored;
  }
}
