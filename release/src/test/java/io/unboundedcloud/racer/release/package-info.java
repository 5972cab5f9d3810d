/**
 * The release as users meet it: {@code tools/release.sh} pushing the function image (linux/amd64
 * and linux/arm64), the chart and the exec bundles to a real OCI registry with TLS and credentials,
 * and kpt, kustomize and Helm pulling them back from it; also each platform's runtime SBOM checked
 * against the jars and the Java runtime it describes, and the code that writes it ({@link
 * io.unboundedcloud.racer.release.sbom.RuntimeSbom}) run on a small runtime folder.
 *
 * <p>The release's commands are main code (this package in src/main); here is the test harness: a
 * throwaway signing key in a GNUPGHOME of the test's own ({@link
 * io.unboundedcloud.racer.release.ThrowawayKey}), the policy and registries.d a user writes to
 * verify the image's signatures ({@link io.unboundedcloud.racer.release.SignaturePolicy}), the
 * lookaside folder served over HTTP ({@link io.unboundedcloud.racer.release.LookasideServer}), Helm
 * 4 from {@code tools/toolchain.sh} ({@link io.unboundedcloud.racer.krm.toolchain.PinnedHelm}),
 * Helm 3 verifying the chart in a JVM of its own ({@link
 * io.unboundedcloud.racer.release.Helm3Verification}), the local registry ({@link
 * io.unboundedcloud.racer.release.LocalRegistry}: Debian's {@code docker-registry} on 127.0.0.1, a
 * free port, TLS and htpasswd or token auth from {@link
 * io.unboundedcloud.racer.release.RegistrySecrets}, or plain HTTP without auth, the token service
 * {@link io.unboundedcloud.racer.release.TokenServer}, stopped after the tests), the release
 * command in its test environment ({@link io.unboundedcloud.racer.release.ReleaseScript}), arm64
 * emulation ({@link io.unboundedcloud.racer.release.Emulation}) and what {@link
 * io.unboundedcloud.racer.release.GoldenBatch} prints ({@link
 * io.unboundedcloud.racer.release.GoldenBatchOutput}).
 *
 * <p>Must never use a registry or container storage it did not set up (no Debian service, no user's
 * registry, no default storage), never read or write the machine's keyrings or {@code
 * /etc/containers} policies, never change the machine's trust stores (a {@code certs.d} entry is
 * created for the test's registry and removed exactly), never bypass the container (the image is
 * pulled and run by podman as kpt and kustomize ask, only this machine's flags added by {@code
 * src/test/sh/podman-here}), and never write into the checkout beyond {@code target/}.
 */
package io.unboundedcloud.racer.release;
