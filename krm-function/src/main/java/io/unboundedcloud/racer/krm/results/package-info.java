/**
 * Results as the KRM functions specification writes them ({@code message}, {@code severity}, {@code
 * resourceRef}, {@code field}, {@code file}; the specification's optional {@code tags} are never
 * written: no result of this function has any), the one-line form printed on stderr, and {@code
 * Results}: the results of a run, errors first and each severity in the order found, so that the
 * error that stops a run comes first by construction; the one place that decides whether they fail
 * the run and its exit code.
 *
 * <p>It never decides what is wrong: readers and renderers do; this package only carries and
 * formats it.
 */
package io.unboundedcloud.racer.krm.results;
