/**
 * The chart's names and labels: the generated class of texts for each rule, an oracle of each rule
 * said character by character, and the tests that hold every place a value gives a name to them.
 */
package io.unboundedcloud.racer.chart.names;
