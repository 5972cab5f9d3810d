/**
 * Builder trees to Helm templates: the machinery of "chart generation without hand-written twins".
 *
 * <p>What it owns: the {@link io.unboundedcloud.racer.chart.template.VariantSpace} of discrete
 * switches, {@link io.unboundedcloud.racer.chart.template.TreeMerge} (one template tree from one
 * serialized tree per variant, with an {@code if} only around what differs), {@link
 * io.unboundedcloud.racer.chart.template.Substitutions} (sentinel values and the Helm expressions
 * that replace them, whole subtrees replaced by Helm blocks, subtrees kept as the default of a
 * user's value, Helm blocks added at a path) and {@link
 * io.unboundedcloud.racer.chart.template.TemplateWriter}, which prints the result as YAML with Helm
 * actions.
 *
 * <p>What it must never do: know Racer. Which objects, which sentinels and which switches exist is
 * decided in {@code chart.objects}; this package works on plain trees (maps, lists, scalars) only,
 * and fails loudly (an exception naming the path) rather than guess when trees cannot be merged or
 * a sentinel goes unused.
 */
package io.unboundedcloud.racer.chart.template;
