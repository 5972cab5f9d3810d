package io.unboundedcloud.racer.krm.shapes;

import java.util.Set;

/**
 * The generated shapes the function still gets wrong, by case name ({@code PART--PLACE}): the tests
 * assert each still fails, so a fix shows up as a failing test that asks to take it off the list.
 * Each entry says what goes wrong.
 */
public final class KnownFailures {

  private KnownFailures() {}

  /** Cases that fail in function mode ({@link FunctionModeOracle}). */
  public static final Set<String> FUNCTION_MODE = Set.of();

  /**
   * Cases kyaml itself cannot read: {@code kpt fn eval --exec cat} fails on each alone, so kpt
   * gives no oracle for them (function mode still holds them, {@link #FUNCTION_MODE}).
   */
  public static final Set<String> KYAML_REFUSES =
      inEveryPlace(
          // kpt: "wrong node kind: expected ScalarNode but got MappingNode": a mapping key that is
          // a collection, the empty string or null (? then : v)
          "key-after-simple-key",
          "key-block-mapping",
          "key-block-sequence",
          "key-flow-mapping",
          "key-flow-sequence",
          "key-empty-string",
          "key-null");

  /**
   * Cases that come out of kpt otherwise than cat writes them ({@code GeneratedShapesIT}): those of
   * {@link #FUNCTION_MODE}, which the function refuses, and no other.
   */
  public static final Set<String> KPT = FUNCTION_MODE;

  /**
   * The parts of {@link #FUNCTION_MODE}: the random compositions leave them out (each is held on
   * its own by the every-shape test).
   */
  public static Set<String> failingParts() {
    java.util.Set<String> parts = new java.util.TreeSet<>();
    FUNCTION_MODE.forEach(
        name -> parts.add(name.contains("--") ? name.substring(0, name.indexOf("--")) : name));
    return parts;
  }

  /** Each part in every place of {@link ShapeDocuments.Place}, as case names. */
  private static Set<String> inEveryPlace(String... parts) {
    java.util.Set<String> cases = new java.util.TreeSet<>();
    for (String part : parts) {
      for (ShapeDocuments.Place place : ShapeDocuments.Place.values()) {
        cases.add(ShapeDocuments.of(ShapeParts.named(part), place).name());
      }
    }
    return java.util.Collections.unmodifiableSet(cases);
  }
}
