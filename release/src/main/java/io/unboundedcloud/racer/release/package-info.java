/**
 * The parts of {@code tools/release.sh} (and {@code tools/reproducible.sh}) that run in Java, each
 * a command the script runs from this module's jar: {@link
 * io.unboundedcloud.racer.release.RegistryCheck}, the registry's scheme and the credentials checked
 * before anything is pushed, trusting CAs the standard way through {@link
 * io.unboundedcloud.racer.release.RegistryTrust} and asking credential helpers through {@link
 * io.unboundedcloud.racer.release.CredentialHelper}; {@link
 * io.unboundedcloud.racer.release.BundlePush}, the exec bundles as OCI artifacts; {@link
 * io.unboundedcloud.racer.release.ChartRelease}, Helm in-process through helm-java, so no {@code
 * helm} binary is needed; {@link io.unboundedcloud.racer.release.SchemaRelease}, the schemas of
 * {@code schemas/} checked and written as release files; and {@link
 * io.unboundedcloud.racer.release.GoldenBatch}, every golden case rendered in one JVM inside a
 * released image. The signing itself is {@code tools/release-signing.sh} (gpg and skopeo).
 *
 * <p>Reads the credentials files and trust stores the container tools read, and never writes them;
 * pushes only to the registry it is given.
 */
package io.unboundedcloud.racer.release;
