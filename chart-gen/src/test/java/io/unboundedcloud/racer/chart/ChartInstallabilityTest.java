package io.unboundedcloud.racer.chart;

import static org.assertj.core.api.Assertions.assertThat;

import com.marcnuri.helm.LintResult;
import io.unboundedcloud.racer.chart.support.ChartUnderTest;
import io.unboundedcloud.racer.chart.support.HelmRun;
import io.unboundedcloud.racer.chart.support.Manifests;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

@DisplayName("The committed chart installs with real Helm")
class ChartInstallabilityTest {

  @Test
  @DisplayName("helm lint --strict passes with the default values")
  void lintStrict() {
    LintResult result = HelmRun.lintStrict();
    assertThat(result.isFailed()).as(String.join("\n", result.getMessages())).isFalse();
  }

  @Nested
  @DisplayName("helm template with the defaults plus images")
  class DefaultsPlusImages {
    private final String rendered =
        HelmRun.template("racer", Map.of("images", Map.of("registry", "registry.example.com/racer")));

    @Test
    @DisplayName("renders the ServiceAccount, the DaemonSet and the racer-settings ConfigMap, nothing else")
    void objects() {
      assertThat(Manifests.byIdentity(Manifests.parse(rendered)).keySet()).containsExactlyInAnyOrder(
          "ServiceAccount racer/racer", "DaemonSet racer/racer", "ConfigMap racer/racer-settings");
    }
  }

  @Test
  @DisplayName("helm package writes the chart archive into target/")
  void helmPackage() {
    var packaged = HelmRun.packageInto(ChartUnderTest.workDirectory("package"));
    assertThat(packaged.getFileName().toString()).isEqualTo("racer-0.1.0.tgz");
  }
}
