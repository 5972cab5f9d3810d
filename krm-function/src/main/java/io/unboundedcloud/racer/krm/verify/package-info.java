/**
 * {@code racer-krm verify}: whether a rendered stream (a kustomize build, a {@code helm template},
 * a folder of manifests) is what the function would render from it. A kustomize composition can
 * change racer-settings, the dataplane's placement or its images after the function ran, and
 * nothing else notices: the settings-hash no longer matches the settings, the wiring no longer
 * follows them, the cache origins no longer follow the dataplane.
 *
 * <p>It never judges by rules of its own: it renders the installation again with {@code
 * krm.render}, from the stream's own settings and the images the function recorded it was told to
 * render ({@code RecordedImages}), and names each field that would change ({@code Drift}), so
 * verify and render cannot disagree. Before the fields, each racer-settings key that differs from
 * the settings the function recorded it rendered with ({@code SettingsDrift}) is named with both
 * values, since the fields only show what a key changed. A stream with no record (an older
 * racer-krm's) is judged by whether both images are of one release ({@code ImageRelease}). What the
 * renderer would refuse is said of the stream's objects ({@code Refusal}): a recorded image it
 * refuses, of the DaemonSet's record, not of the function config verify hands it. What the renderer
 * warns about (an unknown settings key, a setting or image that does not fit the pod) is said in
 * its words on the stream's objects ({@code Refusal#warning}), but where a drift names the same
 * field. The racer-settings may come apart from the stream ({@code GivenSettings}: a chart that
 * renders none); {@code VerdictJson} writes the verdict for tools. It reads the objects only
 * through {@code krm.inputs}, compares plain trees with {@code krm.rollout}'s {@code Difference},
 * and never writes to stdout or stderr: each drift is an error {@code Result}.
 */
package io.unboundedcloud.racer.krm.verify;
