/**
 * Integration tests of the packaged launcher ({@code krm-function/target/racer-krm}), run by
 * failsafe after {@code package} as a separate process: plain, as uid 65534 without network or
 * writable directories, with JVM options that make the JVM warn, and for its exit codes.
 *
 * <p>Never passes when it cannot run what it checks: without root, {@code unshare}, {@code setpriv}
 * or {@code strace}, a test prints one {@code SKIPPED: ...} line and is reported skipped.
 */
package io.unboundedcloud.racer.krm.launcher;
