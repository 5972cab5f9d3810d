package io.unboundedcloud.racer.workload;

import static io.unboundedcloud.racer.workload.Trees.map;
import static io.unboundedcloud.racer.workload.Trees.plain;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * CacheOrigin.daemonSet: a cache origin as docs/dataplane.md and the upstream guide describe it.
 */
@DisplayName("CacheOrigin.daemonSet")
class CacheOriginTest {
  static final String IMAGE = "ghcr.io/acme/weights-origin:1.4.2";

  static CacheOrigin.Spec spec(String name, String volume, String image) {
    return new CacheOrigin.Spec(name, "racer-system", volume, image, List.of(), List.of(), null);
  }

  static DaemonSet weights() {
    return CacheOrigin.daemonSet(spec("weights-origin", "weights", IMAGE));
  }

  private static PodSpec pod(DaemonSet ds) {
    return ds.getSpec().getTemplate().getSpec();
  }

  @Nested
  @DisplayName("renders")
  class Renders {
    @Test
    @DisplayName("an apps/v1 DaemonSet with the given name and namespace")
    void object() {
      DaemonSet ds = weights();

      assertThat(ds.getApiVersion()).isEqualTo("apps/v1");
      assertThat(ds.getKind()).isEqualTo("DaemonSet");
      assertThat(ds.getMetadata().getName()).isEqualTo("weights-origin");
      assertThat(ds.getMetadata().getNamespace()).isEqualTo("racer-system");
    }

    @Test
    @DisplayName(
        "marked racer.unbounded-cloud.io/cache-origin: <volume> on the object, selector and template")
    void cacheOriginLabel() {
      DaemonSet ds = weights();

      assertThat(ds.getMetadata().getLabels())
          .containsEntry("racer.unbounded-cloud.io/cache-origin", "weights");
      assertThat(ds.getSpec().getSelector().getMatchLabels())
          .containsEntry("racer.unbounded-cloud.io/cache-origin", "weights");
      assertThat(ds.getSpec().getTemplate().getMetadata().getLabels())
          .containsEntry("racer.unbounded-cloud.io/cache-origin", "weights");
    }

    @Test
    @DisplayName("a selector equal to the template labels")
    void selectorEqualsTemplateLabels() {
      DaemonSet ds = weights();

      assertThat(plain(ds.getSpec().getSelector()))
          .isEqualTo(
              map("matchLabels", plain(ds.getSpec().getTemplate().getMetadata()).get("labels")));
      assertThat(ds.getSpec().getSelector().getMatchLabels())
          .isEqualTo(ds.getMetadata().getLabels());
    }

    @Test
    @DisplayName("the socket directory /run/racer/<volume>/origin as a DirectoryOrCreate hostPath")
    void socketVolume() {
      assertThat(plain(pod(weights()).getVolumes()))
          .isEqualTo(
              List.of(
                  map(
                      "name",
                      "origin-socket",
                      "hostPath",
                      map("path", "/run/racer/weights/origin", "type", "DirectoryOrCreate"))));
      assertThat(CacheOrigin.socketDirectory("weights")).isEqualTo("/run/racer/weights/origin");
    }

    @Test
    @DisplayName("mounted writable at the same path, never all of /run/racer")
    void socketMount() {
      PodSpec pod = pod(weights());
      Container container = pod.getContainers().get(0);

      assertThat(container.getVolumeMounts())
          .singleElement()
          .satisfies(
              mount -> {
                assertThat(mount.getName()).isEqualTo("origin-socket");
                assertThat(mount.getMountPath()).isEqualTo("/run/racer/weights/origin");
                assertThat(mount.getReadOnly()).isNotEqualTo(Boolean.TRUE);
                assertThat(mount.getSubPath()).isNull();
              });
      assertThat(pod.getVolumes())
          .extracting(v -> v.getHostPath().getPath())
          .noneMatch(path -> path.equals("/run/racer") || path.equals("/run/racer/"));
      assertThat(container.getVolumeMounts())
          .extracting(m -> m.getMountPath())
          .doesNotContain("/run/racer");
    }

    @Test
    @DisplayName("a pod that runs as root")
    void runsAsRoot() {
      assertThat(pod(weights()).getSecurityContext().getRunAsUser()).isZero();
    }

    @Test
    @DisplayName("no placement: the renderer copies the dataplane's onto it")
    void noPlacement() {
      PodSpec pod = pod(weights());

      assertThat(pod.getAffinity()).isNull();
      assertThat(pod.getNodeSelector()).isNullOrEmpty();
      assertThat(pod.getTolerations()).isNullOrEmpty();
    }

    @Test
    @DisplayName("the image, args, env and resources as given")
    void containerAsGiven() {
      var env = new EnvVarBuilder().withName("ORIGIN_BUCKET").withValue("s3://weights").build();
      var resources =
          new ResourceRequirementsBuilder().addToRequests("memory", new Quantity("256Mi")).build();
      DaemonSet ds =
          CacheOrigin.daemonSet(
              new CacheOrigin.Spec(
                  "weights-origin",
                  "racer-system",
                  "weights",
                  IMAGE,
                  List.of("--serve"),
                  List.of(env),
                  resources));

      Container container = pod(ds).getContainers().get(0);
      assertThat(container.getImage()).isEqualTo(IMAGE);
      assertThat(container.getArgs()).containsExactly("--serve");
      assertThat(plain(container.getEnv()))
          .isEqualTo(List.of(map("name", "ORIGIN_BUCKET", "value", "s3://weights")));
      assertThat(plain(container.getResources()))
          .isEqualTo(map("requests", map("memory", "256Mi")));
    }

    @Test
    @DisplayName("no args, env or resources when none are given")
    void nothingExtra() {
      Map<String, Object> container = plain(pod(weights()).getContainers().get(0));

      assertThat(container).doesNotContainKeys("args", "command", "env", "resources");
    }

    @Test
    @DisplayName("no namespace when the namespace is empty")
    void noNamespace() {
      DaemonSet ds =
          CacheOrigin.daemonSet(
              new CacheOrigin.Spec("weights-origin", "", "weights", IMAGE, null, null, null));

      assertThat(ds.getMetadata().getNamespace()).isNull();
    }

    @Test
    @DisplayName(
        "a pod the dataplane's placement can be applied to, after which it follows the dataplane")
    void followsTheDataplane() {
      DaemonSet ds = weights();
      PodSpec dataplane =
          pod(Dataplane.daemonSet(new RenderCase(NvidiaInjection.ENV, false).config()));

      NodePlacement.placementOf(dataplane).applyTo(pod(ds));

      assertThat(plain(pod(ds).getAffinity())).isEqualTo(plain(Dataplane.dataplaneAffinity()));
    }
  }

  @Nested
  @DisplayName("rejects")
  class Rejects {
    static Stream<Arguments> badSpecs() {
      return Stream.of(
          Arguments.of(
              "an uppercase name",
              spec("Weights-Origin", "weights", IMAGE),
              "name",
              "Weights-Origin"),
          Arguments.of(
              "a name with an underscore",
              spec("weights_origin", "weights", IMAGE),
              "name",
              "weights_origin"),
          Arguments.of("an empty name", spec("", "weights", IMAGE), "name", ""),
          Arguments.of("no name", spec(null, "weights", IMAGE), "name", "null"),
          Arguments.of(
              "an uppercase volume", spec("weights-origin", "Weights", IMAGE), "volume", "Weights"),
          Arguments.of(
              "a volume with a slash", spec("weights-origin", "a/b", IMAGE), "volume", "a/b"),
          Arguments.of(
              "a volume that climbs out", spec("weights-origin", "..", IMAGE), "volume", ".."),
          Arguments.of("an empty volume", spec("weights-origin", "", IMAGE), "volume", ""),
          Arguments.of("no volume", spec("weights-origin", null, IMAGE), "volume", "null"),
          Arguments.of("an empty image", spec("weights-origin", "weights", ""), "image", ""),
          Arguments.of("a blank image", spec("weights-origin", "weights", "  "), "image", "  "),
          Arguments.of("no image", spec("weights-origin", "weights", null), "image", "null"),
          Arguments.of(
              "an image with whitespace",
              spec("weights-origin", "weights", "acme/origin :1"),
              "image",
              "acme/origin :1"),
          Arguments.of(
              "a malformed image",
              spec("weights-origin", "weights", "UPPER/case"),
              "image",
              "UPPER/case"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badSpecs")
    @DisplayName("with an error naming the field and the value")
    void rejected(String what, CacheOrigin.Spec spec, String field, String value) {
      InvalidConfigurationException error =
          catchThrowableOfType(
              InvalidConfigurationException.class, () -> CacheOrigin.daemonSet(spec));

      assertThat(error).as("daemonSet of %s", what).isNotNull();
      assertThat(error.getMessage())
          .startsWith("invalid racer dataplane configuration: ")
          .contains(value);
      assertThat(error.field()).isEqualTo(field);
      assertThat(error.value()).isEqualTo(value);
    }
  }
}
