package io.unboundedcloud.racer.krm.properties;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.PlainYamlParser;
import io.unboundedcloud.racer.krm.properties.ResourceListGenerator.Case;
import io.unboundedcloud.racer.krm.properties.ResourceListGenerator.Key;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.krm.yaml.ResourceList;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * Laws that hold for every ResourceList, checked on seeded random ones ({@link
 * ResourceListGenerator}). Each input is run once and the runs are shared by the properties, so the
 * whole class stays within seconds.
 *
 * <p>A failure names its seed; rerun exactly that input with {@code -Dproperties.seed=SEED
 * -Dproperties.cases=1}. {@code -Dproperties.cases=N} runs more (or fewer) inputs.
 */
@Tag("slow")
@DisplayName("Properties over generated ResourceLists")
class ResourceListPropertiesTest {
  static final long FIRST_SEED = Long.getLong("properties.seed", 20_261_129_000L);
  static final int CASES = Integer.getInteger("properties.cases", 200);

  /**
   * A generated input, its run, the same input run again, and the output run again without results.
   */
  record Observed(Case generated, KrmRun run, KrmRun again, KrmRun onOutput) {}

  private static List<Observed> observed;

  static synchronized List<Observed> observed() {
    if (observed == null) {
      List<Observed> all = new ArrayList<>();
      for (int i = 0; i < CASES; i++) {
        Case generated = ResourceListGenerator.generate(FIRST_SEED + i);
        KrmRun run = KrmRun.function(generated.input());
        KrmRun again = KrmRun.function(generated.input());
        KrmRun onOutput = run.exitCode() == 0 ? KrmRun.function(run.stdoutWithoutResults()) : null;
        all.add(new Observed(generated, run, again, onOutput));
      }
      observed = List.copyOf(all);
    }
    return observed;
  }

  /** Checks every observed run, collecting the failures with their seeds. */
  private static void forEveryInput(Consumer<Observed> property) {
    List<String> failures = new ArrayList<>();
    for (Observed one : observed()) {
      try {
        property.accept(one);
      } catch (AssertionError | RuntimeException failure) {
        failures.add(
            "seed "
                + one.generated().seed()
                + " (rerun: -Dproperties.seed="
                + one.generated().seed()
                + " -Dproperties.cases=1): "
                + failure.getMessage());
      }
    }
    assertThat(failures)
        .as("%d of %d generated inputs break the property", failures.size(), observed().size())
        .isEmpty();
  }

  @Test
  @DisplayName("the generator covers what the properties are about")
  void coverage() {
    List<Observed> all = observed();
    assertThat(all.stream().anyMatch(o -> !o.generated().valid())).as("invalid settings").isTrue();
    assertThat(all.stream().anyMatch(o -> o.generated().existingDaemonSet()))
        .as("an existing DaemonSet")
        .isTrue();
    assertThat(all.stream().anyMatch(o -> o.generated().existingAccount()))
        .as("an existing ServiceAccount")
        .isTrue();
    assertThat(all.stream().anyMatch(o -> o.generated().namespace().isEmpty()))
        .as("settings without namespace")
        .isTrue();
    for (String kind : ResourceListGenerator.ORIGIN_KINDS) {
      assertThat(
              all.stream()
                  .anyMatch(
                      o -> o.generated().origins().stream().anyMatch(k -> k.kind().equals(kind))))
          .as("an origin of kind %s", kind)
          .isTrue();
    }
    assertThat(all.stream().filter(o -> o.run().exitCode() == 0).count())
        .as("successful runs")
        .isGreaterThan(all.size() * 3L / 4);
  }

  @Test
  @DisplayName("no item is lost; every item the function does not own comes out byte for byte")
  void noItemLost() {
    forEveryInput(
        one -> {
          Case generated = one.generated();
          List<MappingNode> in = ResourceListGenerator.read(generated.input()).items();
          ResourceList output = ResourceListGenerator.read(one.run().stdout());
          List<MappingNode> out = output.items();
          if (!generated.valid()) {
            assertThat(one.run().exitCode()).as("exit code of invalid settings").isEqualTo(1);
            assertThat(texts(out))
                .as("a failed run's items are its input's, unchanged")
                .isEqualTo(texts(in));
            assertThat(one.run().stdout()).contains("\n  severity: error\n");
            return;
          }
          assertThat(one.run().exitCode()).as("exit code; stderr: %s", one.run().stderr()).isZero();
          int added =
              (generated.existingDaemonSet() ? 0 : 1) + (generated.existingAccount() ? 0 : 1);
          assertThat(out).as("output items").hasSize(in.size() + added);
          for (int i = 0; i < in.size(); i++) {
            Key key = Key.of(in.get(i));
            assertThat(Key.of(out.get(i))).as("item %d keeps its place", i).isEqualTo(key);
            if (generated.owns(key)) {
              continue;
            }
            if (generated.origins().contains(key)) {
              assertThat(text(withoutPlacement(out.get(i))))
                  .as("cache origin %s apart from its placement", key)
                  .isEqualTo(text(withoutPlacement(in.get(i))));
            } else {
              assertThat(text(out.get(i))).as("item %s", key).isEqualTo(text(in.get(i)));
            }
          }
        });
  }

  @Test
  @DisplayName("the output, the output run again and the output on an error parse as plain YAML")
  void outputParses() {
    forEveryInput(
        one -> {
          PlainYamlParser.assertComposes(one.run().stdout(), "the output");
          if (one.onOutput() != null) {
            PlainYamlParser.assertComposes(one.onOutput().stdout(), "the output run again");
          }
        });
  }

  @Test
  @DisplayName("running on the output (results stripped) gives the same items, and no new result")
  void idempotent() {
    forEveryInput(
        one -> {
          if (one.onOutput() == null) {
            return;
          }
          assertThat(one.onOutput().exitCode()).as("exit code of the second run").isZero();
          assertThat(one.onOutput().stdoutWithoutResults())
              .as("output of the second run")
              .isEqualTo(one.run().stdoutWithoutResults());
          // a warning about what the first run replaced (an image) has nothing left to name
          assertThat(one.onOutput().stderr().lines())
              .as("stderr of the second run, only lines of the first")
              .isSubsetOf(one.run().stderr().lines().toList());
        });
  }

  @Test
  @DisplayName("the same input gives the same bytes")
  void deterministic() {
    forEveryInput(
        one -> {
          assertThat(one.again().stdout()).as("stdout").isEqualTo(one.run().stdout());
          assertThat(one.again().stderr()).as("stderr").isEqualTo(one.run().stderr());
          assertThat(one.again().exitCode()).as("exit code").isEqualTo(one.run().exitCode());
        });
  }

  @Test
  @DisplayName("a user's change to a field the renderer does not own survives re-rendering")
  void userChangesSurvive() {
    forEveryInput(
        one -> {
          Case generated = one.generated();
          if (!generated.valid()
              || !generated.existingDaemonSet() && generated.accountAnnotation() == null) {
            return;
          }
          Map<Key, MappingNode> out = byKey(ResourceListGenerator.read(one.run().stdout()).items());
          if (generated.existingDaemonSet()) {
            Map<String, Object> daemonSet =
                Plain.normalizedMap(Nodes.toPlainMap(out.get(generated.daemonSet())));
            generated.changes().forEach(change -> change.check(daemonSet));
          }
          if (generated.accountAnnotation() != null) {
            Map<String, Object> account = Nodes.toPlainMap(out.get(generated.account()));
            assertThat(Plain.mapOrEmpty(Plain.map(account, "metadata"), "annotations"))
                .as("the ServiceAccount's workload identity")
                .containsKey(generated.accountAnnotation());
          }
        });
  }

  @Test
  @DisplayName(
      "one racer DaemonSet and ServiceAccount; every cache origin has the DaemonSet's placement")
  void oneDataplaneAndOriginsFollowIt() {
    forEveryInput(
        one -> {
          Case generated = one.generated();
          if (!generated.valid()) {
            return;
          }
          List<MappingNode> out = ResourceListGenerator.read(one.run().stdout()).items();
          assertThat(out.stream().map(Key::of).filter(generated.daemonSet()::equals))
              .as("racer DaemonSets")
              .hasSize(1);
          assertThat(out.stream().map(Key::of).filter(generated.account()::equals))
              .as("racer ServiceAccounts")
              .hasSize(1);
          Map<Key, MappingNode> byKey = byKey(out);
          Map<String, Object> dataplane = placement(byKey.get(generated.daemonSet()));
          assertThat(dataplane.get("nodeAffinity")).as("the dataplane's node affinity").isNotNull();
          for (Key origin : generated.origins()) {
            assertThat(placement(byKey.get(origin)))
                .as("placement of cache origin %s", origin)
                .isEqualTo(dataplane);
          }
        });
  }

  /**
   * nodeSelector, tolerations and node affinity of a workload's pod spec; absent and empty read
   * alike.
   */
  private static Map<String, Object> placement(MappingNode workload) {
    Map<String, Object> pod = Plain.podSpec(Plain.normalizedMap(Nodes.toPlainMap(workload)));
    Map<String, Object> placement = new LinkedHashMap<>();
    placement.put("nodeSelector", Plain.mapOrEmpty(pod, "nodeSelector"));
    placement.put("tolerations", Plain.listOrEmpty(pod, "tolerations"));
    placement.put("nodeAffinity", Plain.mapOrEmpty(pod, "affinity").get("nodeAffinity"));
    return placement;
  }

  private static Map<Key, MappingNode> byKey(List<MappingNode> items) {
    Map<Key, MappingNode> map = new LinkedHashMap<>();
    for (MappingNode item : items) {
      if (map.put(Key.of(item), item) != null) {
        throw new AssertionError("two items are " + Key.of(item));
      }
    }
    return map;
  }

  /** A copy of a cache origin without the fields the function owns on it. */
  private static MappingNode withoutPlacement(MappingNode origin) {
    MappingNode copy = copy(origin);
    String kind = Nodes.getText(copy, "kind");
    String[] path =
        switch (kind) {
          case "Pod" -> new String[] {"spec"};
          case "CronJob" -> new String[] {"spec", "jobTemplate", "spec", "template", "spec"};
          default -> new String[] {"spec", "template", "spec"};
        };
    MappingNode pod = Nodes.getMapping(copy, path);
    Nodes.remove(pod, "nodeSelector");
    Nodes.remove(pod, "tolerations");
    MappingNode affinity = Nodes.getMapping(pod, "affinity");
    if (affinity != null) {
      Nodes.remove(affinity, "nodeAffinity");
      if (affinity.getValue().isEmpty()) {
        Nodes.remove(pod, "affinity");
      }
    }
    return copy;
  }

  private static MappingNode copy(MappingNode item) {
    return YamlReader.readManifests(
            new ByteArrayInputStream(text(item).getBytes(StandardCharsets.UTF_8)),
            "copy",
            YamlLimits.DEFAULT)
        .get(0);
  }

  /** One item as the function's writer writes it. */
  static String text(MappingNode item) {
    return YamlWriter.manifests(List.of(item));
  }

  private static List<String> texts(List<MappingNode> items) {
    return items.stream().map(ResourceListPropertiesTest::text).toList();
  }
}
