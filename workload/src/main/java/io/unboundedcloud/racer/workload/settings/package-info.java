/**
 * The racer-settings catalog: every key the {@code racer-settings} ConfigMap may hold, its default,
 * the rule its value must follow, and the checks built from them.
 *
 * <p>What it owns:
 *
 * <ul>
 *   <li>{@link io.unboundedcloud.racer.workload.settings.SettingsCatalog}: the key table of {@code
 *       docs/settings.md} (keys that shape the rendered objects, then the dataplane's tuning keys),
 *       the obsolete keys the dataplane refuses to start with, and {@link
 *       io.unboundedcloud.racer.workload.settings.SettingsCatalog#validate(java.util.Map)
 *       validate}, which turns a settings map into ordered {@link
 *       io.unboundedcloud.racer.workload.settings.Finding}s;
 *   <li>{@link io.unboundedcloud.racer.workload.settings.Rule} and its records, each able to check
 *       a value, describe itself for a docs table and give a JSON-schema fragment for {@code
 *       values.schema.json};
 *   <li>{@link io.unboundedcloud.racer.workload.settings.SettingsHash}: the settings-hash
 *       annotation's value, computed the same way the Helm chart computes it.
 * </ul>
 *
 * <p>What it must never do: read files, the environment or the network; build Kubernetes objects;
 * change the map it is given; throw on a bad value (a bad value is a {@code Finding}); or check
 * that the listener ports are distinct (the dataplane {@code Config.validate()} owns that, with the
 * effective ports).
 */
package io.unboundedcloud.racer.workload.settings;
