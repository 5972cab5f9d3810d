package io.unboundedcloud.racer.chart.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * One change a production install makes, said both ways: as kustomize {@code patches:} entries on
 * the function's output, and as chart values.
 *
 * @param name what it changes
 * @param patches kustomization {@code patches:} entries
 * @param values the chart values that make the same change
 */
public record Customization(
    String name, List<Map<String, Object>> patches, Map<String, Object> values) {
  /** Where the patches are documented, from the repository root. */
  private static final String PAGE = "docs/customizing.md";

  private static final String START = "<!-- customizing:start -->";
  private static final String END = "<!-- customizing:end -->";
  private static final Pattern SECTION = Pattern.compile("(?m)^### (.+)$");
  private static final Pattern YAML_BLOCK = Pattern.compile("(?s)```yaml\n(.*?)```");

  public Customization {
    patches = List.copyOf(patches);
    values = Map.copyOf(values);
  }

  /**
   * The patches of docs/customizing.md (between its markers): each {@code ###} heading, its first
   * YAML block (patches entries) and its second (chart values).
   */
  @SuppressWarnings("unchecked")
  public static List<Customization> documented() {
    String text;
    try {
      text = Files.readString(ChartUnderTest.repositoryRoot().resolve(PAGE));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    int start = text.indexOf(START);
    int end = text.indexOf(END);
    if (start < 0 || end < start) {
      throw new AssertionError(PAGE + " has no " + START + " ... " + END + " section");
    }
    String section = text.substring(start, end);
    List<Customization> customizations = new ArrayList<>();
    Matcher heading = SECTION.matcher(section);
    List<int[]> bounds = new ArrayList<>();
    while (heading.find()) {
      bounds.add(new int[] {heading.start(), heading.end()});
    }
    for (int i = 0; i < bounds.size(); i++) {
      String name = section.substring(bounds.get(i)[0] + 4, bounds.get(i)[1]);
      String body =
          section.substring(
              bounds.get(i)[1], i + 1 < bounds.size() ? bounds.get(i + 1)[0] : section.length());
      List<String> blocks = new ArrayList<>();
      YAML_BLOCK.matcher(body).results().forEach(block -> blocks.add(block.group(1)));
      if (blocks.size() != 2) {
        throw new AssertionError(
            PAGE
                + ", \""
                + name
                + "\": expected two yaml blocks (the patch, the"
                + " chart values), found "
                + blocks.size());
      }
      customizations.add(
          new Customization(
              name,
              (List<Map<String, Object>>) load(blocks.get(0)),
              (Map<String, Object>) load(blocks.get(1))));
    }
    return customizations;
  }

  /** Every one of {@code all} at once: the patches in order, the values merged. */
  public static Customization together(String name, List<Customization> all) {
    List<Map<String, Object>> patches = new ArrayList<>();
    Map<String, Object> values = new LinkedHashMap<>();
    for (Customization one : all) {
      patches.addAll(one.patches());
      values = StrategicPatch.apply(values, one.values());
    }
    return new Customization(name, patches, values);
  }

  /** The values {@link #fromValues} makes patches of that join the pod spec as they are. */
  private static final List<String> POD_FIELDS =
      List.of(
          "imagePullSecrets",
          "priorityClassName",
          "runtimeClassName",
          "terminationGracePeriodSeconds");

  /** The values {@link #fromValues} makes patches of that join the dataplane container's lists. */
  private static final Map<String, String> CONTAINER_LISTS =
      Map.of("extraEnv", "env", "extraEnvFrom", "envFrom", "extraVolumeMounts", "volumeMounts");

  /**
   * The production values and pod additions among {@code values}, each with the patch
   * docs/customizing.md gives for it.
   */
  @SuppressWarnings("unchecked")
  public static Customization fromValues(String name, Map<String, Object> values) {
    Map<String, Object> production = new LinkedHashMap<>();
    Map<String, Object> podSpec = new LinkedHashMap<>();
    Map<String, Object> dataplane = new LinkedHashMap<>();
    Map<String, Object> spec = new LinkedHashMap<>();
    List<Map<String, Object>> entries = new ArrayList<>();
    Map<String, Object> images = (Map<String, Object>) values.getOrDefault("images", Map.of());
    if (images.containsKey("pullPolicy")) {
      production.put("images", Map.of("pullPolicy", images.get("pullPolicy")));
      dataplane.put("imagePullPolicy", images.get("pullPolicy"));
    }
    if (values.containsKey("resources")) {
      production.put("resources", values.get("resources"));
      dataplane.put("resources", replacing((Map<String, Object>) values.get("resources")));
    }
    CONTAINER_LISTS.forEach(
        (value, field) -> {
          if (values.containsKey(value)) {
            production.put(value, values.get(value));
            dataplane.put(field, values.get(value));
          }
        });
    for (String field : POD_FIELDS) {
      if (values.containsKey(field)) {
        production.put(field, values.get(field));
        podSpec.put(field, values.get(field));
      }
    }
    if (values.containsKey("extraVolumes")) {
      production.put("extraVolumes", values.get("extraVolumes"));
      podSpec.put("volumes", values.get("extraVolumes"));
    }
    if (values.containsKey("initContainers")) {
      production.put("initContainers", values.get("initContainers"));
      podSpec.put("initContainers", values.get("initContainers"));
    }
    List<Object> containers = new ArrayList<>();
    if (!dataplane.isEmpty() || values.containsKey("extraContainers")) {
      dataplane.put("name", "dataplane");
      containers.add(dataplane);
    }
    if (values.containsKey("extraContainers")) {
      production.put("extraContainers", values.get("extraContainers"));
      containers.addAll((List<Object>) values.get("extraContainers"));
    }
    if (!containers.isEmpty()) {
      podSpec.put("containers", containers);
    }
    Map<String, Object> template = new LinkedHashMap<>();
    if (values.containsKey("podLabels")) {
      production.put("podLabels", values.get("podLabels"));
      template.put("metadata", Map.of("labels", values.get("podLabels")));
    }
    if (!podSpec.isEmpty()) {
      template.put("spec", podSpec);
    }
    if (!template.isEmpty()) {
      spec.put("template", template);
    }
    if (values.containsKey("updateStrategy")) {
      production.put("updateStrategy", values.get("updateStrategy"));
      spec.put("updateStrategy", replacing((Map<String, Object>) values.get("updateStrategy")));
    }
    for (String field : List.of("minReadySeconds", "revisionHistoryLimit")) {
      if (values.containsKey(field)) {
        production.put(field, values.get(field));
        spec.put(field, values.get(field));
      }
    }
    Map<String, Object> metadata = new LinkedHashMap<>();
    if (values.containsKey("daemonSetAnnotations")) {
      production.put("daemonSetAnnotations", values.get("daemonSetAnnotations"));
      metadata.put("annotations", values.get("daemonSetAnnotations"));
    }
    if (!spec.isEmpty() || !metadata.isEmpty()) {
      entries.add(patchOf(metadata, spec));
    }
    if (values.containsKey("commonLabels")) {
      production.put("commonLabels", values.get("commonLabels"));
      entries.add(labelsEntry((Map<String, Object>) values.get("commonLabels")));
    }
    Map<String, Object> account =
        (Map<String, Object>) values.getOrDefault("serviceAccount", Map.of());
    if (Boolean.FALSE.equals(account.get("create"))) {
      production.put("serviceAccount", Map.of("create", false));
      entries.add(accountDeletion());
    }
    return new Customization(name, entries, production);
  }

  /** A {@code patches:} entry that deletes the racer ServiceAccount. */
  private static Map<String, Object> accountDeletion() {
    Map<String, Object> patch = new LinkedHashMap<>();
    patch.put(StrategicPatch.DIRECTIVE, "delete");
    patch.put("apiVersion", "v1");
    patch.put("kind", "ServiceAccount");
    patch.put("metadata", Map.of("name", "racer"));
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("target", Map.of("kind", "ServiceAccount", "name", "racer"));
    entry.put("patch", new Yaml().dump(patch));
    return entry;
  }

  /** A kustomization {@code labels:} entry: on every object's metadata only. */
  private static Map<String, Object> labelsEntry(Map<String, Object> pairs) {
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("pairs", pairs);
    entry.put("includeSelectors", false);
    entry.put("includeTemplates", false);
    return entry;
  }

  /**
   * A customization whose one patch is a strategic merge of {@code specYaml} into the racer
   * DaemonSet's spec, written as docs/customizing.md writes its patches.
   */
  @SuppressWarnings("unchecked")
  public static Customization ofSpec(String name, String specYaml, String valuesYaml) {
    return new Customization(
        name,
        List.of(patchOf(Map.of(), (Map<String, Object>) load(specYaml))),
        (Map<String, Object>) load(valuesYaml));
  }

  /**
   * A {@code patches:} entry: a strategic merge patch of the racer DaemonSet's metadata and spec,
   * found by kind and name.
   */
  private static Map<String, Object> patchOf(
      Map<String, Object> metadata, Map<String, Object> spec) {
    Map<String, Object> patch = new LinkedHashMap<>();
    patch.put("apiVersion", "apps/v1");
    patch.put("kind", "DaemonSet");
    Map<String, Object> named = new LinkedHashMap<>(metadata);
    named.put("name", "racer");
    patch.put("metadata", named);
    if (!spec.isEmpty()) {
      patch.put("spec", spec);
    }
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("target", Map.of("kind", "DaemonSet", "name", "racer"));
    entry.put("patch", new Yaml().dump(patch));
    return entry;
  }

  private static Map<String, Object> replacing(Map<String, Object> value) {
    Map<String, Object> replacing = new LinkedHashMap<>();
    replacing.put(StrategicPatch.DIRECTIVE, "replace");
    replacing.putAll(value);
    return replacing;
  }

  private static Object load(String yaml) {
    return new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml);
  }

  /**
   * The entries the function keeps when it runs again on their output: every patch but a deletion,
   * and the labels.
   */
  public List<Map<String, Object>> kept() {
    return patches.stream().filter(entry -> !deletion(entry)).toList();
  }

  /**
   * The patches that delete an object the function renders: they hold only in a kustomization after
   * the function's last run, which would render the object again.
   */
  public List<Map<String, Object>> deletions() {
    return patches.stream().filter(Customization::deletion).toList();
  }

  @SuppressWarnings("unchecked")
  private static boolean deletion(Map<String, Object> entry) {
    return entry.get("patch") instanceof String text
        && StrategicPatch.deletes((Map<String, Object>) load(text));
  }

  @Override
  public String toString() {
    return name;
  }
}
