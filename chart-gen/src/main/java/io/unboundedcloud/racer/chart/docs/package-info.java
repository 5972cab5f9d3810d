/**
 * The chart's text files that are not objects: Chart.yaml, NOTES.txt, README.md, _helpers.tpl,
 * _validate.tpl (with the facts of {@code chart.rules}) and .helmignore, written by Handlebars from
 * templates under {@code racer-chart/} with {@code [[ ]]} delimiters, so that Helm's own {@code {{
 * }}} passes through untouched.
 *
 * <p>What it owns: the facts those templates show ({@link
 * io.unboundedcloud.racer.chart.docs.ChartFacts}), every one taken from a Java constant, the
 * settings catalog or the values model (a value's path from {@code workload.chart.ChartValue}), the
 * rendering ({@link io.unboundedcloud.racer.chart.docs.ChartTexts}), and the chart-testing values
 * {@code ci/*-values.yaml}, copies of the {@code examples/helm} files ({@link
 * io.unboundedcloud.racer.chart.docs.ChartTestingValues}).
 *
 * <p>What it must never do: write a number or name that Java already holds as a literal in a
 * template, or HTML-escape anything (the output is YAML, Go templates and Markdown).
 */
package io.unboundedcloud.racer.chart.docs;
