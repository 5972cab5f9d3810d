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

  /**
   * The production values among {@code values} (resources, imagePullSecrets, priorityClassName,
   * updateStrategy, podLabels, images.pullPolicy), each with the patch docs/customizing.md section
   * gives for it.
   */
  @SuppressWarnings("unchecked")
  public static Customization fromValues(String name, Map<String, Object> values) {
    Map<String, Object> production = new LinkedHashMap<>();
    Map<String, Object> podSpec = new LinkedHashMap<>();
    Map<String, Object> dataplane = new LinkedHashMap<>();
    Map<String, Object> spec = new LinkedHashMap<>();
    Map<String, Object> images = (Map<String, Object>) values.getOrDefault("images", Map.of());
    if (images.containsKey("pullPolicy")) {
      production.put("images", Map.of("pullPolicy", images.get("pullPolicy")));
      dataplane.put("imagePullPolicy", images.get("pullPolicy"));
    }
    if (values.containsKey("resources")) {
      production.put("resources", values.get("resources"));
      dataplane.put("resources", replacing((Map<String, Object>) values.get("resources")));
    }
    if (values.containsKey("imagePullSecrets")) {
      production.put("imagePullSecrets", values.get("imagePullSecrets"));
      podSpec.put("imagePullSecrets", values.get("imagePullSecrets"));
    }
    if (values.containsKey("priorityClassName")) {
      production.put("priorityClassName", values.get("priorityClassName"));
      podSpec.put("priorityClassName", values.get("priorityClassName"));
    }
    if (!dataplane.isEmpty()) {
      dataplane.put("name", "dataplane");
      podSpec.put("containers", List.of(dataplane));
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
    return new Customization(
        name, spec.isEmpty() ? List.of() : List.of(patchOfSpec(spec)), production);
  }

  /**
   * A customization whose one patch is a strategic merge of {@code specYaml} into the racer
   * DaemonSet's spec, written as docs/customizing.md writes its patches.
   */
  @SuppressWarnings("unchecked")
  public static Customization ofSpec(String name, String specYaml, String valuesYaml) {
    return new Customization(
        name,
        List.of(patchOfSpec((Map<String, Object>) load(specYaml))),
        (Map<String, Object>) load(valuesYaml));
  }

  /**
   * A {@code patches:} entry: a strategic merge patch of the racer DaemonSet's spec, found by kind
   * and name.
   */
  private static Map<String, Object> patchOfSpec(Map<String, Object> spec) {
    Map<String, Object> patch = new LinkedHashMap<>();
    patch.put("apiVersion", "apps/v1");
    patch.put("kind", "DaemonSet");
    patch.put("metadata", Map.of("name", "racer"));
    patch.put("spec", spec);
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

  @Override
  public String toString() {
    return name;
  }
}
