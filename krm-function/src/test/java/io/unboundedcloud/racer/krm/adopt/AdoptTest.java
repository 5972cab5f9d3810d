package io.unboundedcloud.racer.krm.adopt;

import static io.unboundedcloud.racer.krm.adopt.LiveDumps.defaultedTemplate;
import static io.unboundedcloud.racer.krm.adopt.LiveDumps.find;
import static io.unboundedcloud.racer.krm.adopt.LiveDumps.fixture;
import static io.unboundedcloud.racer.krm.adopt.LiveDumps.liveTemplate;
import static io.unboundedcloud.racer.krm.adopt.LiveDumps.metadata;
import static io.unboundedcloud.racer.krm.adopt.LiveDumps.objects;
import static io.unboundedcloud.racer.krm.adopt.LiveDumps.podSpec;
import static io.unboundedcloud.racer.krm.adopt.LiveDumps.template;
import static io.unboundedcloud.racer.krm.adopt.LiveDumps.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

@DisplayName(
    "racer-krm adopt: a live installation to manifests for Git, with the verdict on a rollout")
class AdoptTest {
  private static final String LIST = "operator-dump.yaml";
  private static final String STREAM = "overrides-stream.yaml";
  private static final String LIVE_HASH =
      "0c405d200d223380adb2463e7baeda541377b004c85f01a770b80e47338555eb";
  private static final String OWNER =
      "Racer racer (unbounded-cloud.io/v1alpha1, controller, uid"
          + " 6c1f8e52-3d0a-4b7e-9a43-0f2d5c7b1e99)";

  private static KrmRun adopt(Path dump, String... flags) {
    String[] args = new String[flags.length + 2];
    args[0] = "adopt";
    System.arraycopy(flags, 0, args, 1, flags.length);
    args[args.length - 1] = dump.toString();
    return KrmRun.command(args);
  }

  private static List<Map<String, Object>> live(String fixture) {
    return objects(text(fixture(fixture)));
  }

  private static Path write(Path dir, String name, String text) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, text);
    return file;
  }

  @Nested
  @DisplayName(
      "a v1 List as kubectl get ds,sa,cm -o yaml prints it: server fields, an ownerReference, overrides")
  class OperatorList {
    private final KrmRun run = adopt(fixture(LIST));
    private final List<Map<String, Object>> output = objects(run.stdout());
    private final List<Map<String, Object>> live = live(LIST);

    @Test
    @DisplayName(
        "exit 0; stdout holds the function config, racer-settings, the DaemonSet, the ServiceAccount, the origin")
    void manifestsInOrder() {
      assertThat(run.exitCode()).as(run.describe()).isZero();
      assertThat(output)
          .extracting(o -> o.get("kind") + " " + metadata(o).get("name"))
          .containsExactly(
              "ConfigMap racer-function",
              "ConfigMap racer-settings",
              "DaemonSet racer",
              "ServiceAccount racer",
              "DaemonSet models-origin");
    }

    @Test
    @DisplayName(
        "no object keeps status, server metadata, the controllers' annotations or ownerReferences")
    @SuppressWarnings("unchecked")
    void serverFieldsStripped() {
      for (Map<String, Object> object : output) {
        assertThat(object).as("%s", object.get("kind")).doesNotContainKey("status");
        assertThat(metadata(object))
            .as("%s metadata", metadata(object).get("name"))
            .doesNotContainKeys(
                "uid",
                "resourceVersion",
                "generation",
                "creationTimestamp",
                "managedFields",
                "selfLink",
                "ownerReferences");
        Map<String, Object> annotations =
            (Map<String, Object>) metadata(object).getOrDefault("annotations", Map.of());
        assertThat(annotations)
            .doesNotContainKeys(
                "deprecated.daemonset.template.generation",
                "kubectl.kubernetes.io/last-applied-configuration");
      }
      for (String name : List.of("racer", "models-origin")) {
        assertThat(metadata(template(find(output, "DaemonSet", name))))
            .doesNotContainKey("creationTimestamp");
      }
    }

    @Test
    @DisplayName(
        "each ownerReference is dropped with a warning that names its owner and the object")
    void ownerReferencesWarned() {
      for (String object :
          List.of(
              "DaemonSet racer-system/racer",
              "ConfigMap racer-system/racer-settings",
              "ServiceAccount racer-system/racer")) {
        assertThat(run.stderr())
            .contains("warning: dropped the ownerReference to " + OWNER)
            .contains("[" + object + " in " + fixture(LIST) + ", field metadata.ownerReferences]");
      }
      assertThat(run.stderr().lines().filter(line -> line.contains("dropped the ownerReference")))
          .hasSize(3);
    }

    @Test
    @DisplayName("what the dump holds beside the installation is left out, and named")
    void othersLeftOut() {
      assertThat(run.stderr())
          .contains(
              "info: 2 objects are not part of the racer installation and left out:"
                  + " ConfigMap racer-system/kube-root-ca.crt, ServiceAccount racer-system/default");
      assertThat(output)
          .noneMatch(o -> List.of("kube-root-ca.crt", "default").contains(metadata(o).get("name")));
    }

    @Test
    @DisplayName(
        "the user's overrides are kept: placement, pod annotations, the workload identity annotation")
    @SuppressWarnings("unchecked")
    void overridesKept() {
      Map<String, Object> adopted = find(output, "DaemonSet", "racer");
      Map<String, Object> running = find(live, "DaemonSet", "racer");
      for (String field : List.of("tolerations", "nodeSelector", "affinity")) {
        assertThat(podSpec(adopted).get(field)).as(field).isEqualTo(podSpec(running).get(field));
      }
      assertThat((Map<String, Object>) metadata(template(adopted)).get("annotations"))
          .containsEntry("prometheus.io/scrape", "true")
          .containsEntry("kubectl.kubernetes.io/restartedAt", "2025-02-20T08:00:00Z");
      assertThat(
              (Map<String, Object>)
                  metadata(find(output, "ServiceAccount", "racer")).get("annotations"))
          .containsExactly(
              Map.entry(
                  "azure.workload.identity/client-id", "00000000-0000-0000-0000-000000000000"));
    }

    @Test
    @DisplayName(
        "the function config pins the two live images, declares the function and is local config")
    @SuppressWarnings("unchecked")
    void pinnedFunctionConfig() {
      Map<String, Object> config = output.get(0);
      assertThat((Map<String, Object>) config.get("data"))
          .containsExactly(
              Map.entry("dataplaneImage", "mirror.example.com/unbounded/racer-dataplane:0.19.0"),
              Map.entry(
                  "objectImage",
                  "mirror.example.com/unbounded/racer-object@sha256:"
                      + "4f5e6d7c8b9a00112233445566778899aabbccddeeff00112233445566778899"));
      assertThat((Map<String, Object>) metadata(config).get("annotations"))
          .containsEntry("config.kubernetes.io/local-config", "true")
          .hasEntrySatisfying(
              "config.kubernetes.io/function",
              value ->
                  assertThat((String) value)
                      .matches("container:\n  image: ghcr.io/unbounded-cloud/racer-krm:\\S+\n"));
    }

    @Test
    @DisplayName(
        "racer-krm render of the output changes nothing: the same bytes, the function config not printed")
    void renderChangesNothing(@TempDir Path dir) throws IOException {
      Path adopted = write(dir, "racer.yaml", run.stdout());
      KrmRun render = KrmRun.command("render", adopted.toString());
      assertThat(render.exitCode()).as(render.describe()).isZero();
      List<String> documents = LiveDumps.documents(run.stdout());
      assertThat(render.stdout())
          .isEqualTo(String.join("---\n", documents.subList(1, documents.size())));
    }

    @Test
    @DisplayName(
        "each pod template, once the API server defaults it, equals the live one field for field")
    void podTemplatesAsTheyRun() {
      for (String name : List.of("racer", "models-origin")) {
        assertThat(defaultedTemplate(find(output, "DaemonSet", name)))
            .as(name)
            .isEqualTo(liveTemplate(find(live, "DaemonSet", name)));
      }
    }

    @Test
    @DisplayName(
        "what the API server defaults and the function leaves alone is not written into the manifests")
    @SuppressWarnings("unchecked")
    void serverDefaultsLeftOut() {
      Map<String, Object> dataplane = find(output, "DaemonSet", "racer");
      assertThat((Map<String, Object>) dataplane.get("spec"))
          .doesNotContainKey("revisionHistoryLimit");
      assertThat(podSpec(dataplane)).doesNotContainKey("serviceAccount");
      Map<String, Object> origin = find(output, "DaemonSet", "models-origin");
      assertThat(podSpec(origin))
          .doesNotContainKeys(
              "dnsPolicy", "restartPolicy", "schedulerName", "terminationGracePeriodSeconds");
      assertThat((Map<String, Object>) ((List<?>) podSpec(origin).get("containers")).get(0))
          .doesNotContainKeys(
              "imagePullPolicy", "terminationMessagePath", "terminationMessagePolicy");
    }

    @Test
    @DisplayName("the verdict: no rollout, for the dataplane and the origin")
    void verdictNoRollout() {
      assertThat(run.stderr())
          .contains(
              "info: verdict: no rollout: applying these manifests leaves the pod template"
                  + " of DaemonSet racer-system/racer and of 1 cache origin as it runs");
      assertThat(run.stderr()).doesNotContain("rollout: live", "ROLLOUT");
    }
  }

  @Nested
  @DisplayName(
      "the same installation as a stream, as one file per object, or on stdin: the same manifests")
  class OtherShapes {
    private final KrmRun fromList = adopt(fixture(LIST));

    private String dump(Object object) {
      DumperOptions options = new DumperOptions();
      options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
      return new Yaml(options).dump(object);
    }

    @Test
    @DisplayName("a stream of documents separated by ---")
    void stream(@TempDir Path dir) throws IOException {
      StringBuilder stream = new StringBuilder();
      for (Map<String, Object> object : live(LIST)) {
        stream.append(stream.length() == 0 ? "" : "---\n").append(dump(object));
      }
      KrmRun run = adopt(write(dir, "live.yaml", stream.toString()));
      assertThat(run.exitCode()).as(run.describe()).isZero();
      assertThat(run.stdout()).isEqualTo(fromList.stdout());
    }

    @Test
    @DisplayName("a directory of single objects, as kubectl get TYPE NAME -o yaml prints each")
    void singleObjects(@TempDir Path dir) throws IOException {
      List<Map<String, Object>> objects = live(LIST);
      for (int i = 0; i < objects.size(); i++) {
        write(dir, "object-" + i + ".yaml", dump(objects.get(i)));
      }
      KrmRun run = adopt(dir);
      assertThat(run.exitCode()).as(run.describe()).isZero();
      assertThat(run.stdout()).isEqualTo(fromList.stdout());
    }

    @Test
    @DisplayName("stdin, named -")
    void stdin() {
      KrmRun run =
          KrmRun.run(
              text(fixture(LIST)).getBytes(StandardCharsets.UTF_8),
              KrmRun.HANG_GUARD,
              "adopt",
              "-");
      assertThat(run.exitCode()).as(run.describe()).isZero();
      assertThat(run.stdout()).isEqualTo(fromList.stdout());
    }
  }

  @Nested
  @DisplayName("overrides only the function keeps, in a stream from an older cluster (selfLink)")
  class Overrides {
    private final KrmRun run = adopt(fixture(STREAM));
    private final List<Map<String, Object>> output = objects(run.stdout());
    private final List<Map<String, Object>> live = live(STREAM);

    @Test
    @DisplayName(
        "sidecar, env, volume, resources, priority class, pull secrets and pod label kept: no rollout")
    void noRollout() {
      assertThat(run.exitCode()).as(run.describe()).isZero();
      assertThat(defaultedTemplate(find(output, "DaemonSet", "racer")))
          .isEqualTo(liveTemplate(find(live, "DaemonSet", "racer")));
      assertThat(run.stderr()).contains("info: verdict: no rollout").doesNotContain("ROLLOUT");
    }

    @Test
    @DisplayName("a change outside the pod template is kept too: maxUnavailable 10%")
    @SuppressWarnings("unchecked")
    void updateStrategyKept() {
      Map<String, Object> spec =
          (Map<String, Object>) find(output, "DaemonSet", "racer").get("spec");
      assertThat(
              (Map<String, Object>)
                  ((Map<String, Object>) spec.get("updateStrategy")).get("rollingUpdate"))
          .containsEntry("maxUnavailable", "10%");
      assertThat(find(output, "ServiceAccount", "racer"))
          .containsEntry("imagePullSecrets", List.of(Map.of("name", "mirror-pull")));
    }

    @Test
    @DisplayName(
        "--chart-values with --fail-on-rollout: the chart's rollout is an error, no values file, no stdout")
    void chartRolloutFails(@TempDir Path dir) {
      Path values = dir.resolve("values.yaml");
      // the same overrides, and hostPID, which no value of the chart sets
      KrmRun run =
          adopt(
              fixture("inexpressible-stream.yaml"),
              "--fail-on-rollout",
              "--chart-values",
              values.toString());
      assertThat(run.exitCode()).as(run.describe()).isEqualTo(1);
      assertThat(run.stdout()).isEmpty();
      assertThat(Files.exists(values)).isFalse();
      assertThat(run.stderr())
          .contains(
              "error: chart verdict: ROLLOUT:",
              "error: chart rollout: live true, new false: no value of charts/racer sets it",
              ", field spec.template.spec.hostPID]")
          .contains("info: verdict: no rollout");
    }

    @Test
    @DisplayName("selfLink goes with the other server fields")
    void selfLinkStripped() {
      assertThat(output)
          .allSatisfy(object -> assertThat(metadata(object)).doesNotContainKey("selfLink"));
    }
  }

  @Nested
  @DisplayName("a live DaemonSet whose settings-hash no longer matches racer-settings")
  class StaleHash {
    private static final String STALE =
        "9b1e0c3d6f2a4b58c7d9e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5";

    private Path stale(Path dir) throws IOException {
      String dump = text(fixture(LIST));
      assertThat(dump).contains(LIVE_HASH);
      return write(dir, "stale.yaml", dump.replace(LIVE_HASH, STALE));
    }

    @Test
    @DisplayName("the verdict is a rollout that names the field, both hashes and why")
    void verdictNamesTheHash(@TempDir Path dir) throws IOException {
      KrmRun run = adopt(stale(dir));
      assertThat(run.exitCode()).as(run.describe()).isZero();
      assertThat(run.stderr())
          .contains(
              "warning: verdict: ROLLOUT: applying these manifests changes the pod template"
                  + " of DaemonSet racer-system/racer in 1 place");
      assertThat(run.stderr())
          .contains(
              "warning: rollout: live \""
                  + STALE
                  + "\", new \""
                  + LIVE_HASH
                  + "\": the settings-hash follows racer-settings",
              "racer-settings changed since the live pods last rolled",
              "field spec.template.metadata.annotations[\"racer.unbounded-cloud.io/settings-hash\"]]");
      assertThat(run.stdout()).contains("racer.unbounded-cloud.io/settings-hash: " + LIVE_HASH);
    }

    @Test
    @DisplayName("--fail-on-rollout: exit 1, the same lines as errors, nothing on stdout")
    void failOnRollout(@TempDir Path dir) throws IOException {
      KrmRun run = adopt(stale(dir), "--fail-on-rollout");
      assertThat(run.exitCode()).as(run.describe()).isEqualTo(1);
      assertThat(run.stdout()).isEmpty();
      assertThat(run.stderr())
          .contains("error: verdict: ROLLOUT:", "error: rollout: live \"" + STALE + "\"");
    }

    @Test
    @DisplayName("--fail-on-rollout without a difference: exit 0")
    void failOnRolloutWithout() {
      KrmRun run = adopt(fixture(LIST), "--fail-on-rollout");
      assertThat(run.exitCode()).as(run.describe()).isZero();
      assertThat(run.stdout()).isNotEmpty();
    }
  }

  @Nested
  @DisplayName("where the function's defaults differ from the API server's")
  class FunctionDefaults {
    @Test
    @DisplayName(
        "a :latest image that the server pulls Always: the manifests keep Always, no rollout")
    @SuppressWarnings("unchecked")
    void latestImage(@TempDir Path dir) throws IOException {
      String dump = text(fixture(LIST));
      String image =
          "image: mirror.example.com/unbounded/racer-dataplane:0.19.0\n          imagePullPolicy: IfNotPresent";
      assertThat(dump).contains(image);
      // as the server stores a manifest that names no pull policy for a :latest image
      // (SetDefaults_Container)
      KrmRun run =
          adopt(
              write(
                  dir,
                  "latest.yaml",
                  dump.replace(
                      image,
                      "image: mirror.example.com/unbounded/racer-dataplane:latest\n          imagePullPolicy: Always")));
      assertThat(run.exitCode()).as(run.describe()).isZero();
      Map<String, Object> container =
          (Map<String, Object>)
              ((List<?>)
                      podSpec(find(objects(run.stdout()), "DaemonSet", "racer")).get("containers"))
                  .get(0);
      assertThat(container)
          .containsEntry("image", "mirror.example.com/unbounded/racer-dataplane:latest")
          .containsEntry("imagePullPolicy", "Always");
      assertThat(run.stderr()).contains("info: verdict: no rollout");
    }

    @Test
    @DisplayName(
        "a template without enableServiceLinks (never defaulted in templates): a rollout, and why")
    void serviceLinks(@TempDir Path dir) throws IOException {
      String dump = text(fixture(LIST));
      assertThat(dump).contains("        enableServiceLinks: false\n");
      Path links =
          write(dir, "links.yaml", dump.replace("        enableServiceLinks: false\n", ""));
      KrmRun run = adopt(links);
      assertThat(run.exitCode()).as(run.describe()).isZero();
      assertThat(run.stderr())
          .contains(
              "warning: rollout: live none, new false: a default the function fills where"
                  + " the live DaemonSet has none [DaemonSet racer-system/racer in "
                  + links
                  + ", field spec.template.spec.enableServiceLinks]");
    }
  }

  @Nested
  @DisplayName("host network, from a cluster older than 1.28 that filled hostPort in pod templates")
  class HostNetwork {
    @Test
    @DisplayName("the hostPorts the server filled are no difference: no rollout")
    void hostPorts(@TempDir Path dir) throws IOException, NoSuchAlgorithmException {
      String dump = text(fixture(LIST));
      String hash =
          HexFormat.of()
              .formatHex(
                  MessageDigest.getInstance("SHA-256")
                      .digest(
                          ("RACER_CONTROL_SEATS=3\nRACER_HOST_NETWORK=true\nRACER_MAX_THREADS=16\nRACER_NVIDIA=cdi\n"
                                  + "RACER_PEER_PORT=9090\n")
                              .getBytes(StandardCharsets.UTF_8)));
      String hostNetwork =
          dump.replace(LIVE_HASH, hash)
              .replace(
                  "    RACER_MAX_THREADS: \"16\"\n",
                  "    RACER_HOST_NETWORK: \"true\"\n    RACER_MAX_THREADS: \"16\"\n")
              .replace(
                  "        dnsPolicy: ClusterFirst\n        enableServiceLinks: false\n",
                  "        dnsPolicy: ClusterFirstWithHostNet\n        enableServiceLinks: false\n        hostNetwork: true\n");
      for (String port : List.of("9090", "9091", "8443", "9443")) {
        hostNetwork =
            hostNetwork.replace(
                "          - containerPort: " + port + "\n",
                "          - containerPort: " + port + "\n            hostPort: " + port + "\n");
      }
      assertThat(hostNetwork).contains("hostNetwork: true", "hostPort: 9443", "RACER_HOST_NETWORK");
      KrmRun run = adopt(write(dir, "host-network.yaml", hostNetwork));
      assertThat(run.exitCode()).as(run.describe()).isZero();
      assertThat(run.stderr()).contains("info: verdict: no rollout");
      assertThat(podSpec(find(objects(run.stdout()), "DaemonSet", "racer")))
          .containsEntry("hostNetwork", true);
    }
  }

  @Nested
  @DisplayName(
      "--function-config FILE: render with the user's config instead of pinning the images")
  class OwnFunctionConfig {
    @Test
    @DisplayName(
        "a config that gives other images: no function config in the output, a rollout naming the image")
    void otherImages(@TempDir Path dir) throws IOException {
      Path config =
          write(
              dir,
              "config.yaml",
              "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: racer-function\n"
                  + "data:\n  imageRegistry: registry.example.com/racer\n");
      KrmRun run = adopt(fixture(LIST), "--function-config", config.toString());
      assertThat(run.exitCode()).as(run.describe()).isZero();
      assertThat(objects(run.stdout()))
          .extracting(o -> metadata(o).get("name"))
          .doesNotContain("racer-function");
      assertThat(run.stderr())
          .contains(
              "warning: rollout: live \"mirror.example.com/unbounded/racer-dataplane:0.19.0\","
                  + " new \"registry.example.com/racer/racer-dataplane:0.19.0\": the dataplane image comes from the function"
                  + " config [DaemonSet racer-system/racer in "
                  + fixture(LIST)
                  + ", field spec.template.spec.containers[name=dataplane].image]");
      assertThat(run.stderr())
          .contains(
              "field spec.template.spec.containers[name=dataplane].env[name=RACER_OBJECT_IMAGE]");
    }
  }
}
