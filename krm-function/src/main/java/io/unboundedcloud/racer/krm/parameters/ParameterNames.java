package io.unboundedcloud.racer.krm.parameters;

import io.unboundedcloud.racer.krm.inputs.FunctionConfig;
import io.unboundedcloud.racer.workload.settings.SettingKey;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The names an Application's parameter may have, and what each sets. */
public final class ParameterNames {
  /** The environment variable Argo CD's plugin server sets to the parameters' JSON array. */
  public static final String ENVIRONMENT_VARIABLE = "ARGOCD_APP_PARAMETERS";

  /** The map parameter that sets several racer-settings keys at once. */
  public static final String SETTINGS = "settings";

  /**
   * The string parameters that override the function config's key of the same name. One more is one
   * more entry here (and its static announcement in examples/argocd/plugin.yaml, which a test
   * demands): its value then passes the checks of that function config key.
   */
  public static final List<String> FUNCTION_CONFIG =
      List.of(
          FunctionConfig.IMAGE_REGISTRY,
          FunctionConfig.IMAGE_TAG,
          FunctionConfig.DATAPLANE_IMAGE,
          FunctionConfig.OBJECT_IMAGE,
          FunctionConfig.STRICT);

  /**
   * The string parameters that choose an image, wholly or in part, and what each takes. A blank
   * value of one is refused: the function config reads a blank key as unset, so it would drop the
   * folder's own value (a digest pin with it) without choosing anything.
   */
  static final Map<String, String> IMAGE_CHOOSING =
      Map.of(
          FunctionConfig.IMAGE_REGISTRY, "a registry (mirror.example.com/racer)",
          FunctionConfig.IMAGE_TAG, "a tag (0.19.0)",
          FunctionConfig.DATAPLANE_IMAGE,
              "a whole image reference (mirror.example.com/racer/racer-dataplane:0.19.0)",
          FunctionConfig.OBJECT_IMAGE,
              "a whole image reference (mirror.example.com/racer/racer-object:0.19.0)");

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
