package io.unboundedcloud.racer.krm.parameters;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parameters the plugin announces to the Argo CD UI for one app folder ({@code
 * parameters.dynamic} in plugin.yaml): one string parameter per key of the settings catalog, named
 * by the key, its value the one the folder renders with before the Application's parameters, or the
 * catalog's default. Each is an Argo CD {@code ParameterAnnouncement} (argo-cd's {@code
 * reposerver/repository/repository.proto}): {@code name}, {@code title}, {@code tooltip}, {@code
 * required}, {@code itemType}, {@code collectionType}, {@code string}. Obsolete keys are not in the
 * catalog, so they are never announced; {@code settings} and the function config parameters are
 * static (plugin.yaml).
 */
public final class Announcements {
  private static final ObjectMapper JSON = new ObjectMapper();

  private Announcements() {}

  /**
   * The announcements for a folder whose racer-settings hold {@code folderSettings} (empty when the
   * folder has none, or cannot be read: every key then shows its default).
   */
  public static List<Map<String, Object>> of(Map<String, String> folderSettings) {
    return of(folderSettings, ParameterLimits.NONE);
  }

  /**
   * The announcements for a folder whose racer-settings hold {@code folderSettings} and whose
   * function config sets {@code limits}: where its {@code allowedParameters} leaves {@code
   * settings} out, only the keys it lists, since the others would be refused.
   */
  public static List<Map<String, Object>> of(
      Map<String, String> folderSettings, ParameterLimits limits) {
    List<Map<String, Object>> announcements = new ArrayList<>();
    for (SettingKey key : SettingsCatalog.keys()) {
      if (!limits.allowsKey(key.name())) {
        continue;
      }
      Map<String, Object> announcement = new LinkedHashMap<>();
      announcement.put("name", key.name());
      announcement.put("title", key.name());
      announcement.put("tooltip", tooltip(key));
      announcement.put("required", false);
      announcement.put("itemType", "string");
      announcement.put("collectionType", "string");
      String value = folderSettings.get(key.name());
      if (value == null) {
        value = key.defaultValue() == null ? "" : key.defaultValue();
      }
      announcement.put("string", value);
      announcements.add(announcement);
    }
    return announcements;
  }

  /** The announcements as the JSON array the dynamic command prints. */
  public static String json(Map<String, String> folderSettings, ParameterLimits limits) {
    try {
      return JSON.writeValueAsString(of(folderSettings, limits));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("plain maps of strings always write as JSON", e);
    }
  }

  /**
   * What the key does, its rule and its default; where the default is unset, what that means and
   * that an empty field keeps it so.
   */
  static String tooltip(SettingKey key) {
    String text =
        key.description()
            + " Rule: "
            + key.rule().describe()
            + ". Default: "
            + key.defaultDescription()
            + ".";
    return key.defaultValue() == null
        ? text + " Leave the field empty to keep it unset: set no parameter for it."
        : text;
  }
}
