/**
 * {@code racer-krm adopt}: moving an operator-managed installation to GitOps without restarting a
 * dataplane pod. From a live dump ({@code kubectl get -o yaml}) it picks the installation ({@code
 * LiveInstallation}), strips what the server wrote ({@code krm.rollout.ServerFields}) and what it
 * defaults ({@code krm.rollout.ApiServerDefaults}), pins the live images in a function config
 * ({@code PinnedImages}), renders the result with {@code krm.render} ({@code Rerendering}), and
 * judges whether applying it would change a pod template ({@code Rollout}, through {@code
 * krm.rollout}'s comparison, which {@code racer-krm diff} shares; {@code RolloutReasons} says why).
 * On request it derives values for {@code charts/racer} and judges the chart the same way ({@code
 * HelmValues}): each {@code ValueGroup} writes the values the adopted DaemonSet needs and applies
 * them as the chart does, each value named by {@code workload.chart.ChartValue} ({@code
 * FieldValues} reverses every value the table maps to a field of the DaemonSet, {@code
 * AffinityValue} the one it combines by a rule of its own), {@code CommonLabels} the labels of
 * every object, {@code OriginValues} the cache origins, and {@code HelmCommands} the commands that
 * let Helm adopt the live objects.
 *
 * <p>It owns what a live object holds that a manifest must not, and the verdict's words. It never
 * renders a DaemonSet itself (the renderer does, so that the function keeps adopt's output as it
 * is), never reads the objects but through {@code krm.inputs} and the plain trees of {@code
 * krm.yaml}, and never writes to stdout or stderr: everything it has to say is a {@code Result}.
 */
package io.unboundedcloud.racer.krm.adopt;
