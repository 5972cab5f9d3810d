package io.unboundedcloud.racer.krm.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The table against what API servers returned: DaemonSets as {@code kubectl get -o yaml} printed
 * them in public write-ups (no API server runs here). Only the fields that matter are kept; status,
 * metadata and {@code creationTimestamp: null} of the template are left out.
 */
@DisplayName("The API server's defaults against live DaemonSets")
class ApiServerDefaultsLiveTest {
  @SuppressWarnings("unchecked")
  private static Map<String, Object> yaml(String text) {
    return (Map<String, Object>) new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
  }

  /**
   * A DaemonSet applied with kubectl in a public Kubernetes tutorial (December 2024): its {@code
   * last-applied-configuration} annotation holds what was sent, {@code HELLO_STORED} what the
   * server returned.
   */
  private static final String HELLO_APPLIED =
      """
      apiVersion: apps/v1
      kind: DaemonSet
      metadata: {name: hello-world-ds, namespace: default}
      spec:
        selector: {matchLabels: {app: hello-world-app}}
        template:
          metadata: {labels: {app: hello-world-app}}
          spec:
            containers:
            - {image: "gcr.io/google-samples/hello-app:1.0", name: hello-world}
      """;

  private static final String HELLO_STORED =
      """
      apiVersion: apps/v1
      kind: DaemonSet
      metadata: {name: hello-world-ds, namespace: default}
      spec:
        revisionHistoryLimit: 10
        selector: {matchLabels: {app: hello-world-app}}
        template:
          metadata: {labels: {app: hello-world-app}}
          spec:
            containers:
            - image: gcr.io/google-samples/hello-app:1.0
              imagePullPolicy: IfNotPresent
              name: hello-world
              resources: {}
              terminationMessagePath: /dev/termination-log
              terminationMessagePolicy: File
            dnsPolicy: ClusterFirst
            restartPolicy: Always
            schedulerName: default-scheduler
            securityContext: {}
            terminationGracePeriodSeconds: 30
        updateStrategy:
          rollingUpdate: {maxSurge: 0, maxUnavailable: 1}
          type: RollingUpdate
      """;

  /**
   * kube-proxy of an EKS cluster (Kubernetes 1.21) in a public training write-up: host network, an
   * env {@code fieldRef}, a ConfigMap volume and hostPath volumes with and without a type.
   */
  private static final String KUBE_PROXY_STORED =
      """
      apiVersion: apps/v1
      kind: DaemonSet
      metadata: {name: kube-proxy, namespace: kube-system}
      spec:
        revisionHistoryLimit: 10
        selector: {matchLabels: {k8s-app: kube-proxy}}
        template:
          metadata: {labels: {k8s-app: kube-proxy}}
          spec:
            containers:
            - command: [/usr/local/bin/kube-proxy, --config=/var/lib/kube-proxy/config.conf, --hostname-override=$(NODE_NAME)]
              env:
              - name: NODE_NAME
                valueFrom:
                  fieldRef: {apiVersion: v1, fieldPath: spec.nodeName}
              image: k8s.gcr.io/kube-proxy:v1.21.1
              imagePullPolicy: IfNotPresent
              name: kube-proxy
              resources: {}
              securityContext: {privileged: true}
              terminationMessagePath: /dev/termination-log
              terminationMessagePolicy: File
              volumeMounts:
              - {mountPath: /var/lib/kube-proxy, name: kube-proxy}
              - {mountPath: /run/xtables.lock, name: xtables-lock}
              - {mountPath: /lib/modules, name: lib-modules, readOnly: true}
            dnsPolicy: ClusterFirst
            hostNetwork: true
            nodeSelector: {kubernetes.io/os: linux}
            priorityClassName: system-node-critical
            restartPolicy: Always
            schedulerName: default-scheduler
            securityContext: {}
            serviceAccount: kube-proxy
            serviceAccountName: kube-proxy
            terminationGracePeriodSeconds: 30
            tolerations:
            - {key: CriticalAddonsOnly, operator: Exists}
            - {operator: Exists}
            volumes:
            - configMap: {defaultMode: 420, name: kube-proxy}
              name: kube-proxy
            - hostPath: {path: /run/xtables.lock, type: FileOrCreate}
              name: xtables-lock
            - hostPath: {path: /lib/modules, type: ""}
              name: lib-modules
        updateStrategy:
          rollingUpdate: {maxSurge: 0, maxUnavailable: 1}
          type: RollingUpdate
      """;

  @Test
  @DisplayName(
      "what kubectl applied and what the server stored compare equal once completed (the zeros the server does not print aside)")
  void appliedBecomesStored() {
    assertThat(ApiServerDefaults.filled(yaml(HELLO_APPLIED)))
        .isEqualTo(ApiServerDefaults.filled(yaml(HELLO_STORED)));
  }

  @Test
  @DisplayName("stripping the stored DaemonSet gives back what kubectl applied")
  void storedStripsToApplied() {
    Map<String, Object> stored = yaml(HELLO_STORED);

    ApiServerDefaults.strip(stored);

    assertThat(stored).isEqualTo(yaml(HELLO_APPLIED));
  }

  @Test
  @DisplayName(
      "kube-proxy: the env fieldRef's apiVersion, the ConfigMap's mode 420, a hostPath's empty type and the mirrored serviceAccount are defaults; hostNetwork and the FileOrCreate type are not")
  void kubeProxy() {
    Map<String, Object> stored = yaml(KUBE_PROXY_STORED);
    Map<String, Object> stripped = PlainTrees.copyMap(stored);

    List<ApiServerDefaults.Stripped> removed = ApiServerDefaults.strip(stripped);

    String pod = "spec.template.spec.";
    assertThat(removed)
        .extracting(s -> s.at().toString())
        .containsExactlyInAnyOrder(
            "spec.revisionHistoryLimit",
            "spec.updateStrategy",
            pod + "dnsPolicy",
            pod + "restartPolicy",
            pod + "securityContext",
            pod + "terminationGracePeriodSeconds",
            pod + "schedulerName",
            pod + "serviceAccount",
            pod + "containers[name=kube-proxy].imagePullPolicy",
            pod + "containers[name=kube-proxy].terminationMessagePath",
            pod + "containers[name=kube-proxy].terminationMessagePolicy",
            pod + "containers[name=kube-proxy].resources",
            pod + "containers[name=kube-proxy].env[name=NODE_NAME].valueFrom.fieldRef.apiVersion",
            pod + "volumes[name=kube-proxy].configMap.defaultMode",
            pod + "volumes[name=lib-modules].hostPath.type");
    assertThat(ApiServerDefaults.filled(stripped)).isEqualTo(ApiServerDefaults.filled(stored));
  }
}
