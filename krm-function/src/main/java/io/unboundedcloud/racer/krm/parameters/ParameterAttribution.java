package io.unboundedcloud.racer.krm.parameters;

import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import java.util.Objects;
import java.util.Optional;

/**
 * Results about a key an Application's parameter set name that parameter instead of the folder's
 * object: the value they show is not in any file of the folder. A result about {@code data.KEY} of
 * racer-settings or of the function config, where a parameter set KEY, becomes a result without
 * object or field whose message starts with the parameter: {@code Application parameter
 * RACER_PEER_PORT (ARGOCD_APP_PARAMETERS) (from the Application's spec.source.plugin.parameters):
 * RACER_PEER_PORT is "80": ...}, or {@code Application parameter settings (ARGOCD_APP_PARAMETERS)
 * key RACER_PEER_PORT (from ...): ...} for a key of the settings map.
 *
 * @param parameters the parameters applied
 * @param settings the racer-settings ConfigMap the results name, or {@code null}
 * @param functionConfig the function config the results name, or {@code null} when the run had none
 */
public record ParameterAttribution(
    ApplicationParameters parameters, ResourceRef settings, ResourceRef functionConfig) {

  /** The result, naming the parameter when one set the key it is about. */
  public Result attribute(Result result) {
    String field = result.fieldPath();
    if (parameters.isEmpty() || field == null || !field.startsWith("data.")) {
      return result;
    }
    String key = field.substring("data.".length());
    Optional<ParameterValue> setBy = Optional.empty();
    if (settings != null && settings.equals(result.resource())) {
      setBy = parameters.setting(key);
    } else if (Objects.equals(functionConfig, result.resource())) {
      setBy = parameters.functionConfigKey(key);
    }
    return setBy
        .map(
            value ->
                new Result(
                    result.severity(),
                    ParametersJson.where(value.parameter())
                        + (value.parameter().equals(key) ? "" : "key " + key + " ")
                        + "(from the Application's spec.source.plugin.parameters): "
                        + result.message(),
                    null,
                    null,
                    result.currentValue(),
                    result.proposedValue()))
        .orElse(result);
  }
}
