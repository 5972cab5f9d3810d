package io.unboundedcloud.racer.krm.adopt;

import io.unboundedcloud.racer.krm.rollout.ApiServerDefaults;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Pod templates of live dumps and of rendered workloads, compared as the API server stores them.
 * Public for chart-gen's tests, which hold {@code helm template} to the same live dumps.
 */
public final class LiveTemplates {
  private LiveTemplates() {}

  /** What a rendered workload's pod template becomes once the API server has defaulted it. */
  public static Map<String, Object> defaulted(Map<String, Object> workload) {
    return template(ApiServerDefaults.filled(workload));
  }

  /**
   * A live workload's pod template as the server stores it (without the {@code creationTimestamp:
   * null} Go prints for the empty time of an embedded ObjectMeta), completed only with the zero
   * values ({@code false}, {@code 0}, {@code ""}) that the server never prints. Any other default
   * the completion would add fails: so every other default a rendered template is completed with is
   * held to what the live dump itself shows.
   */
  public static Map<String, Object> live(Map<String, Object> workload) {
    Map<String, Object> copy = PlainTrees.copyMap(workload);
    Map<String, Object> metadata = PlainTrees.asMap(template(copy).get("metadata"));
    if (metadata != null) {
      metadata.remove("creationTimestamp");
    }
    Map<String, Object> completed = template(ApiServerDefaults.filled(copy));
    List<String> added = new ArrayList<>();
    additions(template(copy), completed, "spec.template", added);
    if (!added.isEmpty()) {
      throw new AssertionError(
          "the live dump lacks defaults the server would have printed: " + added);
    }
    return completed;
  }

  /** {@code spec.template} of a workload. */
  public static Map<String, Object> template(Map<String, Object> workload) {
    return PlainTrees.asMap(PlainTrees.asMap(workload.get("spec")).get("template"));
  }

  private static void additions(Object stored, Object completed, String path, List<String> added) {
    if (stored instanceof Map<?, ?> before && completed instanceof Map<?, ?> after) {
      after.forEach(
          (key, value) -> {
            if (!before.containsKey(key)) {
              boolean zero =
                  Boolean.FALSE.equals(value)
                      || "".equals(value)
                      || value instanceof Number number && number.longValue() == 0;
              if (!zero) {
                added.add(path + "." + key + "=" + value);
              }
            } else {
              additions(before.get(key), value, path + "." + key, added);
            }
          });
    } else if (stored instanceof List<?> before && completed instanceof List<?> after) {
      for (int i = 0; i < Math.min(before.size(), after.size()); i++) {
        additions(before.get(i), after.get(i), path + "[" + i + "]", added);
      }
    }
  }
}
