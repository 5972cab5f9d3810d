package io.unboundedcloud.racer.krm.render;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Merges the rendered ServiceAccount into an existing one: our labels and token automount are
 * wiring; the user's annotations (workload identity), other labels, secrets and pull secrets are
 * always kept.
 */
final class ServiceAccountOwnership {
  private ServiceAccountOwnership() {}

  static ServiceAccount merge(ServiceAccount rendered, ServiceAccount existing) {
    ServiceAccount merged = new ServiceAccountBuilder(existing).build();
    merged.setApiVersion(rendered.getApiVersion());
    merged.setKind(rendered.getKind());
    ObjectMeta meta = merged.getMetadata() == null ? new ObjectMeta() : merged.getMetadata();
    merged.setMetadata(meta);
    meta.setNamespace(rendered.getMetadata().getNamespace());
    Map<String, String> labels =
        meta.getLabels() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(meta.getLabels());
    labels.putAll(rendered.getMetadata().getLabels());
    meta.setLabels(labels);
    merged.setAutomountServiceAccountToken(rendered.getAutomountServiceAccountToken());
    return merged;
  }
}
