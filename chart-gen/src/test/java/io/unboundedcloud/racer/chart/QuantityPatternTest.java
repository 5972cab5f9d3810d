package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.workload.QuantityGrammar;
import io.unboundedcloud.racer.workload.QuantityTexts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The chart's templates match QuantityGrammar.PATTERN (racer.validateQuantities, held current by
 * ChartSnapshotTest) with Helm's regexMatch, Go's RE2; the function matches it with Java's regular
 * expressions. One Helm run over the whole generated class shows that RE2 reads the pattern as Java
 * does, text by text.
 */
@Tag("slow")
@DisplayName("The quantity pattern under Helm's regexMatch: the same verdict as the function's")
class QuantityPatternTest {
  @Test
  @DisplayName("every generated text: admitted by Helm exactly when QuantityGrammar admits it")
  void sameVerdicts(@TempDir Path chart) throws IOException {
    HelmRun.HELM3.assumeAvailable(QuantityPatternTest.class);
    Files.writeString(chart.resolve("Chart.yaml"), "apiVersion: v2\nname: q\nversion: 0.1.0\n");
    Files.createDirectories(chart.resolve("templates"));
    Files.writeString(
        chart.resolve("templates/verdicts.yaml"),
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: verdicts}\ndata:\n"
            + "{{- range $i, $text := .Values.texts }}\n"
            + "  t{{ $i }}: {{ regexMatch `"
            + QuantityGrammar.PATTERN
            + "` $text | quote }}\n"
            + "{{- end }}\n");
    List<String> texts = QuantityTexts.all();
    String rendered =
        HelmRun.HELM3.templateChart(chart, "default", HelmRun.writeValues(Map.of("texts", texts)));
    Map<?, ?> data =
        (Map<?, ?>) new ObjectMapper(new YAMLFactory()).readValue(rendered, Map.class).get("data");
    assertThat(data).hasSize(texts.size());
    for (int i = 0; i < texts.size(); i++) {
      assertThat(data.get("t" + i))
          .as("\"%s\"", texts.get(i))
          .isEqualTo(String.valueOf(QuantityGrammar.admits(texts.get(i))));
    }
  }
}
