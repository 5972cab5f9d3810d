package io.unboundedcloud.racer.chart.docs;

import io.unboundedcloud.racer.workload.shape.HelmDefine;
import io.unboundedcloud.racer.workload.shape.ListenerPort;
import io.unboundedcloud.racer.workload.shape.ShapeKey;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import io.unboundedcloud.racer.workload.shape.ShapeParser;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the templates show of the shape keys, from their table: {@code shapeDefines} (one entry per
 * key, in table order, for {@code _helpers.tpl}'s defines and the NOTES line) and {@code listeners}
 * (one entry per listener port, in table order, for the checks that run over every listener).
 */
final class ShapeFacts {
  private ShapeFacts() {}

  static Map<String, Object> of() {
    Map<String, Object> facts = new LinkedHashMap<>();
    List<Map<String, Object>> defines = new ArrayList<>();
    for (ShapeKey<?> key : ShapeKeys.all()) {
      defines.add(define(key));
    }
    facts.put("shapeDefines", defines);
    List<Map<String, Object>> listeners = new ArrayList<>();
    for (ListenerPort listener : ShapeKeys.listeners()) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("port", listener.portName());
      entry.put("component", listener.key().component());
      entry.put("key", listener.key().name());
      entry.put("define", listener.key().define().name());
      listeners.add(entry);
    }
    facts.put("listeners", listeners);
    return facts;
  }

  /**
   * One define: its name, the key and label, and which body the template writes: {@code flag} or
   * {@code orDefault} from the parser, or, for a listener port that may be left unset, {@code
   * unsetPort} with the Java rule it reproduces and the choice's ports and listener.
   */
  private static Map<String, Object> define(ShapeKey<?> key) {
    HelmDefine define = key.define();
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("name", define.name());
    entry.put("key", key.name());
    entry.put("label", key.label());
    if (define.isParsed()) {
      String fallback = key.setting().defaultValue();
      entry.put("doc", String.format(define.doc(), key.name(), fallback));
      boolean flag = key.parser() instanceof ShapeParser.Flag;
      entry.put(flag ? "flag" : "orDefault", true);
      entry.put("default", fallback);
    } else {
      ListenerPort.UnsetPort unset = unsetPort(key);
      entry.put("unsetPort", true);
      entry.put("rule", define.rule());
      entry.put("usual", unset.usual());
      entry.put("alternate", unset.alternate());
      entry.put("over", unset.over().key().define().name());
      entry.put("overLabel", unset.over().key().label());
    }
    return entry;
  }

  /** The choice a derived define reproduces: the only derived kind is an unset listener port. */
  private static ListenerPort.UnsetPort unsetPort(ShapeKey<?> key) {
    return ShapeKeys.listeners().stream()
        .filter(listener -> listener.key().equals(key) && listener.unset() != null)
        .map(ListenerPort::unset)
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalStateException(
                    key.name()
                        + ": a derived define reproduces an unset listener port's choice; give"
                        + " the key a parsed define or a listener row that may be left unset"));
  }
}
