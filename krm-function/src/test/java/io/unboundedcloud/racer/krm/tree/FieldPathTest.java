package io.unboundedcloud.racer.krm.tree;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

@DisplayName("A field path: where a value sits in a plain tree, in the one notation of results")
class FieldPathTest {

  @Nested
  @DisplayName("printed")
  class Printed {
    @Test
    @DisplayName("plain keys joined by dots, a named item as [name=N], an item by position as [i]")
    void steps() {
      assertThat(
              FieldPath.of("spec.template.spec")
                  .key("containers")
                  .named("dataplane")
                  .key("ports")
                  .index(1)
                  .key("containerPort")
                  .toString())
          .isEqualTo("spec.template.spec.containers[name=dataplane].ports[1].containerPort");
    }

    @Test
    @DisplayName("a key with a dot or a slash in brackets and quotes, so that it reads as one key")
    void quotedKey() {
      assertThat(
              FieldPath.of("metadata.annotations")
                  .key("racer.unbounded-cloud.io/settings-hash")
                  .toString())
          .isEqualTo("metadata.annotations[\"racer.unbounded-cloud.io/settings-hash\"]");
      assertThat(FieldPath.root().key("data").key("RACER_PEER_PORT").toString())
          .isEqualTo("data.RACER_PEER_PORT");
    }

    @Test
    @DisplayName("the root and the empty dotted path print as nothing")
    void root() {
      assertThat(FieldPath.root().toString()).isEmpty();
      assertThat(FieldPath.of("")).isEqualTo(FieldPath.root());
    }
  }

  @Nested
  @DisplayName("in a tree")
  class InTree {
    private final Map<String, Object> tree =
        Map.of(
            "spec",
            Map.of("containers", List.of(Map.of("name", "a", "image", "x"), Map.of("image", "y"))));

    @Test
    @DisplayName("finds a value by key, by name and by position; a missing step gives null")
    void valueIn() {
      FieldPath containers = FieldPath.of("spec.containers");
      assertThat(containers.named("a").key("image").valueIn(tree)).isEqualTo("x");
      assertThat(containers.index(1).key("image").valueIn(tree)).isEqualTo("y");
      assertThat(containers.named("b").key("image").valueIn(tree)).isNull();
      assertThat(containers.index(2).valueIn(tree)).isNull();
    }

    @Test
    @DisplayName("an item steps by its name where it has one, else by its position")
    void item() {
      assertThat(FieldPath.root().item(Map.of("name", "a"), 3))
          .isEqualTo(FieldPath.root().named("a"));
      assertThat(FieldPath.root().item(Map.of("image", "y"), 3))
          .isEqualTo(FieldPath.root().index(3));
    }

    @Test
    @DisplayName("putIn creates the maps on the way, and refuses a missing list item")
    void putIn() {
      Map<String, Object> target = new LinkedHashMap<>();
      target.put("items", new ArrayList<>());
      assertThat(FieldPath.of("a.b.c").putIn(target, 1)).isTrue();
      assertThat(target).containsEntry("a", Map.of("b", Map.of("c", 1)));
      assertThat(FieldPath.of("items").named("x").key("c").putIn(target, 1)).isFalse();
    }
  }

  @Test
  @DisplayName("startsWith holds for every prefix of the steps and for nothing else")
  void startsWith() {
    FieldPath path = FieldPath.of("spec.template").key("spec").named("c");
    assertThat(path.startsWith(FieldPath.of("spec.template"))).isTrue();
    assertThat(path.startsWith(path)).isTrue();
    assertThat(path.startsWith(FieldPath.root())).isTrue();
    assertThat(path.startsWith(FieldPath.of("spec.selector"))).isFalse();
    assertThat(FieldPath.of("spec").startsWith(path)).isFalse();
    assertThat(path.steps()).containsExactly("spec", "template", "spec", new FieldPath.Named("c"));
  }

  @Test
  @DisplayName(
      "a named step equals another of the same name, hashing alike, differs by name, prints its"
          + " name")
  void namedStep() {
    assertThat(new FieldPath.Named("c"))
        .isEqualTo(new FieldPath.Named("c"))
        .hasSameHashCodeAs(new FieldPath.Named("c"))
        .isNotEqualTo(new FieldPath.Named("d"))
        .isNotEqualTo("c")
        .hasToString("Named[name=c]");
    assertThat(new FieldPath.Named("c").hashCode())
        .isNotEqualTo(new FieldPath.Named("d").hashCode());
  }
}
