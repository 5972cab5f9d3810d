package io.unboundedcloud.racer.krm.schema;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.CronJob;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Test support: the fields of a Kubernetes object that its fabric8 model does not know. The schema
 * validator accepts unknown fields silently; fabric8 keeps them in {@code additionalProperties} of
 * the object they sit in, so a misspelt field ({@code tolerationz}) shows up there.
 */
final class UnknownFields {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<String, Class<?>> MODELS =
      Map.of(
          "v1/ConfigMap", ConfigMap.class,
          "v1/Namespace", Namespace.class,
          "v1/ServiceAccount", ServiceAccount.class,
          "v1/Pod", Pod.class,
          "apps/v1/DaemonSet", DaemonSet.class,
          "apps/v1/Deployment", Deployment.class,
          "apps/v1/StatefulSet", StatefulSet.class,
          "apps/v1/ReplicaSet", ReplicaSet.class,
          "batch/v1/Job", Job.class,
          "batch/v1/CronJob", CronJob.class);

  private UnknownFields() {}

  /**
   * Every unknown field of a plain object, as {@code path.to.object: [names]}; fails for a kind
   * without a fabric8 model here, and for a value of the wrong type (Jackson cannot read it).
   */
  static List<String> of(Map<String, Object> object) {
    String key = object.get("apiVersion") + "/" + object.get("kind");
    Class<?> model = MODELS.get(key);
    if (model == null) {
      throw new AssertionError("no fabric8 model for " + key + " in " + MODELS.keySet());
    }
    List<String> unknown = new ArrayList<>();
    collect(JSON.convertValue(object, model), String.valueOf(object.get("kind")), unknown);
    return unknown;
  }

  private static void collect(Object value, String path, List<String> unknown) {
    if (value instanceof Map<?, ?> map) {
      map.forEach((k, v) -> collect(v, path + "." + k, unknown));
    } else if (value instanceof Collection<?> items) {
      int i = 0;
      for (Object item : items) {
        collect(item, path + "[" + i++ + "]", unknown);
      }
    } else if (value != null && isModel(value.getClass())) {
      for (Method getter : value.getClass().getMethods()) {
        if (!isPropertyGetter(getter)) {
          continue;
        }
        Object property = invoke(getter, value);
        if (getter.getName().equals("getAdditionalProperties")) {
          if (property instanceof Map<?, ?> extra && !extra.isEmpty()) {
            unknown.add(path + ": " + extra.keySet());
          }
        } else {
          collect(property, path + "." + propertyName(getter), unknown);
        }
      }
    }
  }

  private static boolean isModel(Class<?> type) {
    return type.getName().startsWith("io.fabric8.kubernetes.api.model.");
  }

  /**
   * A public no-argument getter whose value can hold model objects (not a scalar, not a computed
   * number).
   */
  private static boolean isPropertyGetter(Method method) {
    Class<?> type = method.getReturnType();
    return method.getName().startsWith("get")
        && method.getParameterCount() == 0
        && !Modifier.isStatic(method.getModifiers())
        && (isModel(type)
            || Map.class.isAssignableFrom(type)
            || Collection.class.isAssignableFrom(type)
            || type == Object.class);
  }

  private static String propertyName(Method getter) {
    String name = getter.getName().substring(3);
    return name.isEmpty() ? name : Character.toLowerCase(name.charAt(0)) + name.substring(1);
  }

  private static Object invoke(Method getter, Object target) {
    try {
      return getter.invoke(target);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new AssertionError("cannot read " + getter + ": " + e, e);
    }
  }
}
