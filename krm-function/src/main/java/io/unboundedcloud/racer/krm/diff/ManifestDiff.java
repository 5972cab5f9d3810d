package io.unboundedcloud.racer.krm.diff;

import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.rollout.ApiServerDefaults;
import io.unboundedcloud.racer.krm.rollout.Difference;
import io.unboundedcloud.racer.krm.rollout.Pace;
import io.unboundedcloud.racer.krm.rollout.TemplateComparison;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code racer-krm diff}'s judgement of two sides ({@link DiffSide}): objects matched by their
 * {@link ObjectKey}, each added, removed or changed with every field that differs, and for each
 * changed workload whether its pods restart ({@link TemplateComparison}, adopt's measure), why
 * ({@link RolloutCauses}) and at what pace ({@link Pace}). A change the API server refuses (a
 * selector) is an error.
 */
public final class ManifestDiff {
  /** Kinds whose {@code spec.selector} the API server refuses to change. */
  private static final Set<String> IMMUTABLE_SELECTOR =
      Set.of("DaemonSet", "Deployment", "StatefulSet", "ReplicaSet", "Job");

  private ManifestDiff() {}

  /**
   * Compares two sides.
   *
   * @param oldSide the old side, whose record names the file of each of its objects
   * @param before the objects of the old side, plain trees
   * @param newSide the new side
   * @param after the objects of the new side
   * @return the report, or the errors that make applying the new side fail, each a finding of the
   *     side it is about
   */
  public static Compared compare(
      SideSource oldSide,
      List<Map<String, Object>> before,
      SideSource newSide,
      List<Map<String, Object>> after) {
    Results oldResults = new Results();
    Results results = new Results();
    Map<ObjectKey, Map<String, Object>> old = byKey(before, "old", oldResults);
    Map<ObjectKey, Map<String, Object>> current = byKey(after, "new", results);
    if (oldResults.hasError() || results.hasError()) {
      return Compared.failed(oldSide.findings(oldResults), newSide.findings(results));
    }
    Settings settings = new Settings(old.values(), current.values());
    TreeMap<ObjectKey, Boolean> keys = new TreeMap<>();
    old.keySet().forEach(key -> keys.put(key, true));
    current.keySet().forEach(key -> keys.put(key, true));
    List<ObjectChange> changes = new ArrayList<>();
    int unchanged = 0;
    for (ObjectKey key : keys.keySet()) {
      Map<String, Object> was = old.get(key);
      Map<String, Object> is = current.get(key);
      if (was == null) {
        changes.add(
            new ObjectChange(key, ObjectChange.Change.ADDED, null, null, List.of(), List.of()));
        continue;
      }
      if (is == null) {
        boolean stops = CacheWorkloads.isCache(key.kind(), was);
        changes.add(
            new ObjectChange(
                key,
                ObjectChange.Change.REMOVED,
                null,
                null,
                stops ? List.of(CacheWorkloads.STOPS) : List.of(),
                List.of(),
                stops));
        continue;
      }
      ObjectChange change = changed(key, was, is, settings, results);
      if (change == null) {
        unchanged++;
      } else {
        changes.add(change);
      }
    }
    // what comparing finds (a selector the API server refuses) is about applying the new side
    List<SideFinding> found = newSide.findings(results);
    return results.hasError()
        ? Compared.failed(List.of(), found)
        : new Compared(new DiffReport(changes, unchanged), found);
  }

  /**
   * What comparing gave.
   *
   * @param report the report; {@code null} when an error makes applying the new side fail
   * @param findings the errors, each of the side it is about
   */
  public record Compared(DiffReport report, List<SideFinding> findings) {
    public Compared {
      findings = List.copyOf(findings);
    }

    private static Compared failed(List<SideFinding> old, List<SideFinding> current) {
      List<SideFinding> all = new ArrayList<>(old);
      all.addAll(current);
      return new Compared(null, all);
    }
  }

  /** The change of an object on both sides, or {@code null} when there is none. */
  private static ObjectChange changed(
      ObjectKey key,
      Map<String, Object> was,
      Map<String, Object> is,
      Settings settings,
      Results results) {
    boolean workload = TemplateComparison.hasPodTemplate(key.kind());
    Map<String, Object> wasFilled = workload ? ApiServerDefaults.filled(was) : was;
    Map<String, Object> isFilled = workload ? ApiServerDefaults.filled(is) : is;
    List<FieldChange> fields = new ArrayList<>();
    for (Difference d : Difference.between(wasFilled, isFilled, FieldPath.root())) {
      leaves(d.at(), d.before(), d.after(), d.reordered(), fields);
    }
    if (fields.isEmpty()) {
      return null;
    }
    if (!workload) {
      return new ObjectChange(key, ObjectChange.Change.CHANGED, null, null, List.of(), fields);
    }
    checkSelector(key, wasFilled, isFilled, results);
    TemplateComparison comparison = TemplateComparison.of(was, is);
    List<String> reasons =
        comparison.rolls()
            ? RolloutCauses.of(
                comparison.template(),
                TemplateComparison.templatePath(key.kind()),
                settings.changedFor(was, is))
            : List.of();
    return new ObjectChange(
        key, ObjectChange.Change.CHANGED, comparison.rolls(), Pace.of(isFilled), reasons, fields);
  }

  /**
   * A change where one side has no map at all and the other has one, key by key ({@code
   * metadata.annotations["a"]: none -> "x"} rather than the whole map), so that each written field
   * is listed once in the notation of its path.
   */
  private static void leaves(
      FieldPath at, Object before, Object after, boolean reordered, List<FieldChange> out) {
    Map<String, Object> map = PlainTrees.asMap(before == null ? after : before);
    if ((before == null || after == null) && map != null && !map.isEmpty()) {
      map.forEach(
          (key, value) ->
              leaves(
                  at.key(key),
                  before == null ? null : value,
                  before == null ? value : null,
                  false,
                  out));
      return;
    }
    out.add(new FieldChange(at, before, after, reordered));
  }

  private static void checkSelector(
      ObjectKey key, Map<String, Object> was, Map<String, Object> is, Results results) {
    FieldPath selector = FieldPath.of("spec.selector");
    Object before = selector.valueIn(was);
    Object after = selector.valueIn(is);
    if (IMMUTABLE_SELECTOR.contains(key.kind()) && !PlainTrees.same(before, after)) {
      results.add(
          Result.of(
                  Severity.ERROR,
                  key.describe()
                      + ": the selector changes from "
                      + PlainTrees.shown(before)
                      + " to "
                      + PlainTrees.shown(after)
                      + ", which the API server refuses (the selector of a "
                      + key.kind()
                      + " is immutable): applying the new side would fail. Keep the old selector,"
                      + " or delete the "
                      + key.kind()
                      + " before applying (its pods go with it)",
                  ref(key),
                  selector.toString())
              .withCurrentValue(PlainTrees.shown(before))
              .withProposedValue(PlainTrees.shown(after)));
    }
  }

  private static Map<ObjectKey, Map<String, Object>> byKey(
      List<Map<String, Object>> objects, String side, Results results) {
    Map<ObjectKey, Map<String, Object>> byKey = new TreeMap<>();
    for (Map<String, Object> object : objects) {
      ObjectKey key = ObjectKey.of(object);
      if (byKey.put(key, object) != null) {
        results.add(
            Result.of(
                Severity.ERROR,
                key.describe()
                    + " ("
                    + key.apiVersion()
                    + ") is twice on the "
                    + side
                    + " side; an object can be applied once: remove one",
                ref(key),
                null));
      }
    }
    return byKey;
  }

  private static ResourceRef ref(ObjectKey key) {
    return new ResourceRef(key.apiVersion(), key.kind(), key.name(), key.namespace(), null, null);
  }
}
