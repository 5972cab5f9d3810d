/**
 * What rolls a workload's pods: the one comparison of two versions of a workload that adopt's
 * verdict and {@code racer-krm diff} share, so that they never disagree. {@code ApiServerDefaults}
 * is the one list of what the API server fills in a workload and its pod template (each entry with
 * where Kubernetes sets it); {@code TemplateComparison} completes both versions with it and
 * compares them field by field ({@code Difference}), inside the pod template (a rollout) and
 * elsewhere in {@code spec} (none); {@code Pace} says how a rollout proceeds under the update
 * strategy. {@code ServerFields} is what the server and its controllers write on a live object
 * (status, uid, ownerReferences, ...), which neither a manifest in Git nor a comparison of two
 * versions should hold.
 *
 * <p>It owns the judgement, not its words: why a field differs is said by its user (adopt: why the
 * function renders it so; diff: which setting, image or patch changed it). It never reads YAML
 * nodes, renders, or writes results.
 */
package io.unboundedcloud.racer.krm.rollout;
