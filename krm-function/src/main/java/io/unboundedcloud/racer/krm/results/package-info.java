/**
 * Results as the KRM functions specification writes them ({@code message}, {@code severity}, {@code
 * resourceRef}, {@code field}, {@code file}, {@code tags}), and the one-line form printed on stderr.
 *
 * <p>It never decides what is wrong: readers and renderers do; this package only carries and formats it.
 */
package io.unboundedcloud.racer.krm.results;
