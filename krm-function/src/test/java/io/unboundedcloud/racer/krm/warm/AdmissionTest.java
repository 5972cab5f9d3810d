package io.unboundedcloud.racer.krm.warm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

@DisplayName("What the warm renderer runs at once (Admission)")
class AdmissionTest {
  private static final long MIB = 1L << 20;

  /** Room for two runs of 1 MiB of input each beside their fixed share, and no waiting. */
  private static final long HEAP =
      2 * (Admission.HEAP_PER_RUN + Admission.HEAP_PER_INPUT_BYTE * MIB);

  @Nested
  @DisplayName("a request")
  class ARequest {
    @Test
    @DisplayName("takes a slot and room for its stdin, and gives both back when it ends")
    void givesBack() throws Exception {
      Admission admission = new Admission(1, HEAP, 0);
      try (Admission.Ticket first = admission.new Ticket(MIB)) {
        assertThatThrownBy(() -> admission.new Ticket(0))
            .isInstanceOf(Admission.Declined.class)
            .hasMessage("busy: every render slot stayed taken for 0 ms");
      }
      try (Admission.Ticket again = admission.new Ticket(MIB)) {
        again.admit(MIB);
      }
    }

    @Test
    @DisplayName("whose input could never fit is declined at once, naming the heap it needs")
    void neverFits() {
      Admission admission = new Admission(4, HEAP, 0);

      assertThatThrownBy(() -> admission.new Ticket(10 * MIB))
          .isInstanceOf(Admission.Declined.class)
          .hasMessage(
              "the input needs about 124 MiB of heap, more than the renderer gives its requests"
                  + " (32 MiB)");
    }

    @Test
    @DisplayName(
        "that would fit alone waits for room the others hold, and is declined past the wait")
    void queuesForRoom() throws Exception {
      Admission admission = new Admission(4, HEAP, 0);
      try (Admission.Ticket one = admission.new Ticket(MIB);
          Admission.Ticket two = admission.new Ticket(MIB)) {
        assertThatThrownBy(() -> admission.new Ticket(MIB))
            .isInstanceOf(Admission.Declined.class)
            .hasMessage("busy: no room for the input in the renderer's heap within 0 ms");
        assertThatThrownBy(() -> one.admit(MIB))
            .as("the files a render is about to parse count as its stdin does")
            .isInstanceOf(Admission.Declined.class);
      }
      try (Admission.Ticket alone = admission.new Ticket(MIB)) {
        alone.admit(MIB);
      }
    }

    @Test
    @DisplayName("declined while taking room gives its slot back")
    void declinedGivesTheSlotBack() throws Exception {
      Admission admission = new Admission(1, HEAP, 0);
      assertThatThrownBy(() -> admission.new Ticket(100 * MIB))
          .isInstanceOf(Admission.Declined.class);

      try (Admission.Ticket next = admission.new Ticket(0)) {
        assertThat(next).isNotNull();
      }
    }
  }
}
