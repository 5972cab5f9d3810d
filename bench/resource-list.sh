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

# generate_mix COUNT DIR: writes DIR/mix-COUNT.yaml, a ResourceList of COUNT items, a third each Services,
# Deployments and ConfigMaps (about 277 bytes an item), in the style kpt and kustomize send (kyaml's:
# indent 2, "- " at the key's indent), racer-settings first and the function config last: the input of the
# reading and writing benchmark (bench/reader.sh), where the function reads two items, renders the
# dataplane and gives every other item back as it came.
generate_mix() {
  local count=$1 dir=$2
  {
    printf 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n'
    printf -- '- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: racer-settings\n    namespace: racer\n'
    printf '  data:\n    RACER_CONTROL_SEATS: "3"\n'
    awk -v n="$count" 'BEGIN {
      for (i = 1; i < n; i++) {
        k = i % 3
        if (k == 0) {
          printf "- apiVersion: v1\n  kind: Service\n  metadata:\n    name: web-%06d\n    namespace: apps\n", i
          printf "    labels:\n      app: web-%06d\n  spec:\n    selector:\n      app: web-%06d\n", i, i
          printf "    ports:\n    - name: http\n      port: 80\n      targetPort: 8080\n"
        } else if (k == 1) {
          printf "- apiVersion: apps/v1\n  kind: Deployment\n  metadata:\n    name: web-%06d\n    namespace: apps\n", i
          printf "  spec:\n    replicas: 2\n    selector:\n      matchLabels:\n        app: web-%06d\n", i
          printf "    template:\n      metadata:\n        labels:\n          app: web-%06d\n", i
          printf "      spec:\n        containers:\n        - name: web\n          image: registry.example.com/web:1.%d\n", i % 10
        } else {
          printf "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: web-%06d\n    namespace: apps\n", i
          printf "    annotations:\n      config.kubernetes.io/index: \"0\"\n      internal.config.kubernetes.io/path: apps/web-%06d.yaml\n", i
          printf "  data:\n    greeting: hello\n    replicas: \"3\"\n"
        }
      }
    }'
    printf 'functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: racer-function\n'
    printf '  data:\n    imageRegistry: registry.example.com/racer\n'
  } >"$dir/mix-$count.yaml"
}
