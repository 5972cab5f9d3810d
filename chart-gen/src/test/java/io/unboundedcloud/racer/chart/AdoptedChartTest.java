package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.chart.support.ChartUnderTest;
import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.chart.support.LiveDump;
import io.unboundedcloud.racer.chart.support.Manifests;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@code racer-krm adopt --chart-values FILE} on realistic live dumps, then real Helm: {@code helm template}
 * of the committed chart with the values adopt wrote renders the live pod templates, field for field apart
 * from what the API server defaults; and where a live override cannot be said in the values, the chart
 * verdict names exactly the fields where helm's output differs from the live DaemonSet.
 */
@DisplayName("helm template with the values racer-krm adopt writes, against the live DaemonSet")
class AdoptedChartTest {
  private static final Pattern CHART_ROLLOUT = Pattern.compile("(?:warning|error): chart rollout: .* \\[DaemonSet [^,]+, field (.+)]");

  /** One in-process adopt, its values file, and helm template with it. */
  private record Adopted(int exit, String stderr, List<Map<String, Object>> live, List<Map<String, Object>> chart) {
    static Adopted of(String dump, String namespace) {
      Path values = ChartUnderTest.workDirectory("adopt").resolve(dump.replace(".yaml", "-values.yaml"));
      KrmRun run = KrmRun.command("adopt", "--chart-values", values.toString(), LiveDump.file(dump).toString());
      if (run.exitCode() != 0) {
        throw new AssertionError("adopt failed:\n" + run.describe());
      }
      return new Adopted(run.exitCode(), run.stderr(), LiveDump.objects(LiveDump.file(dump)),
          Manifests.parse(HelmRun.template(namespace, values)));
    }

    List<String> chartRolloutFields() {
      return stderr.lines().map(CHART_ROLLOUT::matcher).filter(Matcher::matches).map(m -> m.group(1)).toList();
    }
  }

  @Nested
  @DisplayName("an installation whose overrides the values can say (placement, annotations, an origin)")
  class Expressible {
    private final Adopted adopted = Adopted.of("operator-list.yaml", "racer-system");

    @Test
    @DisplayName("helm renders racer-settings, the ServiceAccount, the DaemonSet and the origin, nothing else")
    void objects() {
      assertThat(Manifests.byIdentity(adopted.chart()).keySet()).containsExactlyInAnyOrder(
          "ConfigMap racer-system/racer-settings", "ServiceAccount racer-system/racer", "DaemonSet racer-system/racer",
          "DaemonSet racer-system/models-origin");
    }

    @Test
    @DisplayName("the dataplane's and the origin's pod templates equal the live ones, apart from server defaults")
    void podTemplates() {
      for (String name : List.of("racer", "models-origin")) {
        assertThat(LiveDump.defaultedTemplate(LiveDump.find(adopted.chart(), "DaemonSet", name))).as(name)
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
          (Map<String, Object>) LiveDump.find(adopted.chart(), "ServiceAccount", "racer").get("metadata");
      assertThat((Map<String, Object>) metadata.get("annotations"))
          .containsEntry("azure.workload.identity/client-id", "00000000-0000-0000-0000-000000000000");
    }

    @Test
    @DisplayName("the verdict: no rollout; and the commands that let Helm adopt the four live objects")
    void verdictAndCommands() {
      assertThat(adopted.stderr()).contains("info: chart verdict: no rollout: helm install of charts/racer with");
      assertThat(adopted.chartRolloutFields()).isEmpty();
      assertThat(adopted.stderr()).contains(
          "  kubectl label --overwrite --namespace racer-system daemonset/racer serviceaccount/racer"
              + " configmap/racer-settings daemonset/models-origin app.kubernetes.io/managed-by=Helm\n",
          "  kubectl annotate --overwrite --namespace racer-system daemonset/racer serviceaccount/racer"
              + " configmap/racer-settings daemonset/models-origin meta.helm.sh/release-name=" + HelmRun.RELEASE
              + " meta.helm.sh/release-namespace=racer-system\n",
          "  helm install racer charts/racer --namespace racer-system --values ");
    }
  }

  @Nested
  @DisplayName("an installation with overrides today's values cannot say")
  class Inexpressible {
    private final Adopted adopted = Adopted.of("overrides-stream.yaml", "gpu-system");

    /** The live DaemonSet without the overrides the chart cannot render, as the test knows them. */
    @SuppressWarnings("unchecked")
    private Map<String, Object> liveWithoutOverrides() {
      Map<String, Object> live = (Map<String, Object>) Manifests.normalized(
          LiveDump.find(adopted.live(), "DaemonSet", "racer"));
      Map<String, Object> template = LiveDump.template(live);
      ((Map<String, Object>) ((Map<String, Object>) template.get("metadata")).get("labels")).remove("team");
      Map<String, Object> pod = (Map<String, Object>) template.get("spec");
      pod.remove("priorityClassName");
      pod.remove("imagePullSecrets");
      List<Map<String, Object>> containers = (List<Map<String, Object>>) pod.get("containers");
      containers.removeIf(container -> "log-shipper".equals(container.get("name")));
      Map<String, Object> dataplane = containers.get(0);
      ((List<Map<String, Object>>) dataplane.get("env")).removeIf(env -> "HTTPS_PROXY".equals(env.get("name")));
      ((List<Map<String, Object>>) dataplane.get("volumeMounts")).removeIf(m -> "ca-bundle".equals(m.get("name")));
      ((List<Map<String, Object>>) pod.get("volumes")).removeIf(v -> "ca-bundle".equals(v.get("name")));
      dataplane.put("resources", new LinkedHashMap<>(Map.of("requests", Map.of("memory", "1Gi"))));
      return live;
    }

    @Test
    @DisplayName("helm's pod template is the live one without exactly those overrides")
    void helmDropsTheOverrides() {
      assertThat(LiveDump.defaultedTemplate(LiveDump.find(adopted.chart(), "DaemonSet", "racer")))
          .isEqualTo(LiveDump.liveTemplate(liveWithoutOverrides()));
      assertThat(LiveDump.defaultedTemplate(LiveDump.find(adopted.chart(), "DaemonSet", "racer")))
          .isNotEqualTo(LiveDump.liveTemplate(LiveDump.find(adopted.live(), "DaemonSet", "racer")));
    }

    @Test
    @DisplayName("the chart verdict is a rollout naming each of those fields, and only them")
    void verdictNamesThem() {
      assertThat(adopted.stderr()).contains("warning: chart verdict: ROLLOUT: helm install of charts/racer with");
      String dataplane = "spec.template.spec.containers[name=dataplane].";
      assertThat(adopted.chartRolloutFields()).containsExactlyInAnyOrder(
          "spec.template.metadata.labels.team",
          "spec.template.spec.priorityClassName",
          "spec.template.spec.imagePullSecrets",
          "spec.template.spec.containers[name=log-shipper]",
          dataplane + "env[name=HTTPS_PROXY]",
          dataplane + "volumeMounts[name=ca-bundle]",
          "spec.template.spec.volumes[name=ca-bundle]",
          dataplane + "resources.limits",
          dataplane + "resources.requests.cpu",
          dataplane + "resources.requests.memory");
      assertThat(adopted.stderr()).contains("info: verdict: no rollout: applying these manifests");
    }

    @Test
    @DisplayName("changes outside the pod template are named too: the update strategy, the pull secrets")
    void otherChanges() {
      List<String> lines = adopted.stderr().lines().filter(l -> l.contains("chart change, not a rollout"))
          .collect(Collectors.toList());
      assertThat(lines).anySatisfy(l -> assertThat(l).contains("live \"10%\", new 1",
          "field spec.updateStrategy.rollingUpdate.maxUnavailable"));
      assertThat(lines).anySatisfy(l -> assertThat(l).contains("[ServiceAccount gpu-system/racer in "
          + LiveDump.file("overrides-stream.yaml") + ", field imagePullSecrets]"));
      @SuppressWarnings("unchecked")
      Map<String, Object> spec = (Map<String, Object>) LiveDump.find(adopted.chart(), "DaemonSet", "racer").get("spec");
      assertThat(spec.get("updateStrategy").toString()).contains("maxUnavailable=1");
      assertThat(LiveDump.find(adopted.chart(), "ServiceAccount", "racer")).doesNotContainKey("imagePullSecrets");
    }
  }
}
