/**
 * Running out of memory as an input error, not an internal one: the input kept as it came until the
 * output is whole ({@link io.unboundedcloud.racer.krm.memory.KeptInput}), the output held back
 * until it is complete ({@link io.unboundedcloud.racer.krm.memory.HeldOutput}), so that stdout gets
 * either the whole output or, when the heap ran out, the input as it came (or nothing), never a
 * part; and the one line that says how big the input was and what its aliases stand for, how much
 * heap there was and what to change: the heap while a larger one can help, the input once the heap
 * holds whatever the run's byte budget admits ({@link
 * io.unboundedcloud.racer.krm.memory.OutOfMemory}).
 *
 * <p>Why this works without reserving memory up front: an {@link java.lang.OutOfMemoryError} is
 * caught by the mode (krm.cli) in a frame that holds nothing of the run but the kept input, after
 * the frames that held the node trees have returned; so the trees are garbage by the time the error
 * is reported and the input written back. The error can be thrown in the middle of any allocation,
 * so nothing here keeps state that a half-done step could leave wrong.
 *
 * <p>Never: catches the error itself (the modes do, where the run's frames are gone), writes to
 * stdout (the modes do), retries a run, or guesses from the input's size whether a run will fit.
 */
package io.unboundedcloud.racer.krm.memory;
