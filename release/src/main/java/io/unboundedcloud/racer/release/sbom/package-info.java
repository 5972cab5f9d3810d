/**
 * The runtime's SBOM: {@link io.unboundedcloud.racer.release.sbom.RuntimeSbom} writes
 * RUNTIME/sbom/racer-krm.cdx.json for a runtime folder (this machine's, which the build assembles,
 * or another platform's, which {@code assemble-debian.sh} assembles), through CycloneDX's Java
 * model, from the bom cyclonedx-maven-plugin made of krm-function's jars, checked against the jars
 * the folder really holds and completed with its Java runtime ({@link
 * io.unboundedcloud.racer.release.sbom.VersionProps}, read from its java.base without running it).
 *
 * <p>Writes only into the runtime folder it is given; reads no network.
 */
package io.unboundedcloud.racer.release.sbom;
