package io.unboundedcloud.racer.krm.render;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.Volume;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import io.unboundedcloud.racer.workload.CacheOrigin;
import io.unboundedcloud.racer.workload.NodePlacement;
import io.unboundedcloud.racer.workload.settings.QuotedText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions.FlowStyle;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Copies the dataplane's node placement onto a cache origin's pod spec, editing only the three
 * placement fields of its node (everything else keeps its keys, order and comments), and warns
 * where the origin cannot do its job.
 */
final class OriginPlacement {
  private OriginPlacement() {}

  /**
   * A pending edit of a pod spec node: its new node affinity, node selector and tolerations ({@code
   * null} removes one). Only {@code affinity.nodeAffinity} is touched inside {@code affinity}, so
   * the origin's pod (anti-)affinity keeps its text, comments and style; an unchanged field keeps
   * its node and a replaced one its place. A field the pod spec lacks goes in ahead of its other
   * fields, never after its last one, whose text may end in comments: kyaml reads comments followed
   * by a key as that key's, so kpt, which copies the input's comments onto a function's output,
   * wrote such comments twice, or inside the new value (ingress-nginx's and gpu-operator's
   * manifests had them). kpt writes the new fields at the end of the file's pod spec all the same.
   */
  record Edit(
      Item origin,
      MappingNode podSpec,
      Map<String, Object> current,
      Object nodeAffinity,
      Object nodeSelector,
      Object tolerations) {
    void apply() {
      int added = replace(podSpec, current, 0, "nodeSelector", nodeSelector);
      added = replace(podSpec, current, added, "tolerations", tolerations);
      MappingNode affinity = Nodes.getMapping(podSpec, "affinity");
      if (nodeAffinity != null) {
        if (affinity == null) {
          affinity = new MappingNode(Tag.MAP, new ArrayList<>(), FlowStyle.BLOCK);
          Nodes.putAt(podSpec, added, "affinity", affinity);
        }
        Map<String, Object> currentAffinity = PlainTrees.asMap(current.get("affinity"));
        replace(
            affinity,
            currentAffinity == null ? Map.of() : currentAffinity,
            0,
            "nodeAffinity",
            nodeAffinity);
      } else if (affinity != null) {
        Nodes.remove(affinity, "nodeAffinity");
        if (affinity.getValue().isEmpty()) {
          Nodes.remove(podSpec, "affinity");
        }
      }
    }

    /**
     * Sets, keeps or removes one field of {@code mapping}, whose data {@code current} holds as read
     * at the plan; a new one goes in at {@code index}. Returns the index for the next new field, so
     * the new ones keep their order.
     */
    private static int replace(
        MappingNode mapping, Map<String, Object> current, int index, String field, Object value) {
      Object now = current.get(field);
      if (value == null) {
        Nodes.remove(mapping, field);
      } else if (now == null || !PlainTrees.same(now, value)) {
        boolean added = Nodes.entry(mapping, field) == null;
        Nodes.putAt(mapping, index, field, Nodes.fromPlain(value));
        return added ? index + 1 : index;
      }
      return index;
    }
  }

  private static final List<String> SURGE_PATH =
      List.of("spec", "updateStrategy", "rollingUpdate", "maxSurge");

  private static final FieldPath SURGE = FieldPath.of(String.join(".", SURGE_PATH));

  /**
   * What the placement reads of an origin item, as one plain tree: its pod spec and a DaemonSet's
   * {@code maxSurge}, at their paths, and nothing else of it. The rest of a user's object is never
   * read, whatever it holds (keys that are mappings, tags of its own).
   */
  static Object placementView(Item origin) {
    List<String> path = podSpecPath(origin.kind());
    MappingNode view = new MappingNode(Tag.MAP, new ArrayList<>(), FlowStyle.BLOCK);
    Node podSpec = Nodes.get(origin.node(), path.toArray(String[]::new));
    if (podSpec != null) {
      Nodes.put(
          Nodes.ensureMapping(view, path.subList(0, path.size() - 1).toArray(String[]::new)),
          path.get(path.size() - 1),
          podSpec);
    }
    List<String> surge = SURGE_PATH;
    Node maxSurge = Nodes.get(origin.node(), surge.toArray(String[]::new));
    if ("DaemonSet".equals(origin.kind()) && maxSurge != null) {
      Nodes.put(
          Nodes.ensureMapping(view, surge.subList(0, surge.size() - 1).toArray(String[]::new)),
          surge.get(surge.size() - 1),
          maxSurge);
    }
    return ObjectCodec.plainOf(new Item(view));
  }

  /** The pod spec path of each kind with a pod template. */
  static List<String> podSpecPath(String kind) {
    return switch (kind) {
      case "Pod" -> List.of("spec");
      case "CronJob" -> List.of("spec", "jobTemplate", "spec", "template", "spec");
      default -> List.of("spec", "template", "spec");
    };
  }

  /**
   * Plans the copy onto one origin, adding warnings (and an error when it has no pod spec) to
   * results.
   *
   * @param plain the origin as a plain tree: whole (as given), or {@link #placementView}
   * @return the edit, or {@code null} when the origin has no pod spec
   */
  static Edit plan(Item origin, Object plain, NodePlacement placement, Results results) {
    List<String> path = podSpecPath(origin.kind());
    String fieldPrefix = String.join(".", path);
    MappingNode podSpecNode = Nodes.getMapping(origin.node(), path.toArray(String[]::new));
    ResourceRef ref = origin.ref();
    if (podSpecNode == null) {
      results.add(
          Result.of(
              Severity.ERROR,
              "cache origin "
                  + origin.name()
                  + " has no pod spec at "
                  + fieldPrefix
                  + ": a workload labelled "
                  + CacheOrigin.LABEL
                  + " needs one to receive the dataplane's"
                  + " placement",
              ref,
              fieldPrefix));
      return null;
    }
    PodSpec pod;
    try {
      pod = ObjectCodec.read(podSpecOf(plain, path), podSpecNode, PodSpec.class, fieldPrefix);
    } catch (IllegalArgumentException unreadable) {
      results.add(
          Result.of(
              Severity.ERROR,
              "cache origin "
                  + origin.name()
                  + " has a pod spec that is not valid Kubernetes: "
                  + Diagnostics.firstLine(unreadable),
              ref,
              Diagnostics.field(unreadable, fieldPrefix)));
      return null;
    }
    warn(origin, plain, pod, fieldPrefix, results);
    Map<String, Object> own = ObjectCodec.plain(pod);
    placement.applyTo(pod);
    Map<String, Object> placed = ObjectCodec.plain(pod);
    DroppedPlacement.add(origin, own, placed, fieldPrefix, results);
    Object nodeAffinity =
        placed.get("affinity") instanceof Map<?, ?> affinity ? affinity.get("nodeAffinity") : null;
    Map<String, Object> current = PlainTrees.asMap(podSpecOf(plain, path));
    return new Edit(
        origin,
        podSpecNode,
        current == null ? Map.of() : current,
        nodeAffinity,
        placed.get("nodeSelector"),
        placed.get("tolerations"));
  }

  /** The pod spec in an origin's plain tree; a tree of no plain data stands for itself. */
  private static Object podSpecOf(Object plain, List<String> path) {
    return plain instanceof Map<?, ?> map
        ? FieldPath.of(String.join(".", path)).valueIn(PlainTrees.asMap(map))
        : plain;
  }

  /** The warnings of an origin that cannot share the dataplane's sockets as it is. */
  private static void warn(Item origin, Object plain, PodSpec pod, String prefix, Results results) {
    warnRollout(origin, plain, results);
    warnSocketRoot(origin, pod, prefix, results);
    String nonRoot = nonRootField(pod);
    if (nonRoot != null) {
      results.add(
          Result.of(
              Severity.WARNING,
              "cache origin "
                  + origin.name()
                  + " runs as a non-root user ("
                  + nonRoot
                  + "): the socket"
                  + " directory the dataplane shares is root's; run the origin as root",
              origin.ref(),
              prefix + "." + nonRoot));
    }
  }

  /** Not a DaemonSet, or one that surges: two origin pods, or none, on a node. */
  private static void warnRollout(Item origin, Object plain, Results results) {
    ResourceRef ref = origin.ref();
    String name = origin.name();
    if (!"DaemonSet".equals(origin.kind())) {
      results.add(
          Result.of(
              Severity.WARNING,
              "cache origin "
                  + name
                  + " is a "
                  + origin.kind()
                  + ": only a DaemonSet runs one origin on"
                  + " every node that serves a cache; make it a DaemonSet",
              ref,
              "kind"));
    } else {
      Object plainSurge = SURGE.valueIn(plain);
      // maxSurge: with no value, or "", is unset: a DaemonSet's default is 0
      String value = plainSurge == null ? "" : String.valueOf(plainSurge);
      if (!value.isEmpty() && !value.equals("0") && !value.equals("0%")) {
        results.add(
            Result.of(
                    Severity.WARNING,
                    "cache origin "
                        + name
                        + " rolls out with maxSurge "
                        + QuotedText.cut(value)
                        + ": two origin pods"
                        + " would own the volume's socket on one node; set maxSurge to 0",
                    ref,
                    "spec.updateStrategy.rollingUpdate.maxSurge")
                .withCurrentValue(QuotedText.cut(value))
                .withProposedValue("0"));
      }
    }
  }

  /** A hostPath volume that mounts the whole socket root, the dataplane's and every origin's. */
  private static void warnSocketRoot(Item origin, PodSpec pod, String prefix, Results results) {
    for (Volume volume : pod.getVolumes() == null ? List.<Volume>of() : pod.getVolumes()) {
      if (volume.getHostPath() != null && coversSocketRoot(volume.getHostPath().getPath())) {
        results.add(
            Result.of(
                    Severity.WARNING,
                    "cache origin "
                        + origin.name()
                        + " mounts all of "
                        + CacheOrigin.SOCKET_ROOT
                        + " (hostPath "
                        + QuotedText.cut(volume.getHostPath().getPath())
                        + "): mount only its own socket directory "
                        + CacheOrigin.socketDirectory("<volume>"),
                    origin.ref(),
                    prefix + ".volumes[name=" + volume.getName() + "].hostPath.path")
                .withCurrentValue(volume.getHostPath().getPath()));
      }
    }
  }

  private static boolean coversSocketRoot(String path) {
    if (path == null) {
      return false;
    }
    int end = path.length();
    while (end > 0 && path.charAt(end - 1) == '/') {
      end--; // not replaceAll("/+$"): it tried each run of slashes to its end, the square of its
      // length
    }
    String normalized = path.substring(0, end);
    return normalized.isEmpty()
        || CacheOrigin.SOCKET_ROOT.equals(normalized)
        || "/run".equals(normalized);
  }

  private static String nonRootField(PodSpec pod) {
    PodSecurityContext podSecurity = pod.getSecurityContext();
    if (podSecurity != null) {
      if (isNonRoot(podSecurity.getRunAsUser(), podSecurity.getRunAsNonRoot())) {
        return "securityContext";
      }
    }
    for (Container container :
        pod.getContainers() == null ? List.<Container>of() : pod.getContainers()) {
      SecurityContext security = container.getSecurityContext();
      if (security != null && isNonRoot(security.getRunAsUser(), security.getRunAsNonRoot())) {
        return "containers[name=" + container.getName() + "].securityContext";
      }
    }
    return null;
  }

  private static boolean isNonRoot(Long user, Boolean nonRoot) {
    return (user != null && user != 0L) || Boolean.TRUE.equals(nonRoot);
  }
}
