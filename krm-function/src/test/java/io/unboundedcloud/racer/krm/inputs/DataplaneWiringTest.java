package io.unboundedcloud.racer.krm.inputs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.unboundedcloud.racer.krm.harness.ManifestNodes;
import io.unboundedcloud.racer.krm.tree.FieldPath;
import io.unboundedcloud.racer.krm.tree.PlainTrees;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import io.unboundedcloud.racer.workload.shape.ShapedField;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

@DisplayName("DataplaneWiring: the dataplane container, its images and the settings it reads")
class DataplaneWiringTest {
  /** A DaemonSet that holds nothing but its pod spec, {@code podSpec} (YAML from column 0). */
  private static Map<String, Object> daemonSet(String podSpec) {
    Map<String, Object> tree = new LinkedHashMap<>();
    FieldPath.of("spec.template.spec")
        .putIn(tree, new Yaml(new SafeConstructor(new LoaderOptions())).load(podSpec));
    return tree;
  }

  private static final String WIRED =
      """
      containers:
      - name: sidecar
        image: registry.example.com/sidecar:1
        envFrom:
        - configMapRef: {name: sidecar-config}
      - name: dataplane
        image: registry.example.com/racer/dataplane:0.19.0
        env:
        - name: RACER_OBJECT_IMAGE
          valueFrom: {configMapKeyRef: {name: images, key: object}}
        - name: RACER_OBJECT_IMAGE
          value: registry.example.com/racer/racer-object:0.19.0
        envFrom:
        - secretRef: {name: user-secret}
        - configMapRef: {name: user-config}
        - configMapRef: {name: racer-settings-5f2k}
        - configMapRef: {}
      """;

  @Nested
  @DisplayName("of a DaemonSet the function wired")
  class Wired {
    private final DataplaneWiring wiring = DataplaneWiring.of(daemonSet(WIRED));

    @Test
    @DisplayName("the container is the one named dataplane, not the first")
    void container() {
      assertThat(wiring.container()).containsEntry("name", "dataplane");
      assertThat(wiring.image()).isEqualTo("registry.example.com/racer/dataplane:0.19.0");
    }

    @Test
    @DisplayName("the object image is the first RACER_OBJECT_IMAGE with a value")
    void objectImage() {
      assertThat(wiring.objectImage()).isEqualTo("registry.example.com/racer/racer-object:0.19.0");
    }

    @Test
    @DisplayName("the running object image is the last with a value: one given, the same")
    void runningObjectImage() {
      assertThat(wiring.runningObjectImage()).isEqualTo(wiring.objectImage());
    }

    @Test
    @DisplayName("the settings are the last ConfigMap named, past Secrets and refs without a name")
    void settingsLast() {
      assertThat(wiring.settingsName()).isEqualTo("racer-settings-5f2k");
    }
  }

  @Nested
  @DisplayName("of a DaemonSet missing a part")
  class Missing {
    @Test
    @DisplayName("no dataplane container: nothing is found")
    void noContainer() {
      DataplaneWiring wiring =
          DataplaneWiring.of(daemonSet("containers:\n- name: other\n  image: x\n"));
      assertThat(
              Arrays.asList(
                  wiring.container(), wiring.image(), wiring.objectImage(), wiring.settingsName()))
          .containsOnlyNulls();
    }

    @Test
    @DisplayName("envFrom that is no list, and sources that are no maps, name no settings")
    void malformed() {
      assertThat(
              DataplaneWiring.of(daemonSet("containers:\n- name: dataplane\n  envFrom: x\n"))
                  .settingsName())
          .isNull();
      assertThat(
              DataplaneWiring.of(
                      daemonSet(
                          "containers:\n- name: dataplane\n  envFrom: [x, {configMapRef: y}]\n"))
                  .settingsName())
          .isNull();
    }
  }

  @Test
  @DisplayName(
      "RACER_OBJECT_IMAGE given twice: rendered, the first; running, the last (the kubelet's)")
  void repeatedObjectImage() {
    DataplaneWiring wiring =
        DataplaneWiring.of(
            daemonSet(
                """
                containers:
                - name: dataplane
                  env:
                  - {name: RACER_OBJECT_IMAGE, value: "registry.example.com/racer-object:0.19.0"}
                  - {name: RACER_OBJECT_IMAGE, value: "mirror.example.com/racer-object:0.19.1"}
                  - {name: RACER_OBJECT_IMAGE, valueFrom: {configMapKeyRef: {name: a, key: b}}}
                """));
    assertThat(wiring.objectImage()).isEqualTo("registry.example.com/racer-object:0.19.0");
    assertThat(wiring.runningObjectImage()).isEqualTo("mirror.example.com/racer-object:0.19.1");
  }

  @Test
  @DisplayName("of an item: the images as written, also where YAML reads a number; the values not")
  void writtenImages() {
    Item item =
        new Item(
            ManifestNodes.one(
                """
                {apiVersion: apps/v1, kind: DaemonSet, metadata: {name: racer},
                 spec: {template: {spec: {containers: [{name: sidecar, image: 7}, {
                   name: dataplane, image: 1.50, env: [
                     {name: RACER_OBJECT_IMAGE, value: ~},
                     {name: RACER_OBJECT_IMAGE, value: 2.0}]}]}}}}
                """));
    DataplaneWiring wiring = DataplaneWiring.of(item);
    assertThat(wiring.writtenImage()).isEqualTo("1.50");
    assertThat(wiring.writtenObjectImage()).isEqualTo("2.0");
    assertThat(Arrays.asList(wiring.image(), wiring.objectImage())).containsOnlyNulls();
    DataplaneWiring plain = DataplaneWiring.of(daemonSet(WIRED));
    assertThat(plain.writtenImage()).isEqualTo(plain.image());
    assertThat(plain.writtenObjectImage()).isEqualTo(plain.objectImage());
  }

  @Test
  @DisplayName("nameSettings renames the refs to the old name only, in the tree given")
  void nameSettings() {
    Map<String, Object> tree = daemonSet(WIRED);
    DataplaneWiring.of(tree).nameSettings("racer-settings-5f2k", "racer-settings");
    assertThat(DataplaneWiring.of(tree).settingsName()).isEqualTo("racer-settings");
    assertThat(DataplaneWiring.ENV_FROM.index(1).key("configMapRef").key("name").valueIn(tree))
        .isEqualTo("user-config");
  }

  @Test
  @DisplayName("configMapsRead: every container's ConfigMaps, init containers first, each once")
  void configMapsRead() {
    Object pod =
        FieldPath.of("spec.template.spec")
            .valueIn(
                daemonSet(
                    """
                    initContainers:
                    - name: init
                      envFrom: [{configMapRef: {name: racer-settings}}]
                    containers:
                    - name: dataplane
                      envFrom:
                      - configMapRef: {name: user-config}
                      - configMapRef: {name: racer-settings}
                    """));
    assertThat(DataplaneWiring.configMapsRead(PlainTrees.asMap(pod)))
        .containsExactly("racer-settings", "user-config");
  }

  @Test
  @DisplayName("its paths are those of the function's results")
  void paths() {
    assertThat(DataplaneWiring.ENV_FROM)
        .hasToString("spec.template.spec.containers[name=dataplane].envFrom");
    assertThat(DataplaneWiring.CONTAINER.key("image"))
        .isEqualTo(FieldPath.of("spec.template.spec.containers").named("dataplane").key("image"));
  }

  @Test
  @DisplayName(
      "the fields racer-settings shapes are in the pod template, the dataplane's own: the shape"
          + " keys' fields, and the wiring, each once and none under another")
  void settingsShaped() {
    assertThat(DataplaneWiring.SETTINGS_SHAPED)
        .extracting(FieldPath::toString)
        .containsExactlyInAnyOrder(
            "spec.template.metadata.annotations[\"cdi.k8s.io/racer\"]",
            "spec.template.spec.containers[name=dataplane].env",
            "spec.template.spec.containers[name=dataplane].envFrom",
            "spec.template.spec.containers[name=dataplane].ports",
            "spec.template.spec.containers[name=dataplane].volumeMounts",
            "spec.template.spec.volumes",
            "spec.template.spec.hostNetwork",
            "spec.template.spec.dnsPolicy");
  }

  @Test
  @DisplayName(
      "a shaped field's printed path read back: keys, a quoted key, an item by name or position")
  void shapedFieldPaths() {
    assertThat(
            DataplaneWiring.at(
                new ShapedField(
                    ShapedField.Part.POD_METADATA, "annotations[\"a.example/b\"]", "%s")))
        .isEqualTo(FieldPath.of("spec.template.metadata.annotations").key("a.example/b"));
    assertThat(
            DataplaneWiring.at(
                new ShapedField(ShapedField.Part.DATAPLANE, "ports[1].containerPort", "%s")))
        .isEqualTo(DataplaneWiring.CONTAINER.key("ports").index(1).key("containerPort"));
    assertThat(
            DataplaneWiring.at(
                new ShapedField(ShapedField.Part.POD_SPEC, "volumes[name=udev].hostPath", "%s")))
        .isEqualTo(DataplaneWiring.POD.key("volumes").named("udev").key("hostPath"));
    // unclosed: the names that start so, a pattern, never the one item of that name
    assertThat(
            DataplaneWiring.at(
                new ShapedField(ShapedField.Part.DATAPLANE, "env[name=NVIDIA_VISIBLE", "%s")))
        .isEqualTo(DataplaneWiring.CONTAINER.key("env").namedFrom("NVIDIA_VISIBLE"));
    assertThatThrownBy(
            () ->
                DataplaneWiring.at(
                    new ShapedField(ShapedField.Part.POD_SPEC, "volumes..udev", "%s")))
        .hasMessage("shaped field volumes..udev: no path step at character 7");
  }

  /** Names with every ASCII character first, last and between letters, and beyond ASCII. */
  private static List<String> names() {
    List<String> names = new ArrayList<>(List.of("NVIDIA_VISIBLE_DEVICES", "😀", "a\u2028b"));
    for (char c = 0; c < 0x80; c++) {
      names.add(c + "n");
      names.add("n" + c);
      names.add("n" + c + "m");
    }
    return names;
  }

  @Test
  @DisplayName(
      "a shaped field's exact name (closed) takes only that item, a prefix (unclosed) each item whose"
          + " name starts so: for names with every ASCII character, in every part")
  void prefixesAndExactNames() {
    for (ShapedField.Part part : ShapedField.Part.values()) {
      FieldPath list = DataplaneWiring.at(part).key("env");
      for (String name : names()) {
        FieldPath exact = DataplaneWiring.at(shaped(part, FieldPath.of("env").named(name)));
        FieldPath prefix = DataplaneWiring.at(shaped(part, FieldPath.of("env").namedFrom(name)));

        assertThat(exact).isEqualTo(list.named(name));
        assertThat(prefix).isEqualTo(list.namedFrom(name));
        assertThat(list.named(name).key("value").startsWith(exact)).isTrue();
        assertThat(list.named(name + "_X").startsWith(exact)).as("%s_X", name).isFalse();
        assertThat(list.named(name).key("value").startsWith(prefix)).isTrue();
        assertThat(list.named(name + "_X").key("value").startsWith(prefix)).isTrue();
        assertThat(list.named("X" + name).startsWith(prefix)).isFalse();
      }
    }
  }

  /** The shaped field at {@code path} (printed, as ShapeKeys writes them) in {@code part}. */
  private static ShapedField shaped(ShapedField.Part part, FieldPath path) {
    return new ShapedField(part, path.toString(), "%s");
  }

  @Test
  @DisplayName(
      "every shaped field the keys list reads back to the printed path it was given (one notation)")
  void everyShapedFieldReadsBack() {
    for (ShapedField field : ShapeKeys.shapedFields().keySet()) {
      assertThat(DataplaneWiring.at(field).toString())
          .isEqualTo(DataplaneWiring.at(field.part()) + "." + field.path());
    }
  }
}
