package io.unboundedcloud.racer.workload;

import static io.unboundedcloud.racer.workload.Trees.map;
import static io.unboundedcloud.racer.workload.Trees.plain;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.unboundedcloud.racer.workload.shape.ShapeKeys;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The volumes of the dataplane pod and the mounts of its container: the table of docs/dataplane.md.
 */
@DisplayName("the dataplane's volumes and mounts")
class DataplaneVolumesTest {
  private static final String MATRIX = "io.unboundedcloud.racer.workload.RenderCase#all";

  private static PodSpec pod(RenderCase c) {
    return Dataplane.daemonSet(c.config()).getSpec().getTemplate().getSpec();
  }

  private static List<VolumeMount> mounts(RenderCase c) {
    return pod(c).getContainers().get(0).getVolumeMounts();
  }

  private static Map<String, Object> hostPath(String name, String path, String type) {
    return map("name", name, "hostPath", map("path", path, "type", type));
  }

  /** docs/dataplane.md, the "Volumes and mounts" table, column "source". */
  private static List<Map<String, Object>> expectedVolumes(RenderCase c) {
    List<Map<String, Object>> volumes =
        new ArrayList<>(
            List.of(
                hostPath("devices", "/dev", "Directory"),
                map(
                    "name",
                    "control-token",
                    "projected",
                    map(
                        "defaultMode",
                        256, // 0400
                        "sources",
                        List.of(
                            map(
                                "serviceAccountToken",
                                map(
                                    "audience",
                                    "racer-control",
                                    "expirationSeconds",
                                    3600,
                                    "path",
                                    "token"))))),
                map(
                    "name",
                    "api-credentials",
                    "projected",
                    map(
                        "defaultMode",
                        420, // 0644
                        "sources",
                        List.of(
                            map(
                                "serviceAccountToken",
                                map("expirationSeconds", 3607, "path", "token")),
                            map(
                                "configMap",
                                map(
                                    "name",
                                    "kube-root-ca.crt",
                                    "items",
                                    List.of(map("key", "ca.crt", "path", "ca.crt")))),
                            map(
                                "downwardAPI",
                                map(
                                    "items",
                                    List.of(
                                        map(
                                            "path",
                                            "namespace",
                                            "fieldRef",
                                            map(
                                                "apiVersion",
                                                "v1",
                                                "fieldPath",
                                                "metadata.namespace")))))))),
                hostPath("identity", "/var/lib/racer/identity", "DirectoryOrCreate"),
                hostPath("slabs", "/var/lib/racer/slabs", "DirectoryOrCreate"),
                hostPath("sockets", "/run/racer", "DirectoryOrCreate"),
                hostPath("infiniband", "/dev/infiniband", "DirectoryOrCreate")));
    if (c.injectsDriver()) {
      volumes.add(hostPath("udev", "/run/udev", "Directory"));
      volumes.add(map("name", "cufile-log", "emptyDir", map("sizeLimit", "64Mi")));
    }
    return volumes;
  }

  /** docs/dataplane.md, the "Volumes and mounts" table, columns "mount" and "readOnly". */
  private static List<Map<String, Object>> expectedMounts(RenderCase c) {
    List<Map<String, Object>> mounts =
        new ArrayList<>(
            List.of(
                map("name", "devices", "mountPath", "/host/dev", "readOnly", true),
                map("name", "control-token", "mountPath", "/var/run/racer-token", "readOnly", true),
                map(
                    "name", "api-credentials",
                    "mountPath", "/var/run/secrets/kubernetes.io/serviceaccount",
                    "readOnly", true),
                map("name", "identity", "mountPath", "/var/lib/racer/identity", "readOnly", false),
                map("name", "slabs", "mountPath", "/var/lib/racer/slabs", "readOnly", false),
                map("name", "sockets", "mountPath", "/run/racer", "readOnly", false),
                map("name", "infiniband", "mountPath", "/dev/infiniband", "readOnly", true)));
    if (c.injectsDriver()) {
      mounts.add(map("name", "udev", "mountPath", "/run/udev", "readOnly", true));
      mounts.add(map("name", "cufile-log", "mountPath", "/var/log/cufile", "readOnly", false));
    }
    return mounts;
  }

  /** A mount as plain map, an absent readOnly written as the false it means. */
  private static Map<String, Object> withReadOnly(Map<String, Object> mount) {
    Map<String, Object> copy = new LinkedHashMap<>(mount);
    copy.putIfAbsent("readOnly", false);
    return copy;
  }

  @Nested
  @DisplayName("in every NVIDIA mode and network setting")
  class Rendered {
    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName(
        "the volumes are exactly the table's, with their types, sources, expirations and modes")
    void volumes(RenderCase c) {
      assertThat(plain(pod(c).getVolumes())).isEqualTo(expectedVolumes(c));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("the mounts are exactly the table's, with their paths and read-only flags")
    void mounts(RenderCase c) {
      assertThat(
              plain(DataplaneVolumesTest.mounts(c)).stream()
                  .map(DataplaneVolumesTest::withReadOnly)
                  .toList())
          .isEqualTo(expectedMounts(c));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("no subPath or subPathExpr anywhere in the DaemonSet")
    void noSubPath(RenderCase c) {
      assertThat(Trees.keysAnywhere(plain(Dataplane.daemonSet(c.config()))))
          .doesNotContain("subPath", "subPathExpr");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("every volume is mounted once, and every mount names a volume")
    void volumesAndMountsPair(RenderCase c) {
      List<String> volumeNames = pod(c).getVolumes().stream().map(Volume::getName).toList();

      assertThat(DataplaneVolumesTest.mounts(c))
          .extracting(VolumeMount::getName)
          .doesNotHaveDuplicates()
          .containsExactlyElementsOf(volumeNames);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("the udev and cufile-log volumes are rendered in modes env and cdi only")
    void nvidiaVolumesFollowMode(RenderCase c) {
      List<String> names = pod(c).getVolumes().stream().map(Volume::getName).toList();

      if (c.injectsDriver()) {
        assertThat(names).containsAll(List.of("udev", "cufile-log"));
      } else {
        assertThat(names).doesNotContainAnyElementsOf(List.of("udev", "cufile-log"));
      }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(MATRIX)
    @DisplayName("are what DataplaneVolumes.of renders")
    void sameAsDataplaneVolumes(RenderCase c) {
      List<DataplaneVolumes.Entry> entries = DataplaneVolumes.of(c.config().get(ShapeKeys.NVIDIA));

      assertThat(plain(entries.stream().map(DataplaneVolumes.Entry::volume).toList()))
          .isEqualTo(expectedVolumes(c));
      assertThat(
              plain(entries.stream().map(DataplaneVolumes.Entry::mount).toList()).stream()
                  .map(DataplaneVolumesTest::withReadOnly)
                  .toList())
          .isEqualTo(expectedMounts(c));
    }
  }

  @Nested
  @DisplayName("DataplaneVolumes.ownedNames")
  class OwnedNames {
    @Test
    @DisplayName("contains every volume name any mode renders, and nothing else")
    void everyNameOfEveryMode() {
      Set<String> rendered = new LinkedHashSet<>();
      RenderCase.all().forEach(c -> pod(c).getVolumes().forEach(v -> rendered.add(v.getName())));

      assertThat(DataplaneVolumes.ownedNames()).containsAll(rendered);
      assertThat(DataplaneVolumes.ownedNames())
          .doesNotHaveDuplicates()
          .containsExactlyInAnyOrder(
              "devices",
              "control-token",
              "api-credentials",
              "identity",
              "slabs",
              "sockets",
              "infiniband",
              "udev",
              "cufile-log");
    }

    @Test
    @DisplayName("NVIDIA_NAMES are the two volumes only modes env and cdi render")
    void nvidiaNames() {
      assertThat(DataplaneVolumes.NVIDIA_NAMES).containsExactly("udev", "cufile-log");
    }
  }
}
