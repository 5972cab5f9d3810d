package io.unboundedcloud.racer.workload.shape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.unboundedcloud.racer.workload.DataplanePorts;
import io.unboundedcloud.racer.workload.settings.IntegerRange;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The listener ports among the shape keys: which port the dataplane listens on for each. */
@DisplayName("ListenerPort")
class ListenerPortTest {
  private static final ListenerPort DIAGNOSTICS = ShapeKeys.DIAGNOSTICS_LISTENER;

  /** Peer ports around the ones the rule turns on, and the range's ends. */
  private static final List<Integer> PEER_PORTS = List.of(1024, 8082, 9089, 9090, 9091, 65535);

  /** Diagnostics values: unset (0) and explicit ones, the rule's ports among them. */
  private static final List<Integer> DIAGNOSTICS_VALUES = List.of(0, 1024, 9090, 9091, 65535);

  private static ShapeValues values(int peer, int diagnostics) {
    return ShapeValues.read(
        Map.of(
            ShapeKeys.PEER_PORT.name(),
            Integer.toString(peer),
            ShapeKeys.DIAGNOSTICS_PORT.name(),
            diagnostics == 0 ? "" : Integer.toString(diagnostics)));
  }

  @Nested
  @DisplayName("the diagnostics listener")
  class Diagnostics {
    @Test
    @DisplayName(
        "listens where the key says, or when unset on 9090, or on 9091 when the peer port is 9090"
            + " (the Go package's rule, written here apart from the table)")
    void goRule() {
      for (int peer : PEER_PORTS) {
        for (int diagnostics : DIAGNOSTICS_VALUES) {
          int expected = diagnostics != 0 ? diagnostics : peer == 9090 ? 9091 : 9090;
          assertThat(DIAGNOSTICS.port(values(peer, diagnostics)))
              .as("peer %d, diagnostics %d", peer, diagnostics)
              .isEqualTo(expected);
        }
      }
    }

    @Test
    @DisplayName("says its unset rule: 9090, or 9091 over the peer listener")
    void unsetRule() {
      ListenerPort.UnsetPort unset = DIAGNOSTICS.unset();

      assertThat(unset).isNotNull();
      assertThat(unset.over()).isSameAs(ShapeKeys.listeners().get(0));
      assertThat(unset.over().key()).isEqualTo(ShapeKeys.PEER_PORT);
      assertThat(unset.usual()).isEqualTo(9090);
      assertThat(unset.alternate()).isEqualTo(9091);
    }

    @Test
    @DisplayName("leaves only a 0 value to its unset rule")
    void leftUnset() {
      assertThat(DIAGNOSTICS.leftUnset(0)).isTrue();
      assertThat(DIAGNOSTICS.leftUnset(9090)).isFalse();
    }
  }

  @Test
  @DisplayName("a listener without an unset rule listens on its key's value, 0 too")
  void withoutUnsetRule() {
    ListenerPort peer = ShapeKeys.listeners().get(0);

    assertThat(peer.unset()).isNull();
    assertThat(peer.leftUnset(0)).isFalse();
    assertThat(peer.port(values(9090, 0))).isEqualTo(9090);
  }

  @Nested
  @DisplayName("the table's listeners")
  class Table {
    @Test
    @DisplayName(
        "are shape keys, in the table's order, with port names apart from each other and the fixed"
            + " ones")
    void shapeKeysInOrder() {
      List<ShapeKey<?>> keys =
          ShapeKeys.listeners().stream().<ShapeKey<?>>map(ListenerPort::key).toList();
      assertThat(ShapeKeys.all()).containsSubsequence(keys);
      Set<String> names = new HashSet<>(List.of(DataplanePorts.CONTROL, DataplanePorts.WEBHOOK));
      for (ListenerPort listener : ShapeKeys.listeners()) {
        assertThat(names.add(listener.portName())).as(listener.portName()).isTrue();
      }
    }

    @Test
    @DisplayName("take only unprivileged ports, as the settings catalog checks them")
    void unprivileged() {
      for (ListenerPort listener : ShapeKeys.listeners()) {
        IntegerRange range = (IntegerRange) listener.key().setting().rule();
        assertThat(range.check("1023")).as(listener.key().name()).isPresent();
        assertThat(range.check("1024")).as(listener.key().name()).isEmpty();
        assertThat(range.check("65535")).as(listener.key().name()).isEmpty();
        assertThat(range.check("65536")).as(listener.key().name()).isPresent();
      }
    }

    @Test
    @DisplayName(
        "choose an unset port by an earlier listener only, so every port is known in table order")
    void unsetOverAnEarlierListener() {
      List<ListenerPort> listeners = ShapeKeys.listeners();
      for (int i = 0; i < listeners.size(); i++) {
        ListenerPort.UnsetPort unset = listeners.get(i).unset();
        if (unset != null) {
          assertThat(listeners.subList(0, i)).contains(unset.over());
        }
      }
    }
  }

  @Test
  @DisplayName("refuses an unset rule with one port to choose from")
  void oneChoice() {
    ListenerPort peer = ShapeKeys.listeners().get(0);

    assertThatThrownBy(() -> new ListenerPort.UnsetPort(peer, 9090, 9090))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("two ports");
  }
}
