/**
 * The bad-input suite: every kind of input racer-krm must refuse, run in process through the test
 * harness ({@code krm.harness.KrmRun}: {@code Command.run} on the launcher's stack size). Each
 * refusal exits 1 with a message that says what is wrong, where (stdin or file, line and column,
 * object, field) and what to do, prints no stack trace or Java class name, stays within a time-out
 * and a memory bound that only catch hangs and blow-ups, and, where the input parsed, writes every
 * input item back unchanged beside the error results.
 *
 * <p>Never asserts speed. A case that finds a bug in the function stays in the suite,
 * {@code @Disabled} with the bug named, until the function is fixed.
 */
package io.unboundedcloud.racer.krm.badinput;
