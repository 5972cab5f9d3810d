package io.unboundedcloud.racer.krm.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.unboundedcloud.racer.workload.Config;
import io.unboundedcloud.racer.workload.Dataplane;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Merging the rendered ServiceAccount into the user's")
class ServiceAccountOwnershipTest {
  private static final Config CONFIG =
      Config.defaultConfig(
          "racer", "registry.example.com/racer-dataplane:1", "registry.example.com/racer-object:1");

  @Test
  @DisplayName(
      "the user's annotations and pull secrets stay; our labels and token automount come back")
  void ownership() {
    ServiceAccount theirs =
        new ServiceAccountBuilder(Dataplane.serviceAccount(CONFIG))
            .editMetadata()
            .addToAnnotations("azure.workload.identity/client-id", "0000")
            .addToLabels("team", "storage")
            .removeFromLabels("app.kubernetes.io/component")
            .endMetadata()
            .addNewImagePullSecret("regcred")
            .withAutomountServiceAccountToken(true)
            .build();
    ServiceAccount merged = ServiceAccountOwnership.merge(Dataplane.serviceAccount(CONFIG), theirs);
    assertThat(merged.getMetadata().getAnnotations())
        .containsEntry("azure.workload.identity/client-id", "0000");
    assertThat(merged.getMetadata().getLabels())
        .containsEntry("team", "storage")
        .containsAllEntriesOf(Dataplane.labels());
    assertThat(merged.getImagePullSecrets()).hasSize(1);
    assertThat(merged.getAutomountServiceAccountToken()).isFalse();
  }

  @Test
  @DisplayName(
      "settings without a namespace: the merged ServiceAccount has none, also where the user wrote namespace \"\"")
  void noNamespace() {
    Config noNamespace = CONFIG.withNamespace("");
    ServiceAccount theirs =
        new ServiceAccountBuilder(Dataplane.serviceAccount(noNamespace))
            .editMetadata()
            .withNamespace("")
            .endMetadata()
            .build();
    ServiceAccount merged =
        ServiceAccountOwnership.merge(Dataplane.serviceAccount(noNamespace), theirs);
    assertThat(merged.getMetadata().getNamespace()).isNull();
    assertThat(merged).isEqualTo(Dataplane.serviceAccount(noNamespace));
  }
}
