package io.unboundedcloud.racer.workload;

import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Every object the workload module renders is a valid Kubernetes object. */
@Tag("slow")
@DisplayName("every rendered object matches the Kubernetes OpenAPI schema")
class RenderedObjectsSchemaTest {

  @Test
  @DisplayName(
      "the DaemonSet in each NVIDIA mode and network setting, the ServiceAccount and a cache origin")
  void everyRenderedObject() {
    List<Map<String, Object>> objects = new ArrayList<>();
    RenderCase.all()
        .forEach(
            c -> objects.add(KubernetesSchema.toPlain(Dataplane.daemonSet(c.config(), "0a1b2c"))));
    RenderCase.all()
        .forEach(c -> objects.add(KubernetesSchema.toPlain(Dataplane.daemonSet(c.config()))));
    Config peer9090 =
        Config.fromSettings(
            "",
            RenderCase.DATAPLANE_IMAGE,
            RenderCase.OBJECT_IMAGE,
            Map.of("RACER_PEER_PORT", "9090", "RACER_HOST_NETWORK", "true", "RACER_NVIDIA", "cdi"));
    objects.add(KubernetesSchema.toPlain(Dataplane.daemonSet(peer9090)));
    objects.add(
        KubernetesSchema.toPlain(
            Dataplane.serviceAccount(new RenderCase(NvidiaInjection.ENV, false).config())));
    objects.add(KubernetesSchema.toPlain(Dataplane.serviceAccount(peer9090)));
    objects.add(KubernetesSchema.toPlain(CacheOriginTest.weights()));
    objects.add(KubernetesSchema.toPlain(placedOrigin()));

    // one call: node starts once
    KubernetesSchema.assertValid(objects);
  }

  /** An origin with args, env and resources, after the dataplane's placement was applied to it. */
  private static DaemonSet placedOrigin() {
    DaemonSet origin =
        CacheOrigin.daemonSet(
            new CacheOrigin.Spec(
                "weights-origin",
                "racer-system",
                "weights",
                CacheOriginTest.IMAGE,
                List.of("--serve"),
                List.of(
                    new EnvVarBuilder()
                        .withName("ORIGIN_BUCKET")
                        .withValue("s3://weights")
                        .build()),
                new ResourceRequirementsBuilder()
                    .addToRequests("memory", new Quantity("256Mi"))
                    .build()));
    DaemonSet dataplane = Dataplane.daemonSet(new RenderCase(NvidiaInjection.ENV, true).config());
    NodePlacement.placementOf(dataplane.getSpec().getTemplate().getSpec())
        .applyTo(origin.getSpec().getTemplate().getSpec());
    return origin;
  }
}
