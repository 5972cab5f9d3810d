package io.unboundedcloud.racer.workload.shape;

import static io.unboundedcloud.racer.workload.shape.ShapedField.Part.DATAPLANE;
import static io.unboundedcloud.racer.workload.shape.ShapedField.Part.POD_METADATA;
import static io.unboundedcloud.racer.workload.shape.ShapedField.Part.POD_SPEC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import io.unboundedcloud.racer.workload.NvidiaInjection;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The fields of the DaemonSet the shape keys shape, and why. */
@DisplayName("ShapedField: a field a shape key decides, and why")
class ShapedFieldTest {

  @Nested
  @DisplayName("a field")
  class Field {
    @Test
    @DisplayName("says why with the keys that shape it in place of %s")
    void because() {
      ShapedField ports = new ShapedField(DATAPLANE, "ports", "rendered from %s, always");

      assertThat(ports.because("RACER_A and RACER_B"))
          .isEqualTo("rendered from RACER_A and RACER_B, always");
    }

    @Test
    @DisplayName(
        "equals another with the same part, path and reason, hashing alike; differs by any of"
            + " the three; prints all three")
    void valueSemantics() {
      ShapedField ports = new ShapedField(DATAPLANE, "ports", "rendered from %s");

      assertThat(ports)
          .isEqualTo(new ShapedField(DATAPLANE, "ports", "rendered from %s"))
          .hasSameHashCodeAs(new ShapedField(DATAPLANE, "ports", "rendered from %s"))
          .isNotEqualTo(new ShapedField(POD_SPEC, "ports", "rendered from %s"))
          .isNotEqualTo(new ShapedField(DATAPLANE, "env", "rendered from %s"))
          .isNotEqualTo(new ShapedField(DATAPLANE, "ports", "made from %s"))
          .isNotEqualTo("ports");
      assertThat(
              List.of(
                      ports,
                      new ShapedField(POD_SPEC, "ports", "rendered from %s"),
                      new ShapedField(DATAPLANE, "env", "rendered from %s"),
                      new ShapedField(DATAPLANE, "ports", "made from %s"))
                  .stream()
                  .map(ShapedField::hashCode)
                  .distinct())
          .hasSize(4);
      assertThat(ports)
          .hasToString("ShapedField[part=DATAPLANE, path=ports, reason=rendered from %s]");
    }

    @Test
    @DisplayName("takes the keys anywhere in its reason, first or last")
    void keysAnywhere() {
      assertThat(new ShapedField(POD_SPEC, "x", "%s decides x").because("RACER_X"))
          .isEqualTo("RACER_X decides x");
      assertThat(new ShapedField(POD_SPEC, "x", "x follows %s").because("RACER_X"))
          .isEqualTo("x follows RACER_X");
    }

    @Test
    @DisplayName("refuses a reason without one place for the keys")
    void oneKeysPlace() {
      assertThatThrownBy(() -> new ShapedField(POD_SPEC, "x", "follows the settings"))
          .hasMessage(
              "shaped field x: the reason needs one %s for the keys, got \"follows the settings\"");
      assertThatThrownBy(() -> new ShapedField(POD_SPEC, "x", "follows %s and %s"))
          .hasMessageContaining("needs one %s");
    }

    @Test
    @DisplayName("refuses a path that is not inside its part")
    void insideItsPart() {
      assertThatThrownBy(() -> new ShapedField(POD_SPEC, "", "follows %s"))
          .hasMessage("shaped field \"\": give a path inside the POD_SPEC");
      assertThatThrownBy(() -> new ShapedField(DATAPLANE, ".ports", "follows %s"))
          .hasMessageContaining("give a path inside the DATAPLANE");
    }
  }

  @Nested
  @DisplayName("the table's fields")
  class TheTable {
    @Test
    @DisplayName("each in table order of its first key, with every key that shapes it")
    void fieldsAndTheirKeys() {
      assertThat(ShapeKeys.shapedFields())
          .extractingFromEntries(
              each -> each.getKey().part() + " " + each.getKey().path(),
              each -> ShapeKeys.inWords(each.getValue()))
          .containsExactly(
              tuple("DATAPLANE ports", "RACER_PEER_PORT and RACER_DIAGNOSTICS_PORT"),
              tuple("POD_SPEC hostNetwork", "RACER_HOST_NETWORK"),
              tuple("POD_SPEC dnsPolicy", "RACER_HOST_NETWORK"),
              tuple(
                  "POD_METADATA annotations[\"" + NvidiaInjection.CDI_ANNOTATION + "\"]",
                  "RACER_NVIDIA"),
              tuple("DATAPLANE env[name=NVIDIA_VISIBLE_DEVICES", "RACER_NVIDIA"),
              tuple("DATAPLANE env[name=NVIDIA_DRIVER_CAPABILITIES", "RACER_NVIDIA"));
    }

    /** The diagnostics port's entry, shaping {@code field} only. */
    private ShapeKey<Integer> diagnosticsShaping(ShapedField field) {
      ShapeKey<Integer> diagnostics = ShapeKeys.DIAGNOSTICS_PORT;
      return new ShapeKey<>(
          diagnostics.setting(),
          diagnostics.component(),
          diagnostics.label(),
          diagnostics.parser(),
          diagnostics.placeholder(),
          diagnostics.define(),
          List.of(field));
    }

    @Test
    @DisplayName("refuse two keys that shape one field for different reasons")
    void oneReasonPerField() {
      ShapeKey<Integer> port = ShapeKeys.PEER_PORT;
      ShapeKey<Integer> other =
          diagnosticsShaping(new ShapedField(DATAPLANE, "ports", "the ports follow %s"));

      assertThatThrownBy(() -> ShapeKeys.shapedFields(List.of(port, other)))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage(
              "RACER_DIAGNOSTICS_PORT shapes DATAPLANE ports for another reason than"
                  + " RACER_PEER_PORT: give the field one reason");
    }

    @Test
    @DisplayName("a field of one path in two parts is two fields")
    void partsApart() {
      ShapeKey<Integer> port = ShapeKeys.PEER_PORT;
      ShapeKey<Integer> metadataPorts =
          diagnosticsShaping(new ShapedField(POD_METADATA, "ports", "the ports follow %s"));

      assertThat(ShapeKeys.shapedFields(List.of(port, metadataPorts))).hasSize(2);
    }
  }

  @Test
  @DisplayName("keys in words: one alone, two with and, more with commas then and")
  void inWords() {
    assertThat(ShapeKeys.inWords(List.of(ShapeKeys.NVIDIA))).isEqualTo("RACER_NVIDIA");
    assertThat(ShapeKeys.inWords(List.of(ShapeKeys.NVIDIA, ShapeKeys.PEER_PORT)))
        .isEqualTo("RACER_NVIDIA and RACER_PEER_PORT");
    assertThat(
            ShapeKeys.inWords(
                List.of(ShapeKeys.NVIDIA, ShapeKeys.PEER_PORT, ShapeKeys.HOST_NETWORK)))
        .isEqualTo("RACER_NVIDIA, RACER_PEER_PORT and RACER_HOST_NETWORK");
  }
}
