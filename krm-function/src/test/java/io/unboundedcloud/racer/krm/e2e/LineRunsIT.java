package io.unboundedcloud.racer.krm.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.shapes.LineRuns;
import io.unboundedcloud.racer.krm.shapes.LineRuns.Kind;
import io.unboundedcloud.racer.krm.shapes.LineRuns.Place;
import io.unboundedcloud.racer.krm.shapes.ShapeDocuments.Document;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs of comment lines and blank lines in every place ({@link LineRuns}), as the files of one kpt
 * package, through the real kpt with {@code cat} and with the packaged function, three times each,
 * compared byte for byte run by run (issue 52, point 3): none counts as depth, and each comes out
 * as kyaml writes it. Every place and kind at one line and at 300; a few places at 20,000 lines
 * (about 250 KB each; {@code LineRunsTest} reads runs near the byte budget in function mode).
 */
@DisplayName("kpt runs the function on runs of comment lines and blank lines")
class LineRunsIT {

  @Test
  @DisplayName("every place and kind of run comes out as cat writes it, three runs running")
  void sameAsCat(@TempDir Path work) throws IOException {
    String skip = Tool.missing("kpt", "the runs of comment and blank lines through kpt");
    Tool.announceSkip(skip);
    Tool.skipIf(skip);
    List<Document> documents = new ArrayList<>(LineRuns.every(1, 300));
    for (Place place :
        List.of(Place.BEFORE_THE_FIRST_KEY, Place.BETWEEN_ENTRIES, Place.INSIDE_A_FLOW_MAPPING)) {
      for (Kind kind : Kind.values()) {
        documents.add(LineRuns.of(place, kind, 20_000));
      }
    }
    Map<String, String> files = new TreeMap<>();
    documents.forEach(document -> files.put(document.fileName(), document.document()));

    KptOracle.Runs runs = KptOracle.run(files, work);

    assertThat(runs.files()).as("the package's files after cat").isEqualTo(files.size());
    assertThat(runs.differing()).as("files the function writes unlike cat").isEmpty();
  }
}
