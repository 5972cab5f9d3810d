/**
 * The release as users meet it: {@code tools/release.sh} pushing the function image (linux/amd64
 * and linux/arm64), the chart and the exec bundles to a real OCI registry with TLS and credentials,
 * and kpt, kustomize and Helm pulling them back from it; also each platform's runtime SBOM checked
 * against the jars and the Java runtime it describes, and the code that writes it
 * (src/main/runtime/RuntimeSbom.java) run on a small runtime folder.
 *
 * <p>Owns the parts of the release command that run in Java ({@link
 * io.unboundedcloud.racer.krm.release.RegistryCheck}: the registry's scheme and the credentials
 * checked before anything is pushed, trusting CAs the standard way through {@link
 * io.unboundedcloud.racer.krm.release.RegistryTrust} and asking credential helpers through {@link
 * io.unboundedcloud.racer.krm.release.CredentialHelper}; {@link
 * io.unboundedcloud.racer.krm.release.ChartRelease}: Helm in-process through helm-java, so no
 * {@code helm} binary is needed; {@link io.unboundedcloud.racer.krm.release.BundlePush}: the
 * bundles as OCI artifacts; the signing itself is {@code tools/release-signing.sh}, gpg and
 * skopeo), and the test harness: a throwaway signing key in a GNUPGHOME of the test's own ({@link
 * io.unboundedcloud.racer.krm.release.ThrowawayKey}), the policy and registries.d a user writes to
 * verify the image's signatures ({@link io.unboundedcloud.racer.krm.release.SignaturePolicy}), the
 * lookaside folder served over HTTP ({@link io.unboundedcloud.racer.krm.release.LookasideServer}),
 * Helm 4 from {@code tools/toolchain.sh} ({@link
 * io.unboundedcloud.racer.krm.toolchain.PinnedHelm}), Helm 3 verifying the chart in a JVM of its
 * own ({@link io.unboundedcloud.racer.krm.release.Helm3Verification}), the local registry ({@link
 * io.unboundedcloud.racer.krm.release.LocalRegistry}: Debian's {@code docker-registry} on
 * 127.0.0.1, a free port, TLS and htpasswd or token auth from {@link
 * io.unboundedcloud.racer.krm.release.RegistrySecrets}, the token service {@link
 * io.unboundedcloud.racer.krm.release.TokenServer}, stopped after the tests), the release command
 * in its test environment ({@link io.unboundedcloud.racer.krm.release.ReleaseScript}), arm64
 * emulation ({@link io.unboundedcloud.racer.krm.release.Emulation}) and {@link
 * io.unboundedcloud.racer.krm.release.GoldenBatch}, every golden case in one JVM inside an image.
 *
 * <p>Must never use a registry or container storage it did not set up (no Debian service, no user's
 * registry, no default storage), never read or write the machine's keyrings or {@code
 * /etc/containers} policies, never change the machine's trust stores (a {@code certs.d} entry is
 * created for the test's registry and removed exactly), never bypass the container (the image is
 * pulled and run by podman as kpt and kustomize ask, only this machine's flags added by {@code
 * src/test/sh/podman-here}), and never write into the checkout beyond {@code target/}.
 */
package io.unboundedcloud.racer.krm.release;
