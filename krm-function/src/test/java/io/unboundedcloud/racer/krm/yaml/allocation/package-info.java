/**
 * The allocation check of the reader and the writer: bytes allocated per input byte, counted by the
 * JVM's per-thread allocation counter in a JVM of its own with one fixed JIT mode, against a
 * committed baseline. Owns that count and its baseline; never times anything (times are for the
 * benchmarks in {@code bench/}).
 */
package io.unboundedcloud.racer.krm.yaml.allocation;
