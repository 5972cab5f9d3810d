package io.unboundedcloud.racer.krm.rollout;

import io.unboundedcloud.racer.krm.tree.PlainTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the API server, its controllers and kubectl write on a live object, which a manifest kept in
 * Git must not hold: applied again, {@code resourceVersion} and {@code uid} conflict, and the
 * operator's ownerReferences would have the garbage collector delete the objects with the
 * operator's resource.
 */
public final class ServerFields {
  /**
   * {@code metadata} fields only the API server sets (ObjectMeta: "populated by the system",
   * read-only).
   */
  public static final List<String> METADATA =
      List.of(
          "uid",
          "resourceVersion",
          "generation",
          "creationTimestamp",
          "managedFields",
          "selfLink",
          "deletionTimestamp",
          "deletionGracePeriodSeconds");

  /** Annotations written by controllers or kubectl, never by the installation's author. */
  public static final List<String> ANNOTATIONS =
      List.of(
          // the DaemonSet controller's record of the template generation (pkg/controller/daemon)
          "deprecated.daemonset.template.generation",
          // kubectl apply's record of the last applied manifest (client-side apply)
          "kubectl.kubernetes.io/last-applied-configuration",
          // the Deployment controller's revision, on a cache origin that is a Deployment
          "deployment.kubernetes.io/revision");

  private ServerFields() {}

  /**
   * A live object without its server fields.
   *
   * @param object the object, a copy
   * @param ownerReferences the ownerReferences it had, dropped
   */
  public record Cleaned(Map<String, Object> object, List<Map<String, Object>> ownerReferences) {}

  /**
   * A copy of {@code live} without {@code status}, the server's metadata, annotations and
   * ownerReferences.
   */
  @SuppressWarnings("unchecked")
  public static Cleaned clean(Map<String, Object> live) {
    Map<String, Object> object = (Map<String, Object>) PlainTrees.copy(live);
    object.remove("status");
    List<Map<String, Object>> owners = new ArrayList<>();
    if (object.get("metadata") instanceof Map<?, ?> metadata) {
      Map<String, Object> meta = (Map<String, Object>) metadata;
      METADATA.forEach(meta::remove);
      if (meta.remove("ownerReferences") instanceof List<?> references) {
        references.forEach(reference -> owners.add((Map<String, Object>) reference));
      }
      if (meta.get("annotations") instanceof Map<?, ?> annotations) {
        ANNOTATIONS.forEach(annotations::remove);
        if (annotations.isEmpty()) {
          meta.remove("annotations");
        }
      }
    }
    dropEmbeddedTimestamps(object.get("spec"));
    return new Cleaned(object, owners);
  }

  /**
   * The {@code creationTimestamp: null} that every embedded ObjectMeta (a pod template, a job
   * template) carries in the API server's output: Go writes its empty time struct as null.
   */
  private static void dropEmbeddedTimestamps(Object tree) {
    if (tree instanceof Map<?, ?> map) {
      if (map.get("metadata") instanceof Map<?, ?> metadata
          && metadata.containsKey("creationTimestamp")
          && metadata.get("creationTimestamp") == null) {
        metadata.remove("creationTimestamp");
      }
      map.values().forEach(ServerFields::dropEmbeddedTimestamps);
    } else if (tree instanceof List<?> list) {
      list.forEach(ServerFields::dropEmbeddedTimestamps);
    }
  }

  /**
   * How a warning names an ownerReference: {@code Racer racer (unbounded-cloud.io/v1alpha1,
   * controller)}.
   */
  public static String describe(Map<String, Object> reference) {
    StringBuilder text = new StringBuilder();
    text.append(reference.getOrDefault("kind", "object"))
        .append(' ')
        .append(reference.getOrDefault("name", "?"));
    List<String> details = new ArrayList<>();
    if (reference.get("apiVersion") != null) {
      details.add(String.valueOf(reference.get("apiVersion")));
    }
    if (Boolean.TRUE.equals(reference.get("controller"))) {
      details.add("controller");
    }
    if (reference.get("uid") != null) {
      details.add("uid " + reference.get("uid"));
    }
    if (!details.isEmpty()) {
      text.append(" (").append(String.join(", ", details)).append(')');
    }
    return text.toString();
  }
}
