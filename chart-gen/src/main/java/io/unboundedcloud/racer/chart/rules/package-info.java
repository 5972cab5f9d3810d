/**
 * The chart's checks of its values, written from the Java rule definitions: {@code
 * templates/_validate.tpl} gets each rule, pattern, table and message format from the class that
 * judges it for the KRM function ({@code CrossKeyRule}, {@code Config}, {@code ImageGrammar},
 * {@code PodFit}, {@code NodeAgentPorts}, {@code SettingsCatalog}), so a rule is written once.
 *
 * <p>What it owns: the facts the validation template reads ({@link
 * io.unboundedcloud.racer.chart.rules.RuleFacts}) and the Go template text of the rules that are
 * rows of a Java table ({@link io.unboundedcloud.racer.chart.rules.CrossKeyChecks}).
 *
 * <p>What it must never do: word a message or state a limit itself; the Go text here only says how
 * Helm computes what the Java rule says.
 */
package io.unboundedcloud.racer.chart.rules;
