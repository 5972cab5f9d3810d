package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.chart.support.Installation;
import io.unboundedcloud.racer.chart.support.Parity;
import io.unboundedcloud.racer.chart.support.RuleFamily;
import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.workload.QuantityGrammar;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * One case per rule family that the chart's Go templates write again beside Java, in the fast loop
 * ({@code mvn -B test}): Helm 3 in-process against the KRM function in-process, with the machinery
 * of the full matrices ({@link Parity}), which {@code ParityTest}, {@code InvalidValuesTest} and
 * {@code StrictValuesTest} run under every Helm as slow tests. A template regenerated with a rule
 * that drifts from Java fails here, its message naming the family.
 */
@DisplayName(
    "Each rule family of the chart's templates renders as the function does (Helm 3 in-process)")
class RuleFamilyParityTest {
  private static final HelmRun HELM = HelmRun.HELM3;

  @Nested
  @DisplayName("ports")
  class Ports {
    @Test
    @DisplayName(
        "peer port 9090 moves diagnostics to 9091, on the host network, with NVIDIA cdi: the"
            + " same containers, ports and pod")
    void peerPortMovesDiagnostics() {
      Parity.objects(
          HELM,
          Installation.of("racer")
              .withSettings(
                  Map.of(
                      "RACER_PEER_PORT", "9090",
                      "RACER_HOST_NETWORK", "true",
                      "RACER_NVIDIA", "cdi")),
          RuleFamily.PORTS.describe("peer port 9090, host network, NVIDIA cdi"));
    }
  }

  @Nested
  @DisplayName("images")
  class Images {
    @Test
    @DisplayName(
        "a full dataplane reference wins; the object image comes from a registry with a trailing"
            + " slash and a tag")
    void fullReferenceAndRegistry() {
      Parity.objects(
          HELM,
          Installation.of("racer")
              .withImages(
                  Map.of(
                      "registry", "localhost:5000/",
                      "tag", "0.19.1",
                      "dataplane", "mirror.example.com:5000/racer/racer-dataplane:0.19.0-rc1")),
          RuleFamily.IMAGES.describe("a full dataplane reference, a registry with / and a tag"));
    }
  }

  @Nested
  @DisplayName("affinity merge")
  class AffinityMerge {
    @Test
    @DisplayName(
        "two required terms, one repeating a dataplane expression, one with matchFields, pod"
            + " anti-affinity; cache origins take the node affinity only")
    void requiredTermsAndAnOrigin() {
      Parity.objects(
          HELM,
          ParityTest.TWO_REQUIRED_TERMS,
          RuleFamily.AFFINITY_MERGE.describe("two required terms and a cache origin"));
    }
  }

  @Nested
  @DisplayName("settings hash and record")
  class SettingsHashAndRecord {
    @Test
    @DisplayName(
        "values of 256 bytes as they are, of 257 bytes and with a line break by their sha256,"
            + " keys out of order: the same hash and record")
    void recordLimits() {
      Map<String, String> settings = new LinkedHashMap<>();
      settings.put("team", "ml-platform");
      settings.put("RACER_MAX_THREADS", "16");
      settings.put("at-limit", "a".repeat(254) + "\u00e9");
      settings.put("over-limit-in-bytes", "a".repeat(255) + "\u00e9");
      settings.put("notes.txt", "line one\nline two: \"quoted\"\n");
      Parity.objects(
          HELM,
          Installation.of("racer").withSettings(settings),
          RuleFamily.SETTINGS_HASH_AND_RECORD.describe("values at the record's limit"));
    }
  }

  @Nested
  @DisplayName("validation messages")
  class ValidationMessages {
    @Test
    @DisplayName("a cross-key rule (slab bytes not a multiple of the segment): the same message")
    void crossKeyRule() {
      Parity.refusal(
          HELM,
          Map.of("RACER_SLAB_BYTES", "1000000000", "RACER_FREE_SEGMENT_RESERVE", "1"),
          RuleFamily.VALIDATION_MESSAGES.describe("slab bytes not a multiple of the segment"));
    }
  }

  @Nested
  @DisplayName("key suggestion")
  class KeySuggestion {
    @Test
    @DisplayName(
        "a key three edits from a known one: the same nearest key, a warning, an error in strict"
            + " mode")
    void misspeltKey() {
      Parity.strictRefusal(
          HELM,
          Installation.of("racer").withSettings(Map.of("RACER_PEER_PORTXYZ", "9090", "team", "ml")),
          1,
          RuleFamily.KEY_SUGGESTION.describe("RACER_PEER_PORTXYZ"));
    }

    @Test
    @DisplayName("a key within two edits of a known one: a typo, the same error naming that key")
    void typo() {
      Parity.refusal(
          HELM,
          Map.of("RACER_PEER_PROT", "9090", "team", "ml"),
          RuleFamily.KEY_SUGGESTION.describe("RACER_PEER_PROT"));
      Parity.refusal(
          HELM,
          Map.of("RACER_NIVDA", "off"),
          RuleFamily.KEY_SUGGESTION.describe("RACER_NIVDA, two edits"));
    }
  }

  @Nested
  @DisplayName("quantity correction")
  class QuantityCorrection {
    @Test
    @DisplayName("a byte count written with a unit (2Gi): the same message, offering 2147483648")
    void bytes() {
      Parity.refusal(
          HELM,
          Map.of("RACER_SLAB_BYTES", "2Gi"),
          RuleFamily.QUANTITY_CORRECTION.describe("RACER_SLAB_BYTES 2Gi"));
      assertThat(HELM.failureWithImages(Map.of("settings", Map.of("RACER_SLAB_BYTES", "2Gi"))))
          .as(RuleFamily.QUANTITY_CORRECTION.describe("RACER_SLAB_BYTES 2Gi"))
          .contains("RACER_SLAB_BYTES is \"2Gi\": ")
          .contains("; did you mean " + (2L << 30) + "?");
    }

    @Test
    @DisplayName("a quantity written with a byte unit (512MB): both offer 512M or 512Mi")
    void quantity() {
      String said =
          String.format(QuantityGrammar.MESSAGE, "the string \"512MB\"")
              + "; did you mean 512M or 512Mi?";
      assertThat(
              HELM.failureWithImages(
                  InvalidValuesTest.quantityPlaces().get("resources").apply("limits", "512MB")))
          .as(RuleFamily.QUANTITY_CORRECTION.describe("resources 512MB"))
          .contains(said);
      KrmRun function =
          KrmRun.function(InvalidValuesTest.Quantities.existingDataplaneWith("limits", "512MB"));
      assertThat(function.output().errorMessages())
          .as(RuleFamily.QUANTITY_CORRECTION.describe("the function, 512MB"))
          .anyMatch(message -> message.contains(said));
    }
  }

  @Nested
  @DisplayName("PodFit")
  class PodFit {
    @Test
    @DisplayName(
        "a shutdown deadline longer than the grace period: the same warning, an error in strict"
            + " mode")
    void shutdownDeadline() {
      Parity.strictRefusal(
          HELM,
          Installation.of("racer").withSettings(Map.of("RACER_SHUTDOWN_TIMEOUT_MS", "45000")),
          1,
          RuleFamily.POD_FIT.describe("a shutdown deadline of 45 s"));
    }
  }
}
