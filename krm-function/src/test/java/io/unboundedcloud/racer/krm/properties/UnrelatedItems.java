package io.unboundedcloud.racer.krm.properties;

import static io.unboundedcloud.racer.krm.properties.YamlLines.anyStyle;
import static io.unboundedcloud.racer.krm.properties.YamlLines.maybeComment;

import io.unboundedcloud.racer.krm.properties.YamlLines.Words;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Items the function must pass through untouched, as YAML text: ConfigMaps, Services, Deployments,
 * Secrets and Kptfiles with random labels, annotations (kpt's and kustomize's internal ones too),
 * comments and quoted scalars, and look-alikes of ours (other kinds named racer, racer objects of
 * another namespace).
 */
final class UnrelatedItems {
  private final Random random;
  private int serial;

  /** Look-alike items already made, so that no two items share kind, namespace and name. */
  private final Set<Integer> lookalikes = new HashSet<>();

  UnrelatedItems(Random random) {
    this.random = random;
  }

  /** The next unrelated item, in the installation namespace, another one or none. */
  List<String> next(String installation) {
    int n = serial++;
    String namespace =
        random.nextInt(3) == 0 ? "" : random.nextBoolean() ? installation : "apps-" + n % 3;
    return switch (random.nextInt(9)) {
      case 0, 1 -> configMap("cm-" + n, namespace);
      case 2, 3 -> service("svc-" + n, namespace);
      case 4, 5 -> deployment("web-" + n, namespace);
      case 6 -> secret("secret-" + n, namespace);
      case 7 -> lookalike(n, installation);
      default -> kptfile(n);
    };
  }

  private YamlLines header(String apiVersion, String kind, String name, String namespace) {
    YamlLines yaml = new YamlLines();
    if (random.nextInt(4) == 0) {
      yaml.line(0, "# " + Words.any(random) + " " + kind + " " + name);
    }
    yaml.line(0, "apiVersion: " + apiVersion).line(0, "kind: " + kind).line(0, "metadata:");
    yaml.line(2, "name: " + name + maybeComment(random));
    if (!namespace.isEmpty()) {
      yaml.line(2, "namespace: " + namespace);
    }
    if (random.nextBoolean()) {
      yaml.line(2, "labels:");
      int count = 1 + random.nextInt(3);
      for (int i = 0; i < count; i++) {
        yaml.line(
            4,
            List.of("app", "team", "tier", "app.kubernetes.io/part-of").get(i)
                + ": "
                + anyStyle(random.nextInt(4) == 0 ? "true" : Words.any(random), random));
      }
    }
    if (random.nextBoolean()) {
      yaml.line(2, "annotations:").lines(4, annotations(kind, name, namespace));
    }
    return yaml;
  }

  private List<String> configMap(String name, String namespace) {
    YamlLines yaml = header("v1", "ConfigMap", name, namespace);
    yaml.line(0, "data:");
    yaml.line(2, "plain: " + Words.any(random) + maybeComment(random));
    yaml.line(2, "single: " + YamlLines.singleQuoted("it's " + Words.any(random)));
    yaml.line(2, "double: " + YamlLines.doubleQuoted("say \"" + Words.any(random) + "\"\tthen"));
    yaml.line(2, "number: \"" + random.nextInt(10000) + "\"");
    if (random.nextBoolean()) {
      yaml.line(2, "script.sh: |").line(4, "#!/bin/sh").line(4, "echo " + Words.any(random));
    }
    if (random.nextBoolean()) {
      yaml.line(2, "flow: '{a: b}'");
    }
    return yaml.lines();
  }

  private List<String> service(String name, String namespace) {
    YamlLines yaml = header("v1", "Service", name, namespace);
    yaml.line(0, "spec:");
    yaml.line(2, "selector: {app: " + Words.any(random) + "}");
    yaml.line(2, "ports:");
    yaml.line(2, "- name: http" + maybeComment(random))
        .line(4, "port: " + (80 + random.nextInt(8000)));
    yaml.line(4, "targetPort: " + anyStyle("http", random));
    if (random.nextBoolean()) {
      yaml.line(2, "type: " + (random.nextBoolean() ? "ClusterIP" : "\"NodePort\""));
    }
    return yaml.lines();
  }

  private List<String> deployment(String name, String namespace) {
    YamlLines yaml = header("apps/v1", "Deployment", name, namespace);
    yaml.line(0, "spec:").line(2, "replicas: " + random.nextInt(5) + maybeComment(random));
    yaml.line(2, "selector:").line(4, "matchLabels: {app: " + name + "}");
    yaml.line(2, "template:").line(4, "metadata:").line(6, "labels:").line(8, "app: " + name);
    yaml.line(4, "spec:");
    if (random.nextBoolean()) {
      // a workload of the user with its own placement: not an origin, so never touched
      yaml.line(6, "nodeSelector:").line(8, "pool: " + Words.any(random));
      yaml.line(6, "tolerations:").line(6, "- {key: dedicated, operator: Exists}");
    }
    yaml.line(6, "containers:").line(6, "- name: main");
    yaml.line(8, "image: " + anyStyle("nginx:1." + random.nextInt(30), random));
    yaml.line(8, "args: [\"--port\", \"" + (8000 + random.nextInt(100)) + "\"]");
    if (random.nextBoolean()) {
      yaml.line(8, "envFrom:").line(8, "- configMapRef:").line(12, "name: racer-settings");
    }
    return yaml.lines();
  }

  private List<String> secret(String name, String namespace) {
    YamlLines yaml = header("v1", "Secret", name, namespace);
    yaml.line(0, "type: Opaque")
        .line(0, "stringData:")
        .line(2, "token: " + YamlLines.doubleQuoted("s3cr3t-" + name));
    return yaml.lines();
  }

  /**
   * Items that look like ours but are not: other kinds named racer, racer objects of another
   * namespace.
   */
  private List<String> lookalike(int n, String installation) {
    String other = installation.equals("legacy") ? "legacy-2" : "legacy";
    int which = random.nextInt(5);
    if ((which == 1 || which == 2 || which == 3) && !lookalikes.add(which)) {
      which = 0;
    }
    return switch (which) {
      case 0 ->
          header("v1", "ConfigMap", "racer-settings-" + n, installation)
              .line(0, "data: {k: v}")
              .lines();
      case 1 ->
          header("v1", "Service", "racer", installation)
              .line(0, "spec:")
              .line(2, "ports:")
              .line(2, "- port: 9090")
              .lines();
      case 2 ->
          header("apps/v1", "DaemonSet", "racer", other)
              .line(0, "spec:")
              .line(2, "template:")
              .line(4, "spec:")
              .line(6, "containers:")
              .line(6, "- {name: dataplane, image: old/racer:0.1}")
              .lines();
      case 3 -> header("v1", "ServiceAccount", "racer", other).lines();
      default ->
          header("v1", "ConfigMap", "cache-notes-" + n, installation)
              .line(0, "data:")
              .line(2, "racer.unbounded-cloud.io/cache-origin: models")
              .lines();
    };
  }

  private List<String> kptfile(int n) {
    YamlLines yaml = new YamlLines();
    yaml.line(0, "apiVersion: kpt.dev/v1").line(0, "kind: Kptfile").line(0, "metadata:");
    yaml.line(2, "name: package-" + n).line(2, "annotations:");
    yaml.line(4, "config.kubernetes.io/local-config: \"true\"");
    yaml.line(4, "internal.config.kubernetes.io/path: 'Kptfile'");
    yaml.line(0, "pipeline:")
        .line(2, "mutators:")
        .line(2, "- image: ghcr.io/unbounded-cloud/racer-krm:0.1.0");
    yaml.line(4, "configMap:").line(6, "imageRegistry: registry.example.com/racer");
    return yaml.lines();
  }

  /** Annotations kpt or kustomize put on items, and some of a user's. */
  List<String> annotations(String kind, String name, String namespace) {
    List<String> lines = new ArrayList<>();
    int index = random.nextInt(5);
    if (random.nextBoolean()) {
      lines.add("config.kubernetes.io/index: '" + index + "'");
      lines.add("config.kubernetes.io/path: '" + Words.any(random) + "/" + name + ".yaml'");
      lines.add("internal.config.kubernetes.io/index: '" + index + "'");
      lines.add(
          "internal.config.kubernetes.io/path: '" + Words.any(random) + "/" + name + ".yaml'");
      lines.add(
          "internal.config.kubernetes.io/seqindent: '"
              + (random.nextBoolean() ? "compact" : "wide")
              + "'");
      lines.add("internal.config.kubernetes.io/id: '" + (1 + index) + "'");
      lines.add("config.k8s.io/id: '" + (1 + index) + "'");
    } else {
      lines.add("kustomize.config.k8s.io/id: |");
      lines.add("  kind: " + kind);
      lines.add("  name: " + name);
      if (!namespace.isEmpty()) {
        lines.add("  namespace: " + namespace);
      }
      lines.add("  version: v1");
      lines.add("internal.config.kubernetes.io/previousNames: " + name + "," + name);
      lines.add("config.kubernetes.io/index: '" + index + "'");
      lines.add("internal.config.kubernetes.io/annotations-migration-resource-id: '" + index + "'");
    }
    if (random.nextBoolean()) {
      lines.add("example.com/note: " + anyStyle("kept: " + Words.any(random), random));
    }
    return lines;
  }
}
