package io.unboundedcloud.racer.krm.parameters;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.argocd.AnnouncementSchema;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The parameters announced to the Argo CD UI for an app folder")
class AnnouncementsTest {

  @Test
  @DisplayName(
      "one string parameter per catalog key, in catalog order: the folder's value, else the default, empty for an unset default")
  void oneStringParameterPerKey() {
    List<Map<String, Object>> announced =
        Announcements.of(Map.of("RACER_PEER_PORT", "9100", "team", "ml", "RACER_RAILS", "2"));

    assertThat(announced)
        .extracting(a -> a.get("name"))
        .containsExactlyElementsOf(SettingsCatalog.keys().stream().map(SettingKey::name).toList());
    Map<String, Object> peerPort = named(announced, "RACER_PEER_PORT");
    assertThat(peerPort)
        .containsEntry("title", "RACER_PEER_PORT")
        .containsEntry("required", false)
        .containsEntry("itemType", "string")
        .containsEntry("collectionType", "string")
        .containsEntry("string", "9100");
    assertThat(named(announced, "RACER_NVIDIA")).containsEntry("string", "env");
    assertThat(named(announced, "RACER_MAX_THREADS")).containsEntry("string", "");
  }

  @Test
  @DisplayName("tooltips: what the key does, its rule, its default, and how to keep an unset one")
  void tooltips() {
    SettingKey diagnostics = SettingsCatalog.key("RACER_DIAGNOSTICS_PORT").orElseThrow();
    SettingKey peer = SettingsCatalog.key("RACER_PEER_PORT").orElseThrow();

    assertThat(Announcements.tooltip(diagnostics))
        .startsWith(diagnostics.description())
        .contains("Rule: 1024..65535.")
        .contains("Default: unset: 9090, or 9091 when the peer port is 9090.")
        .endsWith("Leave the field empty to keep it unset: set no parameter for it.");
    assertThat(Announcements.tooltip(peer)).endsWith("Default: 8082.");
  }

  @Test
  @DisplayName(
      "the JSON is an array of Argo CD ParameterAnnouncements (schema from Argo CD's type)")
  void json() throws Exception {
    String json =
        Announcements.json(
            Map.of("note", "a \"quoted\"\nvalue ü", "RACER_NVIDIA", "a\"b"), ParameterLimits.NONE);

    AnnouncementSchema.assertValid(json);
    assertThat(json)
        .startsWith("[{\"name\":\"RACER_PEER_PORT\",")
        .contains("\"string\":\"a\\\"b\"");
  }

  @Test
  @DisplayName(
      "a folder whose allowedParameters leaves settings out: only the keys it lists are announced; with settings, all")
  void allowedParameters() {
    ParameterLimits keys =
        ParameterLimits.of(Map.of("allowedParameters", "RACER_NVIDIA,imageTag,RACER_SHARES"), null)
            .value();
    ParameterLimits map = ParameterLimits.of(Map.of("allowedParameters", "settings"), null).value();

    assertThat(Announcements.of(Map.of(), keys))
        .extracting(a -> a.get("name"))
        .containsExactly("RACER_NVIDIA", "RACER_SHARES");
    assertThat(Announcements.of(Map.of(), map)).hasSameSizeAs(SettingsCatalog.keys());
  }

  private static Map<String, Object> named(List<Map<String, Object>> announced, String name) {
    return announced.stream().filter(a -> name.equals(a.get("name"))).findFirst().orElseThrow();
  }
}
