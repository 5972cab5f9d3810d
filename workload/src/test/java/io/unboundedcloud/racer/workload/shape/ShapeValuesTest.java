package io.unboundedcloud.racer.workload.shape;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.workload.NvidiaInjection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

@DisplayName("The shape values of a racer-settings ConfigMap, and the keys that name them")
class ShapeValuesTest {
  private static final Map<String, String> SETTINGS =
      Map.of("RACER_PEER_PORT", "9000", "RACER_HOST_NETWORK", "true", "RACER_NVIDIA", "cdi");

  @Nested
  @DisplayName("values")
  class Values {
    @Test
    @DisplayName("read from the same settings are equal, with the same hash")
    void equalWhenReadAlike() {
      ShapeValues one = ShapeValues.read(SETTINGS);
      ShapeValues two = ShapeValues.read(Map.copyOf(SETTINGS));

      assertThat(one).isEqualTo(two).hasSameHashCodeAs(two);
    }

    @Test
    @DisplayName("hash apart across the chart's variants, so a set of them spreads")
    void hashApart() {
      Set<Integer> hashes = new HashSet<>();
      int variants = 0;
      for (NvidiaInjection mode : NvidiaInjection.values()) {
        for (boolean hostNetwork : List.of(false, true)) {
          ShapeValues values =
              ShapeValues.read(SETTINGS)
                  .with(ShapeKeys.NVIDIA, mode)
                  .with(ShapeKeys.HOST_NETWORK, hostNetwork);
          hashes.add(values.hashCode());
          variants++;
        }
      }

      assertThat(hashes).hasSize(variants);
    }

    @Test
    @DisplayName("differ once one key's value differs, and equal nothing else")
    void differ() {
      ShapeValues read = ShapeValues.read(SETTINGS);

      assertThat(read.with(ShapeKeys.PEER_PORT, 9001)).isNotEqualTo(read);
      assertThat(read.with(ShapeKeys.PEER_PORT, 9000)).isEqualTo(read);
      assertThat(read).isNotEqualTo(SETTINGS);
    }

    @Test
    @DisplayName("print each Config component with its value, in table order")
    void text() {
      ShapeValues read = ShapeValues.read(SETTINGS).with(ShapeKeys.DIAGNOSTICS_PORT, 9100);

      assertThat(read)
          .hasToString("{peerPort=9000, diagnosticsPort=9100, hostNetwork=true, nvidia=CDI}");
      assertThat(read.get(ShapeKeys.NVIDIA)).isEqualTo(NvidiaInjection.CDI);
    }
  }

  @Nested
  @DisplayName("keys")
  class Keys {
    @Test
    @DisplayName("are equal when they name the same racer-settings key, and hash by it")
    void equalByName() {
      ShapeKey<Integer> port = ShapeKeys.PEER_PORT;
      ShapeKey<Integer> copy =
          new ShapeKey<>(
              port.setting(),
              "another",
              "another label",
              port.parser(),
              port.placeholder(),
              port.define(),
              port.shapes());

      assertThat(copy).isEqualTo(port).hasSameHashCodeAs("RACER_PEER_PORT");
      assertThat(port).isNotEqualTo(ShapeKeys.DIAGNOSTICS_PORT).isNotEqualTo("RACER_PEER_PORT");
    }

    @Test
    @DisplayName("are named in words in table order: A, B, C and D")
    void inWords() {
      assertThat(ShapeKeys.inWords())
          .isEqualTo(
              "RACER_PEER_PORT, RACER_DIAGNOSTICS_PORT, RACER_HOST_NETWORK and RACER_NVIDIA");
    }

    @Test
    @DisplayName("have a Helm define written from the parser, except the derived diagnostics port")
    void parsedDefines() {
      assertThat(ShapeKeys.PEER_PORT.define().isParsed()).isTrue();
      assertThat(ShapeKeys.DIAGNOSTICS_PORT.define().isParsed()).isFalse();
    }
  }
}
