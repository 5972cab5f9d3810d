package io.unboundedcloud.racer.krm.verify;

import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.workload.Dataplane;
import io.unboundedcloud.racer.workload.settings.SettingsRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * The racer-settings keys that differ from those the function recorded it rendered with ({@link
 * Dataplane#SETTINGS_ANNOTATION}): one error per key changed, added or removed after the function
 * ran, with both values, said before the fields of the DaemonSet the change explains.
 */
final class SettingsDrift {
  private SettingsDrift() {}

  /**
   * @return one error per key that differs, in key order; none when the DaemonSet holds no record
   *     (an older racer-krm or chart, or settings too large to record)
   */
  static List<Result> of(RenderedDataplane dataplane) {
    Item daemonSet = dataplane.daemonSet();
    Item settings = dataplane.settings();
    String record = daemonSet.annotations().get(Dataplane.SETTINGS_ANNOTATION);
    if (record == null) {
      return List.of();
    }
    Map<String, SettingsRecord.Entry> recorded = SettingsRecord.read(record);
    Map<String, String> current = data(settings);
    TreeSet<String> keys = new TreeSet<>(recorded.keySet());
    keys.addAll(current.keySet());
    List<Result> results = new ArrayList<>();
    for (String key : keys) {
      SettingsRecord.Entry then = recorded.get(key);
      String now = current.get(key);
      if (then != null && now != null && then.matches(now)) {
        continue;
      }
      String values;
      if (then == null) {
        values = "is " + PlainTrees.shown(now) + ", a key the function did not render with";
      } else if (now == null) {
        values = "is absent, the function rendered with " + shown(then);
      } else {
        values = "is " + PlainTrees.shown(now) + ", the function rendered with " + shown(then);
      }
      results.add(
          Result.of(
                  Severity.ERROR,
                  "drift: data."
                      + key
                      + " of "
                      + settings.ref().describe()
                      + " "
                      + values
                      + " (as its record "
                      + Dataplane.SETTINGS_ANNOTATION
                      + " on "
                      + daemonSet.ref().describe()
                      + " says): "
                      + (dataplane.settingsGiven()
                          ? "the DaemonSet was rendered with other settings"
                          : "racer-settings changed after the function ran")
                      + ", and the fields that follow from it are named after this; "
                      + Drift.settingsRemedy(dataplane),
                  settings.ref(),
                  "data." + key)
              .withCurrentValue(now == null ? null : PlainTrees.shown(now)));
    }
    return results;
  }

  private static String shown(SettingsRecord.Entry entry) {
    return entry.value() != null ? PlainTrees.shown(entry.value()) : entry.shown();
  }

  private static Map<String, String> data(Item settings) {
    Map<String, String> data = new LinkedHashMap<>();
    MappingNode mapping = Nodes.getMapping(settings.node(), "data");
    if (mapping != null) {
      for (NodeTuple tuple : mapping.getValue()) {
        if (tuple.getKeyNode() instanceof ScalarNode key
            && tuple.getValueNode() instanceof ScalarNode value) {
          String text = Nodes.text(value);
          data.put(key.getValue(), text == null ? "" : text);
        }
      }
    }
    return data;
  }
}
