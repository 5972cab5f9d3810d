package io.unboundedcloud.racer.workload.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

@DisplayName("docs/settings.md, the settings reference")
class SettingsReferenceTest {

  @Nested
  @DisplayName("the committed page")
  class Committed {
    @Test
    @DisplayName("equals what the settings catalog generates, byte for byte")
    void upToDate() throws IOException {
      Path page = RepositoryRoot.find().resolve(SettingsReference.PAGE);
      assertThat(page)
          .as("%s is missing; generate it with: %s", page, SettingsReference.REGENERATE)
          .exists();
      assertThat(Files.readString(page, StandardCharsets.UTF_8))
          .as(
              "%s is stale; regenerate it from the repository root with: %s",
              page, SettingsReference.REGENERATE)
          .isEqualTo(SettingsReference.markdown());
    }
  }

  @Nested
  @DisplayName("the generated page")
  class Generated {
    @Test
    @DisplayName("has one row per catalog key, with its default and its rule")
    void everyKey() {
      String page = SettingsReference.markdown();
      for (SettingKey key : SettingsCatalog.keys()) {
        assertThat(page)
            .as(key.name())
            .contains(
                "| `"
                    + key.name()
                    + "` | "
                    + key.defaultDescription().replace("|", "\\|")
                    + " | "
                    + key.rule().describe().replace("|", "\\|")
                    + " |");
      }
    }

    @Test
    @DisplayName("names every obsolete key")
    void everyObsoleteKey() {
      String page = SettingsReference.markdown();
      SettingsCatalog.obsoleteKeys()
          .keySet()
          .forEach(key -> assertThat(page).contains("| `" + key + "` |"));
    }

    @Test
    @DisplayName("is the same text on every call (no clock, no hash order)")
    void deterministic() {
      assertThat(SettingsReference.markdown()).isEqualTo(SettingsReference.markdown());
    }
  }
}
