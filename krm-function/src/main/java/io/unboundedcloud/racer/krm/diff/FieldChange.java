package io.unboundedcloud.racer.krm.diff;

import io.unboundedcloud.racer.krm.tree.FieldPath;

/**
 * One field that differs between the two sides: its path (the notation of {@link FieldPath}), the
 * old and the new value as plain trees ({@code null} when the side has no such field). Where only
 * the order of a list's named items differs, both values are the lists of names.
 */
public record FieldChange(FieldPath path, Object before, Object after, boolean reordered) {}
