#!/usr/bin/env bash
# Shared by bench/startup.sh and bench/runtime.sh (sourced, not run): the benchmark inputs, so that the
# figures of both compare.
# generate COUNT DIR: writes DIR/items-COUNT.yaml, a ResourceList of COUNT items (racer-settings, a cache
# origin, then ConfigMaps) with the function config.
generate() {
  local count=$1 dir=$2
  {
    cat <<'EOF'
apiVersion: config.kubernetes.io/v1
kind: ResourceList
items:
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: racer-settings
    namespace: racer
  data:
    RACER_NVIDIA: "off"
    RACER_CONTROL_SEATS: "3"
- apiVersion: apps/v1
  kind: DaemonSet
  metadata:
    name: models-origin
    namespace: racer
    labels:
      racer.unbounded-cloud.io/cache-origin: models
  spec:
    selector:
      matchLabels:
        app.kubernetes.io/name: models-origin
    template:
      metadata:
        labels:
          app.kubernetes.io/name: models-origin
      spec:
        containers:
        - name: origin
          image: registry.example.com/models-origin:1.4.2
EOF
    awk -v n=$((count - 2)) 'BEGIN {
      for (i = 0; i < n; i++) {
        printf "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: app-config-%05d\n    namespace: apps\n", i
        printf "    annotations:\n      config.kubernetes.io/index: \"0\"\n      internal.config.kubernetes.io/path: apps/app-config-%05d.yaml\n", i
        printf "  data:\n    greeting: hello\n    replicas: \"3\"\n"
      }
    }'
    cat <<'EOF'
functionConfig:
  apiVersion: v1
  kind: ConfigMap
  metadata:
    name: racer-function
    annotations:
      config.kubernetes.io/local-config: "true"
  data:
    imageRegistry: registry.example.com/racer
EOF
  } >"$dir/items-$count.yaml"
}
