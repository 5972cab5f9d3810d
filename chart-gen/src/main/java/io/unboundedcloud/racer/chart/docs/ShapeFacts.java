package io.unboundedcloud.racer.chart.docs;

import io.unboundedcloud.racer.workload.shape.HelmDefine;
import io.unboundedcloud.racer.workload.shape.ShapeKey;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import io.unboundedcloud.racer.workload.shape.ShapeParser;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the templates show of the shape keys, from their table: {@code shapeDefines} (one entry per
 * key, in table order, for {@code _helpers.tpl}'s defines and the NOTES line) and {@code
 * <component>Key} (the key's name, for the checks that name it).
 */
final class ShapeFacts {
  private ShapeFacts() {}

  static Map<String, Object> of() {
    Map<String, Object> facts = new LinkedHashMap<>();
    List<Map<String, Object>> defines = new ArrayList<>();
    for (ShapeKey<?> key : ShapeKeys.all()) {
      facts.put(key.component() + "Key", key.name());
      defines.add(define(key));
    }
    facts.put("shapeDefines", defines);
    return facts;
  }

  /**
   * One define: its name, the key and label, and which body the template writes: {@code flag} or
   * {@code orDefault} from the parser, or the derived rule's own (a fact named after the rule).
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
      entry.put(define.rule(), true);
    }
    return entry;
  }
}
