package io.unboundedcloud.racer.krm.diff;

import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --output json}, for tools: {@code {"rollout": bool, "stops": bool, "objects":
 * [{"apiVersion", "kind", "namespace", "name", "change", "rollout", "stops", "pace", "reasons",
 * "fields": [{"path", "old", "new"}]}], "unchanged", "findings": [{"side", "path", "severity",
 * "message", "object", "file", "field"}]}}, as {@code docs/diff.schema.json} defines it. Values are
 * the fields' values as JSON (a string, a number, a map), never a string holding quotes.
 */
final class JsonReport {
  private JsonReport() {}

  static String of(DiffReport report) {
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("rollout", report.rollout());
    tree.put("stops", report.stops());
    List<Object> objects = new ArrayList<>();
    for (ObjectChange object : report.objects()) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("apiVersion", object.key().apiVersion());
      entry.put("kind", object.key().kind());
      entry.put("namespace", object.key().namespace());
      entry.put("name", object.key().name());
      entry.put("change", object.change().word());
      entry.put("rollout", object.rollout());
      entry.put("stops", object.stops());
      entry.put("pace", object.pace());
      entry.put("reasons", object.reasons());
      List<Object> fields = new ArrayList<>();
      for (FieldChange field : object.fields()) {
        Map<String, Object> change = new LinkedHashMap<>();
        change.put("path", field.path().toString() + (field.reordered() ? " (order)" : ""));
        change.put("old", field.before());
        change.put("new", field.after());
        fields.add(change);
      }
      entry.put("fields", fields);
      objects.add(entry);
    }
    tree.put("objects", objects);
    tree.put("unchanged", report.unchanged());
    List<Object> findings = new ArrayList<>();
    for (SideFinding finding : report.findings()) {
      findings.add(finding(finding));
    }
    tree.put("findings", findings);
    return TreeJson.of(tree);
  }

  /** {@code {"side", "path", "severity", "message", "object", "file", "field"}}. */
  private static Map<String, Object> finding(SideFinding finding) {
    Result result = finding.result();
    ResourceRef ref = result.resource();
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("side", finding.side().word());
    entry.put("path", finding.path());
    entry.put("severity", result.severity().value());
    entry.put("message", result.message());
    Map<String, Object> object = null;
    if (ref != null) {
      object = new LinkedHashMap<>();
      object.put("apiVersion", ref.apiVersion());
      object.put("kind", ref.kind());
      object.put("namespace", ref.namespace());
      object.put("name", ref.name());
    }
    entry.put("object", object);
    entry.put("file", finding.file());
    entry.put("field", result.fieldPath());
    return entry;
  }
}
