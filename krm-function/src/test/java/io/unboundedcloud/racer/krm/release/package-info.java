/**
 * The release as users meet it: {@code tools/release.sh} pushing the function image and the chart
 * to a real OCI registry, and kpt, kustomize and Helm pulling them back from it; also the runtime's
 * SBOM checked against the jars it describes.
 *
 * <p>Owns the local registry harness ({@link io.unboundedcloud.racer.krm.release.LocalRegistry}:
 * Debian's {@code docker-registry} on 127.0.0.1, a free port, its own config and storage, stopped
 * after the tests) and {@link io.unboundedcloud.racer.krm.release.ChartRelease}, the chart half of
 * the release command (Helm in-process through helm-java, so no {@code helm} binary is needed).
 *
 * <p>Must never use a registry or container storage it did not set up (no Debian service, no user's
 * registry, no default storage), never bypass the container (the image is pulled and run by podman
 * as kpt and kustomize ask, only this machine's flags added by {@code src/test/sh/podman-here}),
 * and never write into the checkout beyond {@code target/}.
 */
package io.unboundedcloud.racer.krm.release;
