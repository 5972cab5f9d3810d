package io.unboundedcloud.racer.workload.shape;

import java.util.Objects;

/**
 * A field of the dataplane DaemonSet that a shape key's value decides, and why in words: what adopt
 * says when the function renders that field otherwise than a live DaemonSet has it.
 *
 * @param part the part of the pod template it sits in
 * @param path where in the part, as results print a field path (keys joined by dots, a key with
 *     other characters in brackets and quotes, a named list item as {@code [name=NAME]}); a prefix:
 *     every field under it is shaped too, and an unclosed {@code [name=NAME} also takes the items
 *     whose names start so
 * @param reason why the function renders it so, with one {@code %s} where the keys that shape it go
 *     ({@code A and B} when two keys shape the field, which then give it the same reason)
 */
public record ShapedField(Part part, String path, String reason) {

  /**
   * The parts of the dataplane's pod template a shape key reaches, as {@code DataplanePaths} places
   * them.
   */
  public enum Part {
    /** The pod template's metadata ({@code DataplanePaths.POD_METADATA}). */
    POD_METADATA,
    /** The pod spec ({@code DataplanePaths.POD_SPEC}). */
    POD_SPEC,
    /**
     * The dataplane container: the item of {@code DataplanePaths.CONTAINERS} named {@code
     * Dataplane.CONTAINER_NAME}.
     */
    DATAPLANE
  }

  public ShapedField {
    Objects.requireNonNull(part, "part");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(reason, "reason");
    if (path.isEmpty() || path.startsWith(".")) {
      throw new IllegalArgumentException(
          "shaped field \"" + path + "\": give a path inside the " + part);
    }
    if (reason.indexOf("%s") < 0 || reason.indexOf("%s") != reason.lastIndexOf("%s")) {
      throw new IllegalArgumentException(
          "shaped field "
              + path
              + ": the reason needs one %s for the keys, got \""
              + reason
              + "\"");
    }
  }

  // equals, hashCode and toString written out: the record's generated ones link hidden classes at
  // run time (ObjectMethods) that the runtime's class-data archive does not keep, and the shaped
  // fields are grouped by hash when DataplaneWiring loads (RuntimeArchiveIT)

  @Override
  public boolean equals(Object other) {
    return other instanceof ShapedField field
        && part == field.part
        && path.equals(field.path)
        && reason.equals(field.reason);
  }

  @Override
  public int hashCode() {
    return (part.hashCode() * 31 + path.hashCode()) * 31 + reason.hashCode();
  }

  @Override
  public String toString() {
    return "ShapedField[part=" + part + ", path=" + path + ", reason=" + reason + "]";
  }

  /** Its reason, naming {@code keys} (in words: {@code A}, {@code A and B}, {@code A, B and C}). */
  public String because(String keys) {
    return reason.replace("%s", keys);
  }
}
