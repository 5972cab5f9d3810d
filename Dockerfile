# The racer-krm image: the KRM function that kustomize and kpt run as a container, and the Argo CD config
# management plugin sidecar (plugin.yaml baked in). Build it after `mvn -B package`, which assembles
# krm-function/target/runtime: a jlink runtime, the jars, a class-data archive trained on the examples,
# and bin/racer-krm.
#
#   mvn -B package -DskipTests && docker build -t ghcr.io/unbounded-cloud/racer-krm:0.1.0 .
#
# The base is any glibc image with /bin/sh, bash (the Argo CD plugin's scripts) and a `nobody` user
# (uid 65534) in /etc/passwd: kustomize runs functions with `--user nobody`. The runtime brings its own
# Java; nothing is installed here, and nothing is written when the function runs.
#
# The default base is pinned by digest, so that the same commit builds on the same bytes and a moved tag
# changes nothing unseen: the digest of the multi-platform image index (each platform's image is found
# through it) that the tag below named when it was last refreshed. tools/release.sh builds on it unless
# given --base-image. To refresh it: docs/release.md, "The base image".
#   tag: docker.io/library/debian:bookworm-slim
ARG BASE_IMAGE=docker.io/library/debian@sha256:88200866dfff7ea7f5cbcb6ec7c8a701889efe6fe859fe64d6990e4b07ea4171
FROM ${BASE_IMAGE}

ARG BASE_IMAGE
ARG VERSION=0.1.0
ARG REVISION=
ARG CREATED=
ARG SOURCE=https://github.com/unbounded-cloud/racer-krm
# The runtime folder of the platform built: krm-function/target/runtime (this machine's), or the
# krm-function/target/runtime-linux-ARCH that tools/release.sh assembles for another (docs/release.md)
ARG RUNTIME=krm-function/target/runtime
LABEL org.opencontainers.image.title="racer-krm" \
      org.opencontainers.image.description="KRM function and Argo CD plugin that render the Racer dataplane (DaemonSet racer) from a racer-settings ConfigMap" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.url="https://unbounded-cloud.io" \
      org.opencontainers.image.base.name="${BASE_IMAGE}"

COPY ${RUNTIME} /opt/racer-krm
# Argo CD's plugin server (argocd-cmp-server) reads the plugin here; its generate runs racer-krm from PATH.
COPY examples/argocd/plugin.yaml /home/argocd/cmp-server/config/plugin.yaml
# Proves at build time that the class-data archive is used at /opt/racer-krm (a Java 17 archive is dumped
# again for this path), instead of every run starting twice as slow.
RUN ["/opt/racer-krm/bin/racer-krm-archive"]

# /opt/argocd-tools: where the Argo CD sidecar mounts Argo CD's own kustomize (repo-server-patch.yaml)
ENV PATH=/opt/racer-krm/bin:/opt/argocd-tools:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
# nobody: numeric, so that Kubernetes can check runAsNonRoot
USER 65534:65534
ENTRYPOINT ["/opt/racer-krm/bin/racer-krm"]
