package io.unboundedcloud.racer.chart.template;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What turns a merged builder tree into a Helm template:
 *
 * <ul>
 *   <li>scalar sentinels: a unique value the builders were given (a port such as 51111, a namespace
 *       such as {@code racer-sentinel-namespace}) and the Helm expression that replaces it,
 *       wherever it shows, whole or inside a string (as in {@code [$(RACER_POD_IP)]:51111});
 *   <li>replaced entries: a key whose value equals a given subtree is written by a {@link Fragment}
 *       instead (the dataplane's default affinity becomes the combination of user and dataplane
 *       scheduling);
 *   <li>defaults: a key whose value equals a given subtree is written as the builders made it only
 *       while a user's value is empty, and by a {@link Fragment} of that value otherwise
 *       (resources, update strategy);
 *   <li>additions: a {@link Fragment} written at the end of the map at a path (delivery labels,
 *       user annotations, placement).
 * </ul>
 *
 * Every substitution must be used, or {@link #assertAllUsed} fails: a builder change that drops a
 * sentinel must not silently leave a value the chart cannot set.
 */
public final class Substitutions {

  /** A scalar sentinel and its Helm expression; a number is written unquoted, text quoted. */
  record Scalar(Object sentinel, String expression) {
    boolean number() {
      return sentinel instanceof Number;
    }

    String text() {
      return String.valueOf(sentinel);
    }
  }

  private record Replacement(String key, Object value, Fragment fragment) {}

  /**
   * The builders' entry as the default of a user's value.
   *
   * @param open the action that opens the user's branch: {@code with <value>} (empty means the
   *     default) or an {@code if} (null means the default)
   * @param given writes the entry from the user's value
   */
  record Default(String key, Object value, String open, Fragment given) {}

  private final List<Scalar> scalars = new ArrayList<>();
  private final List<Replacement> replacements = new ArrayList<>();
  private final List<Default> defaults = new ArrayList<>();
  private final Map<String, List<Fragment>> additions = new LinkedHashMap<>();
  private final Map<String, List<Fragment>> prepends = new LinkedHashMap<>();
  private final Map<Object, Integer> uses = new LinkedHashMap<>();

  /**
   * Replaces the number {@code sentinel} (and its digits inside strings) by {@code expression},
   * unquoted.
   */
  public Substitutions number(long sentinel, String expression) {
    scalars.add(new Scalar(sentinel, expression));
    return this;
  }

  /**
   * Replaces the text {@code sentinel}, whole (quoted) or inside a string, by {@code expression}.
   */
  public Substitutions text(String sentinel, String expression) {
    scalars.add(new Scalar(sentinel, expression));
    return this;
  }

  /** Writes the entry {@code key: value} with {@code fragment} instead, wherever it appears. */
  public Substitutions replace(String key, Object value, Fragment fragment) {
    replacements.add(new Replacement(key, value, fragment));
    return this;
  }

  /**
   * Writes the entry {@code key: value} as it is only while {@code expression} is empty, and {@code
   * given} otherwise ({@code with expression} / {@code else} / {@code end}): a user's value
   * replaces the builders' whole.
   */
  public Substitutions defaultUnless(String key, Object value, String expression, Fragment given) {
    defaults.add(new Default(key, value, "with " + expression, given));
    return this;
  }

  /**
   * Writes the entry {@code key: value} as it is only while {@code expression} is null (unset), and
   * {@code key: <expression>} as an integer otherwise: 0 is a value, not the default.
   */
  public Substitutions defaultUnlessNull(String key, Object value, String expression) {
    defaults.add(
        new Default(
            key,
            value,
            Fragment.isSet(expression),
            Fragment.scalarEntry(key, expression + " | int64")));
    return this;
  }

  /**
   * Writes {@code fragment} before the items of the list at {@code path} (dot-separated keys from
   * the root, a list item by its name as {@code containers[dataplane]}).
   */
  public Substitutions prepend(String path, Fragment fragment) {
    prepends.computeIfAbsent(path, p -> new ArrayList<>()).add(fragment);
    return this;
  }

  /**
   * Writes {@code fragment} after the entries of the map or the items of the list at {@code path}
   * (dot-separated keys from the root, a list item by its name as {@code containers[dataplane]}).
   */
  public Substitutions add(String path, Fragment fragment) {
    additions.computeIfAbsent(path, p -> new ArrayList<>()).add(fragment);
    return this;
  }

  List<Scalar> scalars() {
    return scalars;
  }

  /** The number sentinel equal to {@code value}, counting the use. */
  Optional<Scalar> numberSentinel(Object value) {
    if (!(value instanceof Number number)) {
      return Optional.empty();
    }
    for (Scalar scalar : scalars) {
      if (scalar.number()
          && ((Number) scalar.sentinel()).longValue() == number.longValue()
          && !(value instanceof Double || value instanceof Float)) {
        used(scalar);
        return Optional.of(scalar);
      }
    }
    return Optional.empty();
  }

  void used(Scalar scalar) {
    uses.merge(scalar, 1, Integer::sum);
  }

  /** The fragment that writes {@code key: value}, if one was registered. */
  Optional<Fragment> replacement(String key, Object value) {
    for (Replacement replacement : replacements) {
      if (replacement.key().equals(key) && Objects.equals(replacement.value(), value)) {
        uses.merge(replacement, 1, Integer::sum);
        return Optional.of(replacement.fragment());
      }
    }
    return Optional.empty();
  }

  /** The default registered for {@code key: value}, if any. */
  Optional<Default> defaultOf(String key, Object value) {
    for (Default candidate : defaults) {
      if (candidate.key().equals(key) && Objects.equals(candidate.value(), value)) {
        uses.merge(candidate, 1, Integer::sum);
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /** The fragments added at {@code path}. */
  List<Fragment> additions(String path) {
    List<Fragment> found = additions.getOrDefault(path, List.of());
    if (!found.isEmpty()) {
      uses.merge(path, 1, Integer::sum);
    }
    return found;
  }

  /** The fragments written before the items of the list at {@code path}. */
  List<Fragment> prepends(String path) {
    List<Fragment> found = prepends.getOrDefault(path, List.of());
    if (!found.isEmpty()) {
      uses.merge("before " + path, 1, Integer::sum);
    }
    return found;
  }

  /**
   * @throws IllegalStateException naming every sentinel, replacement or addition path never met
   */
  public void assertAllUsed() {
    List<String> unused = new ArrayList<>();
    scalars.stream()
        .filter(s -> !uses.containsKey(s))
        .forEach(s -> unused.add("sentinel " + s.sentinel()));
    replacements.stream()
        .filter(r -> !uses.containsKey(r))
        .forEach(r -> unused.add("replacement of " + r.key()));
    defaults.stream()
        .filter(d -> !uses.containsKey(d))
        .forEach(d -> unused.add("default of " + d.key()));
    additions.keySet().stream()
        .filter(p -> !uses.containsKey(p))
        .forEach(p -> unused.add("addition at " + p));
    prepends.keySet().stream()
        .filter(p -> !uses.containsKey("before " + p))
        .forEach(p -> unused.add("addition before " + p));
    if (!unused.isEmpty()) {
      throw new IllegalStateException(
          "the builders' trees no longer contain: " + String.join(", ", unused));
    }
  }
}
