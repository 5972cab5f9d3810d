package io.unboundedcloud.racer.krm.badinput;

import static io.unboundedcloud.racer.krm.harness.ResourceLists.FUNCTION_CONFIG;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.NAMESPACE;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.cacheOriginEntry;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.existingDataplaneEntry;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.resourceList;
import static io.unboundedcloud.racer.krm.harness.ResourceLists.settingsEntry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Objects the function reads as Kubernetes types (the existing dataplane DaemonSet and
 * ServiceAccount, a cache origin's pod spec) holding a value that does not fit its field: one error
 * at that exact field, saying what was expected and what was found; exit 1; every item written back
 * unchanged.
 */
@DisplayName("An object the function reads, with a value that does not fit its Kubernetes field")
class ObjectShapeBadInputTest {
  private static final String ORIGIN_ERROR = "has a pod spec that is not valid Kubernetes";
  private static final String DAEMONSET_ERROR = "is not a valid apps/v1 DaemonSet";

  static Stream<Arguments> cases() {
    return Stream.of(
        arguments(
            "a cache origin's port that is a name, not a number",
            cacheOriginEntry(
                """
            containers:
            - name: origin
              ports:
              - containerPort: http
            """),
            "DaemonSet",
            "models-origin",
            ORIGIN_ERROR,
            "spec.template.spec.containers[0].ports[0].containerPort",
            "expected an integer, found the string \"http\""),
        arguments(
            "a cache origin whose tolerations are a mapping",
            cacheOriginEntry(
                """
            containers:
            - name: origin
            tolerations:
              key: gpu
            """),
            "DaemonSet",
            "models-origin",
            ORIGIN_ERROR,
            "spec.template.spec.tolerations",
            "expected a list, found a mapping"),
        arguments(
            "a cache origin whose runAsNonRoot is the number 1",
            cacheOriginEntry(
                """
            securityContext:
              runAsNonRoot: 1
            containers:
            - name: origin
            """),
            "DaemonSet",
            "models-origin",
            ORIGIN_ERROR,
            "spec.template.spec.securityContext.runAsNonRoot",
            "expected true or false, found the number 1"),
        arguments(
            "the existing dataplane DaemonSet with a memory limit of true",
            existingDataplaneEntry(
                """
            template:
              spec:
                containers:
                - name: dataplane
                  resources:
                    limits:
                      memory: true
            """),
            "DaemonSet",
            "racer",
            DAEMONSET_ERROR,
            "spec.template.spec.containers[0].resources.limits.memory",
            "expected a quantity such as 100Mi or 0.5, found true"),
        arguments(
            "the existing dataplane DaemonSet with a fractional minReadySeconds",
            existingDataplaneEntry(
                """
            minReadySeconds: 1.5
            """),
            "DaemonSet",
            "racer",
            DAEMONSET_ERROR,
            "spec.minReadySeconds",
            "expected an integer, found the number 1.5"),
        arguments(
            "a cache origin with a null toleration ('- ~')",
            cacheOriginEntry(
                """
            containers:
            - name: origin
            tolerations:
            - {key: gpu, operator: Exists}
            - ~
            """),
            "DaemonSet",
            "models-origin",
            ORIGIN_ERROR,
            "spec.template.spec.tolerations[1]",
            "expected a mapping, found null"),
        arguments(
            "the existing dataplane DaemonSet with an env entry that is a '-' alone",
            existingDataplaneEntry(
                """
            template:
              spec:
                containers:
                - name: dataplane
                  env:
                  -
            """),
            "DaemonSet",
            "racer",
            DAEMONSET_ERROR,
            "spec.template.spec.containers[0].env[0]",
            "expected a mapping, found null"),
        arguments(
            "the existing ServiceAccount whose secrets are a string",
            """
            - apiVersion: v1
              kind: ServiceAccount
              metadata:
                name: racer
                namespace: racer
              secrets: racer-token
            """,
            "ServiceAccount",
            "racer",
            "is not a valid v1 ServiceAccount",
            "secrets",
            "expected a list, found the string \"racer-token\""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("one error at the field, saying what was expected and found")
  void oneErrorAtTheField(
      String name,
      String item,
      String kind,
      String objectName,
      String what,
      String field,
      String problem) {
    String input = resourceList(List.of(settingsEntry(NAMESPACE, Map.of()), item), FUNCTION_CONFIG);
    Map<String, Object> error =
        Verdict.assertRefusedKeepingItems(input, KrmRun.function(input)).onlyError();
    assertThat((String) error.get("message")).contains(what, field + ": " + problem);
    assertThat(error.get("field")).isEqualTo(Map.of("path", field));
    assertThat(Verdict.<Map<String, Object>>cast(error.get("resourceRef")))
        .containsEntry("kind", kind)
        .containsEntry("name", objectName);
  }
}
