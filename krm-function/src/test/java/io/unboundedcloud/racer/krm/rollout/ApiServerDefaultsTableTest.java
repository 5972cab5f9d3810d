package io.unboundedcloud.racer.krm.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Every default of the table, each expected value written from Kubernetes' source, not from the
 * table's output: {@code SetDefaults_DaemonSet} (apps/v1), {@code SetDefaults_PodSpec}, {@code
 * SetDefaults_Container}, {@code SetDefaults_Probe}, {@code SetDefaults_HTTPGetAction}, {@code
 * SetDefaults_ObjectFieldSelector}, the volume source functions and the {@code +default} markers of
 * core/v1 (docs/adopt.md, "The API-server defaults, and where each was checked"). A default lost
 * from the table turns a real rollout into none, or a manifest into one that rolls for nothing.
 */
@DisplayName("The API server's defaults, each as Kubernetes' source sets it")
class ApiServerDefaultsTableTest {
  @SuppressWarnings("unchecked")
  private static Map<String, Object> yaml(String text) {
    return (Map<String, Object>) new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
  }

  /** A pod spec holding every structure the table completes, with none of its defaults. */
  private static final String BARE_POD =
      """
      serviceAccountName: racer
      initContainers:
      - name: init
        image: example.com/init
        env:
        - name: NODE
          valueFrom: {fieldRef: {fieldPath: spec.nodeName}}
      containers:
      - name: app
        image: example.com/app:1.0
        ports: [{containerPort: 80}]
        env:
        - name: LIMIT
          valueFrom: {resourceFieldRef: {resource: limits.memory}}
        volumeMounts: [{name: host, mountPath: /h}]
        livenessProbe: {grpc: {port: 9}}
        readinessProbe: {tcpSocket: {port: 80}}
        startupProbe: {httpGet: {port: 80}}
        lifecycle:
          postStart: {httpGet: {port: 81}}
          preStop: {httpGet: {port: 82}}
      volumes:
      - name: host
        hostPath: {path: /h}
      - name: settings
        configMap: {name: racer-settings}
      - name: certs
        secret: {secretName: certs}
      - name: pod
        downwardAPI:
          items:
          - {path: ns, fieldRef: {fieldPath: metadata.namespace}}
          - {path: mem, resourceFieldRef: {containerName: app, resource: limits.memory}}
      - name: token
        projected:
          sources:
          - downwardAPI: {items: [{path: ns, fieldRef: {fieldPath: metadata.namespace}}]}
          - serviceAccountToken: {path: token}
      - name: scratch
        ephemeral: {volumeClaimTemplate: {spec: {accessModes: [ReadWriteOnce]}}}
      - name: disk
        iscsi: {targetPortal: 10.0.0.1, iqn: iqn.2001-04.com.example:disk, lun: 0}
      - name: block
        rbd: {monitors: [10.0.0.2], image: disk}
      - name: azure
        azureDisk: {diskName: d, diskURI: u}
      - name: flex
        scaleIO: {gateway: g, system: s, secretRef: {name: x}}
      """;

  /** BARE_POD as the server stores it, completed by hand from the source. */
  private static final String DEFAULTED_POD =
      """
      serviceAccountName: racer
      serviceAccount: racer
      dnsPolicy: ClusterFirst
      restartPolicy: Always
      securityContext: {}
      terminationGracePeriodSeconds: 30
      schedulerName: default-scheduler
      hostNetwork: false
      hostPID: false
      hostIPC: false
      initContainers:
      - name: init
        image: example.com/init
        imagePullPolicy: Always
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
        stdin: false
        stdinOnce: false
        tty: false
        resources: {}
        env:
        - name: NODE
          value: ""
          valueFrom: {fieldRef: {fieldPath: spec.nodeName, apiVersion: v1}}
      containers:
      - name: app
        image: example.com/app:1.0
        imagePullPolicy: IfNotPresent
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
        stdin: false
        stdinOnce: false
        tty: false
        resources: {}
        ports: [{containerPort: 80, protocol: TCP, hostPort: 0}]
        env:
        - name: LIMIT
          value: ""
          valueFrom: {resourceFieldRef: {resource: limits.memory, divisor: "0"}}
        volumeMounts: [{name: host, mountPath: /h, readOnly: false}]
        livenessProbe:
          grpc: {port: 9, service: ""}
          timeoutSeconds: 1
          periodSeconds: 10
          successThreshold: 1
          failureThreshold: 3
          initialDelaySeconds: 0
        readinessProbe:
          tcpSocket: {port: 80}
          timeoutSeconds: 1
          periodSeconds: 10
          successThreshold: 1
          failureThreshold: 3
          initialDelaySeconds: 0
        startupProbe:
          httpGet: {port: 80, path: /, scheme: HTTP}
          timeoutSeconds: 1
          periodSeconds: 10
          successThreshold: 1
          failureThreshold: 3
          initialDelaySeconds: 0
        lifecycle:
          postStart: {httpGet: {port: 81, path: /, scheme: HTTP}}
          preStop: {httpGet: {port: 82, path: /, scheme: HTTP}}
      volumes:
      - name: host
        hostPath: {path: /h, type: ""}
      - name: settings
        configMap: {name: racer-settings, defaultMode: 420}
      - name: certs
        secret: {secretName: certs, defaultMode: 420}
      - name: pod
        downwardAPI:
          defaultMode: 420
          items:
          - {path: ns, fieldRef: {fieldPath: metadata.namespace, apiVersion: v1}}
          - {path: mem, resourceFieldRef: {containerName: app, resource: limits.memory, divisor: "0"}}
      - name: token
        projected:
          defaultMode: 420
          sources:
          - downwardAPI: {items: [{path: ns, fieldRef: {fieldPath: metadata.namespace, apiVersion: v1}}]}
          - serviceAccountToken: {path: token, expirationSeconds: 3600}
      - name: scratch
        ephemeral: {volumeClaimTemplate: {spec: {accessModes: [ReadWriteOnce], volumeMode: Filesystem}}}
      - name: disk
        iscsi: {targetPortal: 10.0.0.1, iqn: iqn.2001-04.com.example:disk, lun: 0, iscsiInterface: default}
      - name: block
        rbd: {monitors: [10.0.0.2], image: disk, pool: rbd, user: admin, keyring: /etc/ceph/keyring}
      - name: azure
        azureDisk: {diskName: d, diskURI: u, cachingMode: ReadWrite, kind: Shared, fsType: ext4, readOnly: false}
      - name: flex
        scaleIO: {gateway: g, system: s, secretRef: {name: x}, storageMode: ThinProvisioned, fsType: xfs}
      """;

  private static Map<String, Object> workload(String kind, String podSpec) {
    String template = "template:\n  metadata: {labels: {app: x}}\n  spec:\n" + podSpec.indent(4);
    String spec =
        switch (kind) {
          case "Pod" -> podSpec;
          case "CronJob" -> "schedule: '* * * * *'\njobTemplate:\n  spec:\n" + template.indent(4);
          default -> "selector: {matchLabels: {app: x}}\n" + template;
        };
    return yaml(
        "apiVersion: v1\nkind: " + kind + "\nmetadata: {name: x}\nspec:\n" + spec.indent(2));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> at(Map<String, Object> tree, String... path) {
    Map<String, Object> here = tree;
    for (String key : path) {
      here = (Map<String, Object>) here.get(key);
    }
    return here;
  }

  @Nested
  @DisplayName("filled")
  class Filled {
    @Test
    @DisplayName(
        "a pod template gets every default of SetDefaults_PodSpec, its containers, probes, hooks and volumes")
    void everyPodDefault() {
      Map<String, Object> filled = ApiServerDefaults.filled(workload("DaemonSet", BARE_POD));

      assertThat(at(filled, "spec", "template", "spec")).isEqualTo(yaml(DEFAULTED_POD));
    }

    @Test
    @DisplayName(
        "a DaemonSet gets SetDefaults_DaemonSet's revisionHistoryLimit, RollingUpdate, maxUnavailable 1 and maxSurge 0")
    void daemonSet() {
      Map<String, Object> spec = at(ApiServerDefaults.filled(workload("DaemonSet", "{}")), "spec");

      assertThat(spec)
          .containsEntry("revisionHistoryLimit", 10)
          .containsEntry("minReadySeconds", 0)
          .containsEntry(
              "updateStrategy",
              yaml("{type: RollingUpdate, rollingUpdate: {maxUnavailable: 1, maxSurge: 0}}"));
    }

    @Test
    @DisplayName(
        "a rolling update that sets one bound gets the other; an explicit RollingUpdate without rollingUpdate gets both")
    void partialRollingUpdate() {
      Map<String, Object> oneBound = workload("DaemonSet", "{}");
      at(oneBound, "spec").put("updateStrategy", yaml("{rollingUpdate: {maxUnavailable: 3}}"));
      Map<String, Object> typed = workload("DaemonSet", "{}");
      at(typed, "spec").put("updateStrategy", yaml("{type: RollingUpdate}"));

      assertThat(at(ApiServerDefaults.filled(oneBound), "spec", "updateStrategy"))
          .isEqualTo(
              yaml("{type: RollingUpdate, rollingUpdate: {maxUnavailable: 3, maxSurge: 0}}"));
      assertThat(at(ApiServerDefaults.filled(typed), "spec", "updateStrategy"))
          .isEqualTo(
              yaml("{type: RollingUpdate, rollingUpdate: {maxUnavailable: 1, maxSurge: 0}}"));
    }

    @Test
    @DisplayName(
        "a Deployment's, a Job's and a CronJob's template get the pod defaults, but not the DaemonSet's")
    void otherKinds() {
      for (String kind : List.of("Deployment", "StatefulSet", "Job")) {
        Map<String, Object> filled = ApiServerDefaults.filled(workload(kind, BARE_POD));
        assertThat(at(filled, "spec", "template", "spec")).as(kind).isEqualTo(yaml(DEFAULTED_POD));
        assertThat(at(filled, "spec"))
            .as(kind)
            .doesNotContainKeys("revisionHistoryLimit", "updateStrategy", "minReadySeconds");
      }
      Map<String, Object> cronJob = ApiServerDefaults.filled(workload("CronJob", BARE_POD));
      assertThat(at(cronJob, "spec", "jobTemplate", "spec", "template", "spec"))
          .isEqualTo(yaml(DEFAULTED_POD));
    }

    @Test
    @DisplayName("a Pod's own spec gets the pod spec defaults (its template part)")
    void pod() {
      Map<String, Object> filled = ApiServerDefaults.filled(workload("Pod", BARE_POD));

      assertThat(at(filled, "spec")).isEqualTo(yaml(DEFAULTED_POD));
    }

    @Test
    @DisplayName(
        "the deprecated serviceAccount alone names the account (the v1 conversion), and is kept")
    void deprecatedServiceAccount() {
      Map<String, Object> pod =
          at(
              ApiServerDefaults.filled(
                  workload("DaemonSet", "serviceAccount: racer\ncontainers: []")),
              "spec",
              "template",
              "spec");

      assertThat(pod)
          .containsEntry("serviceAccountName", "racer")
          .containsEntry("serviceAccount", "racer");
    }

    @Test
    @DisplayName(
        "a manifest that sets every defaulted field to another value keeps each; nothing is added where it says")
    void setValuesKept() {
      String chosen =
          """
          dnsPolicy: Default
          restartPolicy: OnFailure
          terminationGracePeriodSeconds: 5
          schedulerName: other
          hostNetwork: true
          containers:
          - name: app
            image: example.com/app:latest
            imagePullPolicy: Never
            terminationMessagePath: /tmp/end
            terminationMessagePolicy: FallbackToLogsOnError
            env:
            - {name: A, value: x}
            - {name: B, valueFrom: {fieldRef: {apiVersion: v2, fieldPath: x}}}
            livenessProbe:
              httpGet: {path: /live, scheme: HTTPS, port: 1}
              timeoutSeconds: 2
              periodSeconds: 3
              successThreshold: 4
              failureThreshold: 5
              initialDelaySeconds: 6
          volumes:
          - name: settings
            configMap: {name: racer-settings, defaultMode: 256}
          - name: token
            projected:
              defaultMode: 256
              sources: [{serviceAccountToken: {path: t, expirationSeconds: 600}}]
          - name: block
            rbd: {monitors: [m], image: i, pool: p, user: u, keyring: /k}
          """;
      Map<String, Object> manifest = workload("DaemonSet", chosen);
      Map<String, Object> pod = at(ApiServerDefaults.filled(manifest), "spec", "template", "spec");

      Map<String, Object> expected = yaml(chosen);
      assertThat(pod)
          .containsAllEntriesOf(
              Map.of(
                  "dnsPolicy",
                  "Default",
                  "restartPolicy",
                  "OnFailure",
                  "terminationGracePeriodSeconds",
                  5,
                  "schedulerName",
                  "other",
                  "hostNetwork",
                  true,
                  "volumes",
                  expected.get("volumes")));
      @SuppressWarnings("unchecked")
      Map<String, Object> container =
          (Map<String, Object>) ((List<?>) pod.get("containers")).get(0);
      assertThat(container)
          .containsEntry("imagePullPolicy", "Never")
          .containsEntry("terminationMessagePath", "/tmp/end")
          .containsEntry("terminationMessagePolicy", "FallbackToLogsOnError")
          .containsEntry(
              "env",
              yaml("e: [{name: A, value: x}, {name: B, value: '', valueFrom: {fieldRef: {apiVersion: v2, fieldPath: x}}}]")
                  .get("e"))
          .containsEntry(
              "livenessProbe",
              ((Map<?, ?>) ((List<?>) expected.get("containers")).get(0)).get("livenessProbe"));
    }

    @Test
    @DisplayName(
        "what is not a workload, or has no spec, or holds other things than objects where lists are, is left alone")
    void notAWorkload() {
      Map<String, Object> configMap = yaml("{apiVersion: v1, kind: ConfigMap, data: {a: b}}");
      Map<String, Object> odd =
          yaml(
              "{kind: DaemonSet, spec: {template: {spec: {containers: [x, 3], volumes: 7, initContainers: [{name: i}]}}}}");

      assertThat(ApiServerDefaults.filled(configMap)).isEqualTo(configMap);
      assertThat(at(ApiServerDefaults.filled(odd), "spec", "template", "spec"))
          .containsEntry("containers", List.of("x", 3))
          .containsEntry("volumes", 7);
    }

    @Test
    @DisplayName("filled leaves its argument as it was")
    void copies() {
      Map<String, Object> manifest = workload("DaemonSet", BARE_POD);
      Map<String, Object> before = PlainTrees.copyMap(manifest);

      ApiServerDefaults.filled(manifest);

      assertThat(manifest).isEqualTo(before);
    }
  }

  @Nested
  @DisplayName("strip")
  class Strip {
    @Test
    @DisplayName(
        "removes from the stored form exactly what the server would fill, and reports each where it was")
    void everyPodDefault() {
      Map<String, Object> live = workload("DaemonSet", DEFAULTED_POD);
      Map<String, Object> liveSpec = at(live, "spec");
      liveSpec.putAll(
          yaml(
              "{revisionHistoryLimit: 10, minReadySeconds: 0, updateStrategy: {type: RollingUpdate, rollingUpdate: {maxUnavailable: 1, maxSurge: 0}}}"));

      List<ApiServerDefaults.Stripped> removed = ApiServerDefaults.strip(live);

      // the pod spec's empty securityContext goes too: SetDefaults_PodSpec puts it back
      Map<String, Object> expected = yaml(BARE_POD);
      assertThat(at(live, "spec", "template", "spec")).isEqualTo(expected);
      assertThat(at(live, "spec")).doesNotContainKeys("revisionHistoryLimit", "updateStrategy");
      assertThat(removed)
          .extracting(stripped -> stripped.at().toString())
          .contains(
              "spec.revisionHistoryLimit",
              "spec.updateStrategy",
              "spec.template.spec.serviceAccount",
              "spec.template.spec.securityContext",
              "spec.template.spec.containers[name=app].env[name=LIMIT].valueFrom.resourceFieldRef.divisor",
              "spec.template.spec.volumes[name=pod].downwardAPI.items[0].fieldRef.apiVersion",
              "spec.template.spec.volumes[name=token].projected.sources[1].serviceAccountToken.expirationSeconds")
          .doesNotHaveDuplicates();
      assertThat(removed)
          .filteredOn(stripped -> stripped.at().toString().equals("spec.template.spec.dnsPolicy"))
          .extracting(ApiServerDefaults.Stripped::value)
          .containsExactly("ClusterFirst");
    }

    @Test
    @DisplayName(
        "keeps an object holding more than defaults (a securityContext that sets something), and what differs")
    void keepsChoices() {
      Map<String, Object> live =
          workload(
              "DaemonSet",
              """
              securityContext: {runAsUser: 0}
              dnsPolicy: Default
              containers: [{name: a, image: a:1, resources: {limits: {memory: 1Gi}}, imagePullPolicy: Always}]
              """);

      List<ApiServerDefaults.Stripped> removed = ApiServerDefaults.strip(live);

      Map<String, Object> pod = at(live, "spec", "template", "spec");
      assertThat(pod)
          .containsEntry("securityContext", Map.of("runAsUser", 0))
          .containsEntry("dnsPolicy", "Default");
      assertThat(pod.get("containers"))
          .isEqualTo(
              yaml("c: [{name: a, image: a:1, resources: {limits: {memory: 1Gi}}, imagePullPolicy: Always}]")
                  .get("c"));
      assertThat(removed).isEmpty();
    }

    @Test
    @DisplayName("an OnDelete strategy loses nothing but what equals a default")
    void onDelete() {
      Map<String, Object> live = workload("DaemonSet", "containers: []");
      at(live, "spec").put("updateStrategy", yaml("{type: OnDelete}"));

      ApiServerDefaults.strip(live);

      assertThat(at(live, "spec", "updateStrategy")).isEqualTo(Map.of("type", "OnDelete"));
    }
  }
}
