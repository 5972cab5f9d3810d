/**
 * The repository's documentation, held to the code: {@code docs/settings.md} generated from the
 * settings catalog (with a stale check), and checks that every tracked text file stands alone (no
 * path of a developer's machine, no relative Markdown link that does not resolve), and the tools
 * that hold the docs' goals in CI (which mutation goals a change touches).
 *
 * <p>It lives in {@code workload}'s tests because the catalog it documents lives in {@code
 * workload} and this module builds first. It must never change the product: it only reads the
 * catalog and the repository's files, and writes {@code docs/settings.md} only when run as the
 * generator.
 */
package io.unboundedcloud.racer.workload.docs;
