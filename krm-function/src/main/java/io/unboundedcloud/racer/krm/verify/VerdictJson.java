package io.unboundedcloud.racer.krm.verify;

import io.unboundedcloud.racer.krm.diff.TreeJson;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code verify --output json}, for tools, as {@code docs/verify.schema.json} defines it: {@code
 * {"verified": bool, "strict": bool, "checked": "verified DaemonSet ..." or null, "results":
 * [...]}}, each result as the KRM function's results are written ({@link Result#toTree()}: message,
 * severity, resourceRef, field, file).
 */
public final class VerdictJson {
  private VerdictJson() {}

  /**
   * @param verdict what verify found
   * @param results its results as reported (located in their files; strict already applied)
   * @param strict whether {@code --strict} was given
   */
  public static String of(Verified verdict, Results results, boolean strict) {
    Map<String, Object> tree = new LinkedHashMap<>();
    boolean verified = !results.hasError();
    tree.put("verified", verified);
    tree.put("strict", strict);
    tree.put("checked", verified ? verdict.checked() : null);
    List<Object> list = new ArrayList<>();
    results.forEach(result -> list.add(result.toTree()));
    tree.put("results", list);
    return TreeJson.of(tree);
  }
}
