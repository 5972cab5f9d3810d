/**
 * The one test harness that runs racer-krm in-process, as kyaml's {@code frameworktestutil} is for
 * Go functions: {@link io.unboundedcloud.racer.krm.harness.KrmRun} calls {@code Command.run}
 * exactly as {@code Main} does, on a thread with the launcher's stack size and under a guard
 * against hangs, and keeps exit code, stdout, stderr and what the run allocated; {@link
 * io.unboundedcloud.racer.krm.harness.ResourceListOutput} reads its stdout back as plain values;
 * {@link io.unboundedcloud.racer.krm.harness.WrittenResourceList} writes a ResourceList as the
 * function writes it; {@link io.unboundedcloud.racer.krm.harness.ManifestNodes} gives unit tests
 * objects from YAML text; {@link io.unboundedcloud.racer.krm.harness.ResourceLists} is the one
 * builder of a function's input as text (racer-settings, the items, the function config, and the
 * raw text of an item where a case is about its bytes), and {@link
 * io.unboundedcloud.racer.krm.harness.InputFolder} writes the same objects as the files of a folder
 * for the modes that read files (render, diff, verify, adopt); {@link
 * io.unboundedcloud.racer.krm.harness.Laughs} and {@link
 * io.unboundedcloud.racer.krm.harness.AliasedObjects} generate YAML whose aliases stand for much
 * more than its text, and {@link io.unboundedcloud.racer.krm.harness.ExpandedText} counts what they
 * stand for naively from SnakeYAML's events, the oracle of the bound on them. Every suite of this
 * module and chart-gen's tests (through the test jar) run the function through it, so that a change
 * in how the function is started is made once.
 *
 * <p>What it must never do: assert anything about the function's behaviour (the suites do), compare
 * timings, or read its output with the function's own reader (SnakeYAML reads it, so that a reader
 * bug cannot hide a writer bug).
 */
package io.unboundedcloud.racer.krm.harness;
