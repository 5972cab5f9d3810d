package io.unboundedcloud.racer.krm.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The 50 MB case, checked for correctness only. Time and heap are measured by hand with {@link
 * LargeResourceListMeasurement}, never asserted.
 */
@Tag("slow")
@DisplayName("A 50 MB ResourceList of 50,000 ConfigMaps")
class LargeResourceListTest {

  @Test
  @DisplayName("is read and written back with every item present, byte for byte")
  void fiftyMegabytes() {
    byte[] input = LargeResourceLists.configMaps(50_000);
    assertThat(input.length).isGreaterThan(50_000_000);

    ResourceList list = YamlReader.readResourceList(new ByteArrayInputStream(input));
    ByteArrayOutputStream output = new ByteArrayOutputStream(input.length + 1024);
    YamlWriter.writeResourceList(list, List.of(), output);

    assertThat(list.items()).hasSize(50_000);
    assertThat(Nodes.getText(list.items().get(49_999), "metadata", "name"))
        .isEqualTo("racer-cm-49999");
    assertThat(output.size()).isEqualTo(input.length);
    assertThat(output.toByteArray()).isEqualTo(input);
  }
}
