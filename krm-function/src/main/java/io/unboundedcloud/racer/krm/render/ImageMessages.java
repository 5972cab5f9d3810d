package io.unboundedcloud.racer.krm.render;

import io.unboundedcloud.racer.krm.inputs.FunctionConfig;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.workload.ImageGrammar;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The function config's mistakes about images that a newcomer makes first, each said with where it
 * is and how to fix it: no function config at all, and a registry or image written as a URL.
 */
final class ImageMessages {
  /** No function config reached the function: how each tool gives one. */
  static final String NO_FUNCTION_CONFIG =
      "no function config, so no registry for the dataplane images: give the function a ConfigMap"
          + " whose data.imageRegistry names it (images become <registry>/racer-dataplane:<tag> and"
          + " <registry>/racer-object:<tag>), in kustomize the ConfigMap under transformers: that"
          + " declares the function, in kpt the Kptfile mutator's configMap: or `kpt fn eval ... --"
          + " imageRegistry=REGISTRY`, in racer-krm render --function-config FILE or a ConfigMap"
          + " annotated config.kubernetes.io/function among the files";

  private static final Pattern SCHEME = Pattern.compile("^(" + ImageGrammar.SCHEME + ")(.*)$");

  private ImageMessages() {}

  /**
   * An error on the first of imageRegistry, dataplaneImage and objectImage that starts with a URL
   * scheme ({@code https://}), which no image reference has, or {@code null}.
   */
  static Result scheme(FunctionConfig function) {
    Map<String, String> values = new LinkedHashMap<>();
    values.put(FunctionConfig.IMAGE_REGISTRY, function.imageRegistry());
    values.put(FunctionConfig.DATAPLANE_IMAGE, function.dataplaneImage());
    values.put(FunctionConfig.OBJECT_IMAGE, function.objectImage());
    for (Map.Entry<String, String> entry : values.entrySet()) {
      Matcher url = entry.getValue() == null ? null : SCHEME.matcher(entry.getValue().strip());
      if (url != null && url.matches()) {
        return new Result(
            Severity.ERROR,
            String.format(
                Locale.ROOT,
                ImageGrammar.SCHEME_MESSAGE,
                "data." + entry.getKey(),
                url.group(1),
                url.group(2)),
            function.source() == null ? null : function.source().ref(),
            "data." + entry.getKey(),
            entry.getValue(),
            url.group(2));
      }
    }
    return null;
  }
}
