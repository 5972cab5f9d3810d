package io.unboundedcloud.racer.krm.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.unboundedcloud.racer.krm.toolchain.Kubectl;
import io.unboundedcloud.racer.workload.QuantityGrammar;
import io.unboundedcloud.racer.workload.QuantityTexts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The quantity grammar against the real decoder: kubectl reads each generated text as a DaemonSet's
 * memory limit into the typed object (k8s.io/apimachinery's Quantity, as the API server decodes a
 * request), in one run over a folder of one file per text. The grammar never admits what kubectl
 * refuses, and refuses what kubectl takes only for the reasons it states.
 */
@DisplayName("The quantity grammar against kubectl's decoding of the generated class")
class QuantityKubectlIT {
  private static final Pattern LARGE_EXPONENT = Pattern.compile("[eE][+-]?0*[1-9][0-9]{3,}");

  private static final Pattern UNDECODABLE =
      Pattern.compile("unable to decode \"[^\"]*/(q\\d+)\\.yaml\"");

  @Test
  @DisplayName("admitted texts decode; refused ones fail to decode or are refused on purpose")
  void agrees(@TempDir Path dir) throws IOException, InterruptedException {
    String missing = Kubectl.MACHINE.missing();
    if (missing != null) {
      System.out.println("SKIPPED: QuantityKubectlIT: " + missing);
    }
    assumeTrue(missing == null, missing);
    // an exponent of thousands and more decodes, but kubectl's re-encoding of the object then
    // writes out 10^exponent digit by digit (minutes of CPU for e123456789012345678): those texts
    // are left to the documented grammar (QuantityGrammarTest)
    List<String> texts =
        QuantityTexts.all().stream().filter(text -> !LARGE_EXPONENT.matcher(text).find()).toList();
    Map<String, String> byFile = new LinkedHashMap<>();
    for (int i = 0; i < texts.size(); i++) {
      String name = "q" + i;
      byFile.put(name, texts.get(i));
      Files.writeString(dir.resolve(name + ".yaml"), daemonSet(name, texts.get(i)));
    }
    Process kubectl =
        new ProcessBuilder(
                Kubectl.MACHINE.path().toString(),
                "set",
                "resources",
                "--local",
                "-f",
                dir.toString(),
                "-c",
                "c",
                "--requests=cpu=1",
                "-o",
                "name")
            .redirectErrorStream(true)
            .start();
    String output = new String(kubectl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(kubectl.waitFor(120, TimeUnit.SECONDS)).isTrue();
    Set<String> undecodable = new TreeSet<>();
    Matcher matcher = UNDECODABLE.matcher(output);
    while (matcher.find()) {
      undecodable.add(matcher.group(1));
    }
    assertThat(undecodable).as(output).isNotEmpty();
    int decoded = 0;
    for (Map.Entry<String, String> entry : byFile.entrySet()) {
      String text = entry.getValue();
      boolean decodes = !undecodable.contains(entry.getKey());
      decoded += decodes ? 1 : 0;
      if (QuantityGrammar.admits(text)) {
        assertThat(decodes).as("admitted \"%s\", which kubectl cannot decode", text).isTrue();
      } else if (decodes) {
        assertThat(QuantityTexts.strictOnPurpose(text))
            .as("refused \"%s\", which kubectl decodes, for no stated reason", text)
            .isNotNull();
      }
    }
    assertThat(decoded).as(output).isGreaterThan(texts.size() / 2);
  }

  private static String daemonSet(String name, String memory) {
    return """
        apiVersion: apps/v1
        kind: DaemonSet
        metadata: {name: %s}
        spec:
          selector: {matchLabels: {a: b}}
          template:
            metadata: {labels: {a: b}}
            spec:
              containers:
              - name: c
                image: i
                resources: {limits: {memory: %s}}
        """
        .formatted(name, QuantityTexts.yamlQuoted(memory));
  }
}
