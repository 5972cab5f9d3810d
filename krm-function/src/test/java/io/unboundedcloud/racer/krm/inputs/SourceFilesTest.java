package io.unboundedcloud.racer.krm.inputs;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.yaml.Nodes;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.nodes.MappingNode;

@DisplayName("SourceFiles: the file each object of render mode was read from")
class SourceFilesTest {
  private static MappingNode settings() {
    return Nodes.fromPlainMap(
        Map.of(
            "apiVersion", "v1",
            "kind", "ConfigMap",
            "metadata", Map.of("name", "racer-settings", "namespace", "racer")));
  }

  @Test
  @DisplayName("equal objects in two files: each item is named with its own file")
  void eachItemItsOwnFile() {
    MappingNode first = settings();
    MappingNode second = settings();
    SourceFiles sources = new SourceFiles();
    sources.read(Path.of("a.yaml"), List.of(first));
    sources.read(Path.of("b/c.yaml"), List.of(second));
    assertThat(sources.located(new Item(first)).filePath()).isEqualTo("a.yaml");
    assertThat(sources.located(new Item(second)).filePath()).isEqualTo("b/c.yaml");
  }

  @Test
  @DisplayName("a result, which carries only a reference, names every file holding such an object")
  void resultOfAnAmbiguousReference() {
    MappingNode first = settings();
    SourceFiles sources = new SourceFiles();
    sources.read(Path.of("a.yaml"), List.of(first));
    Result alone = sources.locate(Result.error("x").withResource(new Item(first).ref()));
    assertThat(alone.resource().filePath()).isEqualTo("a.yaml");
    sources.read(Path.of("b.yaml"), List.of(settings()));
    Result both = sources.locate(Result.error("x").withResource(new Item(first).ref()));
    assertThat(both.resource().describe())
        .isEqualTo("ConfigMap racer/racer-settings in a.yaml or b.yaml");
  }

  @Test
  @DisplayName(
      "a reference held in many files: the first few named, in the order read, the rest counted")
  void manyFiles() {
    SourceFiles sources = new SourceFiles();
    for (int i = 0; i < 40; i++) {
      sources.read(Path.of("f" + i + ".yaml"), List.of(settings()));
    }
    Result located = sources.locate(Result.error("x").withResource(new Item(settings()).ref()));
    assertThat(located.resource().filePath())
        .isEqualTo(
            "f0.yaml or f1.yaml or f2.yaml or f3.yaml or f4.yaml or f5.yaml or 34 more files");
  }

  @Test
  @DisplayName("an object never read, or a result about none, is left as it is")
  void unknown() {
    SourceFiles sources = new SourceFiles();
    Result general = Result.error("x");
    assertThat(sources.locate(general)).isSameAs(general);
    assertThat(sources.located(new Item(settings())).filePath()).isNull();
  }
}
