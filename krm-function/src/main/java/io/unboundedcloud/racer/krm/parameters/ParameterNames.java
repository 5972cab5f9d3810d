package io.unboundedcloud.racer.krm.parameters;

import io.unboundedcloud.racer.krm.inputs.FunctionConfigKey;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The names an Application's parameter may have, and what each sets. */
public final class ParameterNames {
  /** The environment variable Argo CD's plugin server sets to the parameters' JSON array. */
  public static final String ENVIRONMENT_VARIABLE = "ARGOCD_APP_PARAMETERS";

  /** The map parameter that sets several racer-settings keys at once. */
  public static final String SETTINGS = "settings";

  /**
   * The string parameters that override the function config's key of the same name: the keys {@link
   * FunctionConfigKey} announces. Their values pass the checks of that function config key.
   */
  public static final List<String> FUNCTION_CONFIG =
      FunctionConfigKey.announced().stream().map(FunctionConfigKey::key).toList();

  /**
   * The string parameters that choose an image, wholly or in part, and what each takes. A blank
   * value of one is refused: the function config reads a blank key as unset, so it would drop the
   * folder's own value (a digest pin with it) without choosing anything.
   */
  static final Map<String, String> IMAGE_CHOOSING = imageChoosing();

  private static Map<String, String> imageChoosing() {
    Map<String, String> takes = new LinkedHashMap<>();
    for (FunctionConfigKey key : FunctionConfigKey.announced()) {
      if (key.announcement().takes() != null) {
        takes.put(key.key(), key.announcement().takes());
      }
    }
    return Collections.unmodifiableMap(takes);
  }

  private ParameterNames() {}

  /**
   * Whether a string parameter of this name sets the racer-settings key of the same name: a key of
   * the catalog, or an obsolete one (which then fails as it would in racer-settings).
   */
  static boolean isSettingKey(String name) {
    return SettingsCatalog.key(name).isPresent()
        || SettingsCatalog.obsoleteKeys().containsKey(name);
  }

  /** Every name a parameter may have, for the nearest-name hint: settings keys, then the rest. */
  static List<String> known() {
    List<String> names = new ArrayList<>();
    SettingsCatalog.keys().stream().map(SettingKey::name).forEach(names::add);
    names.add(SETTINGS);
    names.addAll(FUNCTION_CONFIG);
    return names;
  }
}
