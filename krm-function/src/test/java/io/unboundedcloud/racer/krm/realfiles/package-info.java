/**
 * Real files: the forms real manifests are written in (comments above, between and after list items
 * and mappings, at the end of an item and of a file, several documents, CRLF, block and folded
 * scalars, flow collections), held to kyaml's identity round trip ({@code kpt fn eval --exec cat}):
 * the output always parses, an item the function does not own comes out as kyaml writes it, a
 * second run changes nothing, and an input refused for a duplicate key gives every item back. The
 * corpus of manifests is under {@code src/test/resources/realfiles/corpus}, its README says which
 * public project's style each group follows.
 */
package io.unboundedcloud.racer.krm.realfiles;
