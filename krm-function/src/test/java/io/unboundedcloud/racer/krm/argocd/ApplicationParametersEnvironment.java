package io.unboundedcloud.racer.krm.argocd;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The variables Argo CD sets for an Application's plugin parameters
 * (ApplicationSourcePluginParameters.Environ in argo-cd's pkg/apis/application/v1alpha1):
 * ARGOCD_APP_PARAMETERS, the JSON array, and one PARAM_NAME per string, PARAM_NAME_KEY per map
 * entry and PARAM_NAME_INDEX per array item, names upper-cased with every other character than a
 * letter or digit made '_'. An Application that names the plugin and sets no parameter gets
 * ARGOCD_APP_PARAMETERS=null.
 */
final class ApplicationParametersEnvironment {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ApplicationParametersEnvironment() {}

  static Map<String, String> of(String parametersJson) {
    Map<String, String> env = new LinkedHashMap<>();
    if (parametersJson == null) {
      env.put("ARGOCD_APP_PARAMETERS", "null");
      return env;
    }
    env.put("ARGOCD_APP_PARAMETERS", parametersJson);
    JsonNode parameters;
    try {
      parameters = JSON.readTree(parametersJson);
    } catch (JsonProcessingException notJson) {
      return env; // Argo CD always writes JSON; a test of broken JSON gets the variable alone
    }
    if (parameters == null || !parameters.isArray()) {
      return env;
    }
    for (JsonNode parameter : parameters) {
      if (!parameter.path("name").isTextual()) {
        continue;
      }
      String base = "PARAM_" + escaped(parameter.path("name").textValue());
      if (parameter.path("string").isTextual()) {
        env.put(base, parameter.path("string").textValue());
      }
      Iterator<Map.Entry<String, JsonNode>> entries = parameter.path("map").fields();
      while (entries.hasNext()) {
        Map.Entry<String, JsonNode> entry = entries.next();
        env.put(base + "_" + escaped(entry.getKey()), entry.getValue().asText());
      }
      int index = 0;
      for (JsonNode item : parameter.path("array")) {
        env.put(base + "_" + index++, item.asText());
      }
    }
    return env;
  }

  private static String escaped(String name) {
    return name.replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT);
  }
}
