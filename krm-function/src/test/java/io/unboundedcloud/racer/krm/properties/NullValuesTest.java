package io.unboundedcloud.racer.krm.properties;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.harness.ResourceLists;
import io.unboundedcloud.racer.krm.properties.NullableField.Value;
import io.unboundedcloud.racer.krm.properties.ResourceListGenerator.Key;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.krm.yaml.ResourceList;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * Explicit nulls and empty values where the function reads or edits a user's object (docs/krm.md,
 * "Null and empty values"), at every such field of a cache origin and of a user-patched racer
 * DaemonSet ({@link NullableField}): a null ({@code null}, {@code ~} or nothing) or an empty
 * mapping, list or string renders as the field absent would; a null entry in a list of objects is
 * an input error naming the entry, with every item kept. Each field on its own, then seeded random
 * sets of several at once.
 *
 * <p>A failure names its case; the random sets rerun with {@code -Dproperties.seed=SEED
 * -Dproperties.cases=1}.
 */
@Tag("slow")
@DisplayName("Null and empty values in a user's objects")
class NullValuesTest {
  static final long FIRST_SEED = Long.getLong("properties.seed", 20_261_201_000L);
  static final int CASES = Integer.getInteger("properties.cases", 40);
  private static final String NULL_MARK = "nulled-by-the-property";
  private static final List<String> NULL_SPELLINGS = List.of("null", "~", "");

  /** The objects of the base input: settings, a patched racer DaemonSet, a cache origin. */
  private static Map<Key, Map<String, Object>> base;

  private static synchronized Map<Key, Map<String, Object>> base() {
    if (base == null) {
      Map<Key, Map<String, Object>> objects = new LinkedHashMap<>();
      Map<String, Object> settings = plain(SETTINGS);
      objects.put(Key.of(Nodes.fromPlainMap(settings)), settings);
      KrmRun fresh = KrmRun.function(resourceList(List.of(SETTINGS)));
      assertThat(fresh.exitCode()).as(fresh.describe()).isZero();
      for (MappingNode item : ResourceListGenerator.read(fresh.stdout()).items()) {
        if (Key.of(item).equals(NullableField.DATAPLANE)) {
          Map<String, Object> daemonSet = Plain.normalizedMap(Nodes.toPlainMap(item));
          NullableField.patchAsAUserWould(daemonSet);
          objects.put(NullableField.DATAPLANE, daemonSet);
        }
      }
      objects.put(NullableField.ORIGIN, plain(ORIGIN));
      base = objects;
    }
    return base;
  }

  @Nested
  @DisplayName("a null or an empty value renders as the field absent")
  class AsAbsent {
    @Test
    @DisplayName("at each field of the racer DaemonSet and of the origin, one at a time")
    void eachField() {
      List<String> failures = new ArrayList<>();
      for (NullableField field : NullableField.ALL) {
        String absent = input(Map.of(field, Value.ABSENT), new Random(0));
        KrmRun reference = KrmRun.function(absent);
        for (Value value : field.values()) {
          check(
              failures,
              field + " = " + value,
              () ->
                  assertAsAbsent(
                      KrmRun.function(input(Map.of(field, value), new Random(value.ordinal()))),
                      reference));
        }
      }
      assertThat(failures)
          .as("%d failures over %d fields", failures.size(), NullableField.ALL.size())
          .isEmpty();
    }

    @Test
    @DisplayName("at several fields at once (seeded random sets)")
    void severalFields() {
      List<String> failures = new ArrayList<>();
      for (int i = 0; i < CASES; i++) {
        long seed = FIRST_SEED + i;
        Random random = new Random(seed * 0x9E3779B97F4A7C15L);
        Map<NullableField, Value> nulled = new LinkedHashMap<>();
        Map<NullableField, Value> absent = new LinkedHashMap<>();
        for (int n = 1 + random.nextInt(5); n > 0; n--) {
          NullableField field = NullableField.ALL.get(random.nextInt(NullableField.ALL.size()));
          List<Value> values = field.values();
          nulled.put(field, values.get(random.nextInt(values.size())));
          absent.put(field, Value.ABSENT);
        }
        check(
            failures,
            "seed "
                + seed
                + " (rerun: -Dproperties.seed="
                + seed
                + " -Dproperties.cases=1) "
                + nulled,
            () ->
                assertAsAbsent(
                    KrmRun.function(input(nulled, random)),
                    KrmRun.function(input(absent, random))));
      }
      assertThat(failures).as("%d of %d generated inputs", failures.size(), CASES).isEmpty();
    }

    /**
     * Exit 0, the same output as with the fields absent once nulls and empty values are left out,
     * and the output run again is the same bytes.
     */
    private static void assertAsAbsent(KrmRun run, KrmRun absent) {
      assertThat(run.exitCode()).as(run.describe()).isZero();
      assertThat(absent.exitCode()).as(absent.describe()).isZero();
      assertThat(outcome(run))
          .as("the items and results, nulls and empty values left out")
          .isEqualTo(outcome(absent));
      KrmRun again = KrmRun.function(run.stdoutWithoutResults());
      assertThat(again.exitCode()).as(again.describe()).isZero();
      assertThat(again.stdoutWithoutResults())
          .as("the output run again")
          .isEqualTo(run.stdoutWithoutResults());
    }
  }

  @Test
  @DisplayName(
      "a null entry in a list of objects: an input error naming the entry, every item kept as it"
          + " came")
  void nullEntry() {
    List<String> failures = new ArrayList<>();
    for (NullableField field : NullableField.ALL) {
      if (!field.isListOfObjects()) {
        continue;
      }
      check(
          failures,
          field + " gains a null entry",
          () -> {
            String in = input(Map.of(field, Value.NULL_ENTRY), new Random(field.hashCode()));
            KrmRun run = KrmRun.function(in);
            assertThat(run.exitCode()).as(run.describe()).isEqualTo(1);
            String entry = field.entryPath(base().get(field.item()));
            assertThat(run.stderrLines())
                .as(run.describe())
                .anySatisfy(
                    line ->
                        assertThat(line)
                            .startsWith("error: ")
                            .contains("expected a mapping, found null")
                            .contains("field " + entry + "]"));
            assertThat(run.stderr()).doesNotContain("internal error");
            assertThat(texts(ResourceListGenerator.read(run.stdout()).items()))
                .as("the items after the error")
                .isEqualTo(texts(ResourceListGenerator.read(in).items()));
          });
    }
    assertThat(failures).as("%d failures", failures.size()).isEmpty();
  }

  @Test
  @DisplayName("the fields cover the placement, metadata, containers, env and volumes of both")
  void coverage() {
    for (Key item : List.of(NullableField.DATAPLANE, NullableField.ORIGIN)) {
      List<String> paths =
          NullableField.ALL.stream().filter(f -> f.item().equals(item)).map(f -> f.path()).toList();
      assertThat(paths)
          .as("fields of %s", item)
          .anyMatch(p -> p.endsWith(".nodeSelector"))
          .anyMatch(p -> p.endsWith(".tolerations"))
          .anyMatch(p -> p.endsWith(".affinity"))
          .anyMatch(p -> p.endsWith(".affinity.nodeAffinity"))
          .contains("metadata.labels", "metadata.annotations")
          .anyMatch(p -> p.endsWith(".containers"))
          .anyMatch(p -> p.endsWith(".env"))
          .anyMatch(p -> p.endsWith(".envFrom"))
          .anyMatch(p -> p.endsWith(".volumes"))
          .anyMatch(p -> p.endsWith(".volumeMounts"))
          .anyMatch(p -> p.endsWith(".ports"))
          .anyMatch(p -> p.endsWith(".resources"))
          .anyMatch(p -> p.endsWith(".securityContext"));
      for (String path : paths) {
        assertThat(NullableField.resolves(base().get(item), path))
            .as("%s in the base", path)
            .isTrue();
      }
    }
  }

  private static void check(List<String> failures, String name, Runnable property) {
    try {
      property.run();
    } catch (AssertionError | RuntimeException failure) {
      failures.add(name + ": " + failure.getMessage());
    }
  }

  /**
   * The base input with the given values put in: nulls spelled at random as {@code null}, {@code ~}
   * or nothing.
   */
  private static String input(Map<NullableField, Value> values, Random random) {
    List<String> items = new ArrayList<>();
    for (Map.Entry<Key, Map<String, Object>> object : base().entrySet()) {
      Map<String, Object> copy = Plain.normalizedMap(object.getValue());
      // a field before the one it is in, which may be nulled too
      values.entrySet().stream()
          .filter(entry -> entry.getKey().item().equals(object.getKey()))
          .sorted(
              Comparator.comparing(
                  (Map.Entry<NullableField, Value> entry) -> -entry.getKey().path().length()))
          .forEach(entry -> entry.getKey().put(copy, entry.getValue(), NULL_MARK));
      String text = YamlWriter.manifests(List.of(Nodes.fromPlainMap(copy)));
      StringBuilder spelled = new StringBuilder();
      int from = 0;
      for (int at = text.indexOf(NULL_MARK); at >= 0; at = text.indexOf(NULL_MARK, from)) {
        spelled
            .append(text, from, at)
            .append(NULL_SPELLINGS.get(random.nextInt(NULL_SPELLINGS.size())));
        from = at + NULL_MARK.length();
      }
      items.add(spelled.append(text.substring(from)).toString());
    }
    return resourceList(items);
  }

  private static String resourceList(List<String> items) {
    ResourceLists list = ResourceLists.of();
    items.forEach(list::item);
    return list.functionConfig(Map.of("imageRegistry", ResourceLists.REGISTRY)).text();
  }

  /** The output's items and results as plain trees, without what holds nothing. */
  private static Object outcome(KrmRun run) {
    ResourceList output = ResourceListGenerator.read(run.stdout());
    return withoutNothing(
        List.of(
            output.items().stream().map(Nodes::toPlainMap).toList(),
            output.results().stream().map(Nodes::toPlainMap).toList()));
  }

  /**
   * A plain tree without the entries that hold nothing (null, {@code ""}, empty mappings and lists,
   * mappings of nothing but those), recursively; numbers as longs.
   */
  static Object withoutNothing(Object value) {
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> kept = new LinkedHashMap<>();
      map.forEach(
          (key, entry) -> {
            Object pruned = withoutNothing(entry);
            if (!holdsNothing(pruned)) {
              kept.put(String.valueOf(key), pruned);
            }
          });
      return kept;
    }
    if (value instanceof List<?> list) {
      return list.stream().map(NullValuesTest::withoutNothing).toList();
    }
    return Plain.normalized(value);
  }

  private static boolean holdsNothing(Object value) {
    return value == null
        || "".equals(value)
        || value instanceof Map<?, ?> map && map.isEmpty()
        || value instanceof List<?> list && list.isEmpty();
  }

  private static List<String> texts(List<MappingNode> items) {
    return items.stream().map(item -> YamlWriter.manifests(List.of(item))).toList();
  }

  private static Map<String, Object> plain(String yaml) {
    return Plain.normalizedMap(Nodes.toPlainMap(ManifestNodes.one(yaml)));
  }

  private static final String SETTINGS =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: racer-settings
        namespace: racer
      data: {}
      """;

  /** A cache origin as people write one, every field the property nulls present. */
  private static final String ORIGIN =
      """
      apiVersion: apps/v1
      kind: DaemonSet
      metadata:
        name: weights-origin
        namespace: ml
        labels:
          racer.unbounded-cloud.io/cache-origin: weights
        annotations:
          example.com/owner: ml-platform
      spec:
        selector:
          matchLabels: {app: weights-origin}
        updateStrategy:
          type: RollingUpdate
          rollingUpdate: {maxSurge: 0, maxUnavailable: 1}
        template:
          metadata:
            labels: {app: weights-origin}
            annotations: {example.com/scrape: "true"}
          spec:
            affinity:
              nodeAffinity:
                requiredDuringSchedulingIgnoredDuringExecution:
                  nodeSelectorTerms:
                  - matchExpressions:
                    - {key: pool, operator: In, values: [weights]}
              podAntiAffinity:
                requiredDuringSchedulingIgnoredDuringExecution:
                - topologyKey: kubernetes.io/hostname
                  labelSelector:
                    matchLabels: {app: weights-origin}
            nodeSelector: {example.com/pool: weights}
            tolerations:
            - {key: example.com/weights, operator: Exists, effect: NoSchedule}
            securityContext: {runAsUser: 0}
            volumes:
            - name: socket
              hostPath: {path: /run/racer/weights/origin, type: DirectoryOrCreate}
            containers:
            - name: origin
              image: registry.example.com/weights-origin:1.4.2
              args: [--serve]
              env:
              - {name: CACHE, value: weights}
              envFrom:
              - configMapRef: {name: weights-origin}
              ports:
              - {name: metrics, containerPort: 9100}
              volumeMounts:
              - {name: socket, mountPath: /run/racer/weights/origin}
              resources:
                requests: {cpu: 100m}
              securityContext: {runAsUser: 0}
      """;
}
