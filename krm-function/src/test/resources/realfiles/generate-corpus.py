#!/usr/bin/env python3
"""Writes the real-files corpus: small Kubernetes manifests in the styles of five public projects
(README.md says which), with comments, blank lines, block and flow forms at places chosen by a
seeded random generator. Run from this folder; the same seed always writes the same files:

    python3 generate-corpus.py      # rewrites corpus/<group>/*.yaml (hand-written files are kept)
"""
import os
import random

SEED = 31
rng = random.Random(SEED)
NAMES = ["api", "web", "worker", "cache", "gateway", "ingest", "search", "billing", "auth", "queue",
         "metrics", "notifier", "scheduler", "frontend", "backend", "store", "proxy", "reporter"]
TEAMS = ["platform", "payments", "data", "edge", "ml", "observability"]
IMAGES = ["nginx:1.27.2", "redis:7.4-alpine", "busybox:1.36", "quay.io/prometheus/node-exporter:v1.8.2",
          "registry.k8s.io/pause:3.10", "ghcr.io/example/app:v2.3.1", "nvcr.io/nvidia/k8s-device-plugin:v0.16.2"]
WORDS = ("the service keeps its state in a volume that is mounted from the node so restarts are cheap "
         "and the data survives a rolling update of the whole set of pods in this namespace").split()


def pick(seq):
    return rng.choice(seq)


def sentence(n):
    start = rng.randrange(0, len(WORDS))
    return " ".join(WORDS[(start + i) % len(WORDS)] for i in range(n))


def note():
    return pick(["TODO: tune for production", "see the runbook before changing this",
                 "keep in sync with the chart", "required by the admission webhook",
                 "the default is fine for most clusters", "set by the release pipeline",
                 "do not remove: used by the dashboards", "defaults to 1 when unset"])


class Doc:
    """Lines of one YAML document; comments go in with the indentation of what follows them."""

    def __init__(self, comment_rate):
        self.lines = []
        self.rate = comment_rate

    def maybe_comment(self, indent):
        if rng.random() < self.rate:
            self.lines.append(" " * indent + "# " + note())

    def maybe_blank(self):
        if rng.random() < self.rate / 2:
            self.lines.append("")

    def add(self, indent, text, inline=False):
        self.maybe_comment(indent)
        if inline and rng.random() < self.rate:
            text += "  # " + note() if rng.random() < 0.3 else " # " + note()
        self.lines.append(" " * indent + text)

    def foot(self, indent):
        if rng.random() < self.rate:
            self.lines.append(" " * indent + "# " + note())

    def text(self):
        return "\n".join(self.lines) + "\n"


def seq_indent(wide):
    return 2 if wide else 0


def labels(doc, indent, name, style):
    if style == "flow" and rng.random() < 0.5:
        spacing = pick(["{app: %s, team: %s}", "{ app: %s, team: %s }", "{app: %s,team: %s}"])
        doc.add(indent, "labels: " + spacing % (name, pick(TEAMS)))
        return
    doc.add(indent, "labels:", inline=True)
    if style == "argocd":
        doc.add(indent + 2, "app.kubernetes.io/name: " + name)
        doc.add(indent + 2, "app.kubernetes.io/part-of: argocd")
        doc.add(indent + 2, "app.kubernetes.io/component: " + pick(["server", "repo-server", "controller"]))
    elif style == "prometheus":
        doc.add(indent + 2, "app.kubernetes.io/component: exporter")
        doc.add(indent + 2, "app.kubernetes.io/name: " + name)
        doc.add(indent + 2, "app.kubernetes.io/part-of: kube-prometheus")
        doc.add(indent + 2, "app.kubernetes.io/version: 1.8.2")
    else:
        doc.add(indent + 2, "app: " + name, inline=True)
        if rng.random() < 0.5:
            doc.add(indent + 2, "tier: " + pick(["frontend", "backend", "cache"]))
    doc.foot(indent + 2)


def metadata(doc, kind, name, style, namespace=True):
    doc.add(0, "metadata:")
    doc.add(2, "name: " + name, inline=True)
    if namespace and rng.random() < 0.7:
        doc.add(2, "namespace: " + pick(["default", "monitoring", "argocd", "kube-system", "apps"]))
    labels(doc, 2, name, style)
    if rng.random() < 0.3:
        doc.add(2, "annotations:")
        doc.add(4, "description: " + sentence(rng.randrange(12, 30)))
        if rng.random() < 0.5:
            doc.add(4, 'example.com/owner: "%s"' % pick(TEAMS))
        doc.foot(4)
    doc.foot(2)


def container(doc, indent, wide, style, name):
    dash = " " * indent + "- "
    inner = indent + 2
    doc.maybe_comment(indent)
    doc.lines.append(dash + "name: " + name)
    doc.add(inner, "image: " + pick(IMAGES), inline=True)
    if rng.random() < 0.5:
        if style in ("nvidia", "kustomize") and rng.random() < 0.5:
            doc.add(inner, "args: " + pick(['["--fail-on-init-error=false"]', '[ "--v=2",  "--port=8080" ]',
                                             '[--config, /etc/app/config.yaml]']))
        else:
            doc.add(inner, "args:", inline=True)
            si = inner + seq_indent(wide)
            for arg in rng.sample(["--v=2", "--port=8080", "--metrics", "--log-format=json",
                                   "--config=/etc/app/config.yaml"], rng.randrange(1, 4)):
                doc.maybe_comment(si)
                doc.lines.append(" " * si + "- " + arg)
            doc.foot(si)
    if rng.random() < 0.7:
        doc.add(inner, "ports:", inline=True)
        si = inner + seq_indent(wide)
        for port in rng.sample([80, 443, 8080, 9090, 9100], rng.randrange(1, 3)):
            doc.maybe_comment(si)
            if rng.random() < 0.3:
                doc.lines.append(" " * si + "- " + pick(["{containerPort: %d, name: http}",
                                                         "{ containerPort: %d,name: http }"]) % port)
            else:
                doc.lines.append(" " * si + "- containerPort: %d" % port)
                doc.add(si + 2, "protocol: TCP")
                doc.foot(si + 2)
    if rng.random() < 0.5:
        doc.add(inner, "env:")
        si = inner + seq_indent(wide)
        for i in range(rng.randrange(1, 4)):
            doc.maybe_comment(si)
            doc.lines.append(" " * si + "- name: " + pick(["LOG_LEVEL", "MODE", "REGION", "CACHE_SIZE"]) + str(i))
            doc.add(si + 2, "value: " + pick(['"info"', "'debug'", "eu-west-1", '"1024"', "true-ish"]))
    if rng.random() < 0.4:
        if style == "nvidia" and rng.random() < 0.5:
            doc.add(inner, "securityContext: " + pick(["{allowPrivilegeEscalation: false, capabilities: {drop: [\"ALL\"]}}",
                                                       "{ privileged: true }"]))
        else:
            doc.add(inner, "resources:")
            doc.add(inner + 2, "limits:")
            doc.add(inner + 4, "memory: " + pick(["128Mi", "256Mi", '"1Gi"']))
            if style == "nvidia":
                doc.add(inner + 4, "nvidia.com/gpu: 1", inline=True)
            doc.foot(inner + 4)
            doc.add(inner + 2, "requests:")
            doc.add(inner + 4, "cpu: " + pick(["100m", "250m", '"1"']))
            doc.foot(inner + 4)
    doc.foot(inner)


def workload(doc, kind, name, style, wide):
    doc.add(0, "apiVersion: apps/v1")
    doc.add(0, "kind: " + kind)
    metadata(doc, kind, name, style)
    doc.maybe_blank()
    doc.add(0, "spec:")
    if kind == "Deployment":
        doc.add(2, "replicas: %d" % rng.randrange(1, 4), inline=True)
    doc.add(2, "selector:")
    doc.add(4, "matchLabels:")
    doc.add(6, "app: " + name)
    doc.add(2, "template:")
    doc.add(4, "metadata:")
    doc.add(6, "labels:")
    doc.add(8, "app: " + name)
    doc.foot(8)
    doc.add(4, "spec:")
    if style == "nvidia" or rng.random() < 0.3:
        doc.add(6, "tolerations:")
        si = 6 + seq_indent(wide)
        doc.maybe_comment(si)
        doc.lines.append(" " * si + "- key: nvidia.com/gpu")
        doc.add(si + 2, "operator: Exists")
        doc.add(si + 2, "effect: NoSchedule")
        if rng.random() < 0.5:
            doc.lines.append(" " * si + "# This toleration is deprecated. Kept here for backward compatibility")
            doc.lines.append(" " * si + "- key: CriticalAddonsOnly")
            doc.add(si + 2, "operator: Exists")
        doc.foot(si)
    if rng.random() < 0.3:
        doc.add(6, "priorityClassName: " + pick(["system-node-critical", '"system-cluster-critical"']))
    doc.add(6, "containers:")
    for i in range(rng.randrange(1, 3)):
        container(doc, 6 + seq_indent(wide), wide, style, name + ("" if i == 0 else "-sidecar"))
    if rng.random() < 0.4:
        doc.add(6, "volumes:")
        si = 6 + seq_indent(wide)
        doc.maybe_comment(si)
        doc.lines.append(" " * si + "- name: config")
        doc.add(si + 2, "configMap:")
        doc.add(si + 4, "name: " + name + "-config")
        if rng.random() < 0.5:
            doc.add(si + 4, "defaultMode: 0644")
        doc.foot(si + 4)


def service(doc, name, style, wide):
    doc.add(0, "apiVersion: v1")
    doc.add(0, "kind: Service")
    metadata(doc, "Service", name, style)
    doc.add(0, "spec:")
    if rng.random() < 0.3:
        doc.add(2, "type: " + pick(["ClusterIP", "NodePort", "LoadBalancer"]))
    doc.add(2, "ports:", inline=True)
    si = 2 + seq_indent(wide)
    for port in rng.sample([80, 443, 8080, 9090], rng.randrange(1, 4)):
        doc.maybe_comment(si)
        if rng.random() < 0.35:
            doc.lines.append(" " * si + "- " + pick(["{port: %d, name: http}", "{ port: %d, targetPort: 8080 }",
                                                     "{port: %d,protocol: TCP}"]) % port)
        else:
            doc.lines.append(" " * si + "- port: %d" % port)
            doc.add(si + 2, "targetPort: %d" % pick([8080, 9090, 3000]), inline=True)
            if rng.random() < 0.5:
                doc.add(si + 2, "name: " + pick(["http", "https", "metrics", "grpc"]))
            doc.foot(si + 2)
    doc.add(2, "selector:")
    doc.add(4, "app: " + name)
    doc.foot(4)


def configmap(doc, name, style):
    doc.add(0, "apiVersion: v1")
    doc.add(0, "kind: ConfigMap")
    metadata(doc, "ConfigMap", name, style)
    doc.add(0, "data:")
    for key in rng.sample(["config.yaml", "log.level", "url", "description", "script.sh", "timeout",
                           "policy.csv", "motd"], rng.randrange(2, 5)):
        r = rng.random()
        if key in ("config.yaml", "script.sh", "policy.csv") or r < 0.2:
            header = pick(["|", "|-", "|+"]) if key != "motd" else ">"
            doc.add(2, key + ": " + header)
            for line in range(rng.randrange(2, 5)):
                if key == "policy.csv":
                    doc.lines.append("    p, role:%s, applications, get, */*, allow" % pick(TEAMS))
                elif key == "script.sh":
                    doc.lines.append("    " + pick(["#!/bin/sh", "set -eu", "echo starting", "exec /app/run \"$@\""]))
                elif line == 0:
                    doc.lines.append("    server:")
                else:
                    doc.lines.append("    " + pick(["  port: 8080", "  # a comment inside the block",
                                                    "logLevel: info", "features: [a, b]"]))
            if header == "|+":
                doc.lines.append("")
        elif key == "motd" or r < 0.35:
            header = pick([">", ">-"])
            doc.add(2, key + ": " + header)
            doc.lines.append("    " + sentence(8))
            doc.lines.append("    " + sentence(6))
        elif key == "description" or r < 0.5:
            if rng.random() < 0.5:
                doc.add(2, key + ": " + sentence(rng.randrange(20, 40)), inline=True)
            else:  # a multi-line plain scalar
                doc.add(2, key + ": " + sentence(6))
                doc.lines.append("    " + sentence(5))
                doc.lines.append("    " + sentence(4))
        else:
            doc.add(2, key + ": " + pick(['"30s"', "'info'", "https://example.com/api", '"true"', "'0'"]), inline=True)
    doc.foot(2)


def rbac(doc, name, style, wide):
    kind = pick(["ClusterRole", "Role"])
    doc.add(0, "apiVersion: rbac.authorization.k8s.io/v1")
    doc.add(0, "kind: " + kind)
    metadata(doc, kind, name, style, namespace=(kind == "Role"))
    doc.add(0, "rules:")
    si = seq_indent(wide)
    for group, resources in rng.sample([('""', ["pods", "services", "configmaps"]),
                                        ("apps", ["deployments", "daemonsets"]),
                                        ("argoproj.io", ["applications", "appprojects"]),
                                        ("monitoring.coreos.com", ["prometheusrules", "servicemonitors"])],
                                       rng.randrange(1, 4)):
        doc.maybe_comment(si)
        doc.lines.append(" " * si + "- apiGroups:")
        doc.lines.append(" " * (si + 2 + seq_indent(wide)) + "- " + group)
        if rng.random() < 0.4:
            doc.add(si + 2, "resources: [" + ", ".join(resources) + "]")
        else:
            doc.add(si + 2, "resources:")
            for r in resources:
                doc.maybe_comment(si + 2 + seq_indent(wide))
                doc.lines.append(" " * (si + 2 + seq_indent(wide)) + "- " + r)
        doc.add(si + 2, "verbs: " + pick(['["get", "list", "watch"]', "[get, list, watch]", "[ '*' ]"]))
        doc.foot(si + 2)


def prometheus_rule(doc, name):
    doc.add(0, "apiVersion: monitoring.coreos.com/v1")
    doc.add(0, "kind: PrometheusRule")
    metadata(doc, "PrometheusRule", name, "prometheus")
    doc.add(0, "spec:")
    doc.add(2, "groups:")
    doc.lines.append("  - name: " + name + ".rules")
    doc.add(4, "rules:")
    for i in range(rng.randrange(1, 4)):
        doc.maybe_comment(4)
        doc.lines.append("    - alert: %sDown%d" % (name.capitalize(), i))
        doc.add(6, "annotations:")
        doc.add(8, "description: " + sentence(rng.randrange(15, 30)))
        doc.add(8, "runbook_url: https://runbooks.prometheus-operator.dev/runbooks/general/%sdown" % name)
        doc.add(8, "summary: " + sentence(5) + ".")
        doc.add(6, "expr: |")
        doc.lines.append('        up{job="%s"} == 0' % name)
        if rng.random() < 0.5:
            doc.lines.append("        and on (namespace) kube_namespace_labels")
        doc.add(6, "for: " + pick(["15m", "5m", "1h"]))
        doc.add(6, "labels:")
        doc.add(8, "severity: " + pick(["warning", "critical"]))
        doc.foot(8)


GROUPS = {
    # group: (style, comment rate, wide sequences, CRLF share)
    "argocd-install": ("argocd", 0.02, False, 0.0),
    "kube-prometheus": ("prometheus", 0.05, False, 0.0),
    "kubernetes-examples": ("examples", 0.35, None, 0.1),
    "nvidia-device-plugin": ("nvidia", 0.3, None, 0.0),
    "kustomize-examples": ("kustomize", 0.25, None, 0.15),
}
PER_GROUP = 60


def document(style, rate, wide):
    doc = Doc(rate)
    name = pick(NAMES) + "-" + str(rng.randrange(1, 99))
    if rng.random() < rate:
        doc.lines.append("# " + sentence(rng.randrange(5, 12)))
        if style in ("nvidia", "examples") and rng.random() < 0.5:
            doc.lines.append("# " + sentence(rng.randrange(5, 12)))
    r = rng.random()
    if style == "prometheus" and r < 0.4:
        prometheus_rule(doc, name)
    elif r < 0.35:
        workload(doc, "DaemonSet" if style == "nvidia" else pick(["Deployment", "StatefulSet"]), name, style, wide)
    elif r < 0.55:
        service(doc, name, style, wide)
    elif r < 0.8:
        configmap(doc, name, style)
    else:
        rbac(doc, name, style, wide)
    if rng.random() < rate:
        doc.lines.append("# " + note())
    return doc.text()


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for group, (style, rate, wide_setting, crlf) in GROUPS.items():
        folder = os.path.join(here, "corpus", group)
        os.makedirs(folder, exist_ok=True)
        for old in os.listdir(folder):
            if old.startswith("generated-"):
                os.remove(os.path.join(folder, old))
        for i in range(PER_GROUP):
            wide = rng.random() < 0.4 if wide_setting is None else wide_setting
            documents = [document(style, rate, wide) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
            text = ""
            if style == "nvidia" and rng.random() < 0.5:
                text = ("# Copyright (c) 2019, NVIDIA CORPORATION.  All rights reserved.\n#\n"
                        "# Licensed under the Apache License, Version 2.0 (the \"License\");\n\n")
            text += "---\n".join(documents) if rng.random() < 0.5 or style == "argocd" else \
                "\n---\n".join(documents)
            if style == "argocd" and rng.random() < 0.5:
                text = "---\n" + text
            if rng.random() < crlf:
                text = text.replace("\n", "\r\n")
            with open(os.path.join(folder, "generated-%03d.yaml" % i), "w", newline="") as out:
                out.write(text)


if __name__ == "__main__":
    main()
