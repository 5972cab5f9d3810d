package io.unboundedcloud.racer.krm.render;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.unboundedcloud.racer.krm.inputs.DataplaneWiring;
import io.unboundedcloud.racer.krm.inputs.FunctionConfig;
import io.unboundedcloud.racer.krm.inputs.Item;
import io.unboundedcloud.racer.krm.results.ResourceRef;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.krm.results.Severity;
import io.unboundedcloud.racer.workload.Config;
import io.unboundedcloud.racer.workload.Dataplane;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What a user should hear about the DaemonSet they gave the function: selector labels it keeps
 * although a later kustomize step may have put them there, and images it replaces with the function
 * config's where the DaemonSet shows they were changed after a function ran (not those the earlier
 * run recorded; without a record, an {@link ImagePair} not of one release, or not judgeable). Both
 * are silent otherwise in a kustomize composition.
 */
final class DaemonSetNotices {
  private DaemonSetNotices() {}

  /**
   * Adds the warnings about {@code theirs}, the DaemonSet given, before it is merged.
   *
   * @param given its item
   * @param config the config the function renders from (its images are the function config's)
   */
  static void add(Item given, DaemonSet theirs, Config config, Results results) {
    ResourceRef ref = given.ref();
    selectorLabels(theirs, ref, results);
    DataplaneWiring wiring = DataplaneWiring.of(given);
    if (wiring.container() == null) {
      return;
    }
    // as written: an image that YAML reads as a number (image: 1.50) is named too
    String image = wiring.writtenImage();
    String objectImage = wiring.writtenObjectImage();
    if (image != null && objectImage != null && renderedTogether(theirs, image, objectImage)) {
      // rendered together by an earlier run (an overlay's own function config may name other
      // images): nothing of the user's is replaced
      return;
    }
    if (image != null && !image.equals(config.dataplaneImage())) {
      results.add(
          overwritten(
              "the dataplane container's image",
              image,
              config.dataplaneImage(),
              FunctionConfig.DATAPLANE_IMAGE,
              ref,
              DataplaneWiring.CONTAINER.key("image").toString()));
    }
    if (objectImage != null && !objectImage.equals(config.objectImage())) {
      results.add(
          overwritten(
              DataplaneWiring.OBJECT_IMAGE_ENV,
              objectImage,
              config.objectImage(),
              FunctionConfig.OBJECT_IMAGE,
              ref,
              DataplaneWiring.CONTAINER
                  .key("env")
                  .named(DataplaneWiring.OBJECT_IMAGE_ENV)
                  .key("value")
                  .toString()));
    }
  }

  /**
   * Whether an earlier run rendered both images as they stand: they are those it recorded on the
   * DaemonSet, or, where it recorded none, a pair of one release.
   */
  private static boolean renderedTogether(DaemonSet theirs, String image, String objectImage) {
    Map<String, String> annotations =
        theirs.getMetadata() == null ? null : theirs.getMetadata().getAnnotations();
    if (annotations != null
        && (annotations.containsKey(Dataplane.DATAPLANE_IMAGE_ANNOTATION)
            || annotations.containsKey(Dataplane.OBJECT_IMAGE_ANNOTATION))) {
      return image.equals(annotations.get(Dataplane.DATAPLANE_IMAGE_ANNOTATION))
          && objectImage.equals(annotations.get(Dataplane.OBJECT_IMAGE_ANNOTATION));
    }
    return ImagePair.judgeable(image, objectImage) && ImagePair.ofOneRelease(image, objectImage);
  }

  private static void selectorLabels(DaemonSet theirs, ResourceRef ref, Results results) {
    LabelSelector selector = theirs.getSpec() == null ? null : theirs.getSpec().getSelector();
    if (selector == null || selector.getMatchLabels() == null) {
      return;
    }
    Map<String, String> extra = new TreeMap<>(selector.getMatchLabels());
    Dataplane.labels().keySet().forEach(extra::remove);
    if (extra.isEmpty()) {
      return;
    }
    String labels =
        extra.entrySet().stream()
            .map(label -> label.getKey() + "=" + label.getValue())
            .collect(Collectors.joining(", "));
    results.add(
        Result.of(
                Severity.WARNING,
                "the selector of DaemonSet "
                    + theirs.getMetadata().getName()
                    + " carries "
                    + labels
                    + " beside the function's two labels: kept, because a DaemonSet's selector"
                    + " cannot change once applied (kustomize's labels with includeSelectors, or"
                    + " commonLabels, put labels there); to keep a label off the selector, set it"
                    + " with labels: and includeSelectors: false before the first apply",
                ref,
                "spec.selector.matchLabels")
            .withCurrentValue(labels));
  }

  private static Result overwritten(
      String what, String theirs, String ours, String key, ResourceRef ref, String field) {
    return Result.of(
            Severity.WARNING,
            what
                + " "
                + theirs
                + " is replaced by the function config's "
                + ours
                + ": the function renders its own images, so kustomize's images: (or a patch)"
                + " cannot change them; set "
                + key
                + " (or "
                + FunctionConfig.IMAGE_REGISTRY
                + " and "
                + FunctionConfig.IMAGE_TAG
                + ") in the function config instead",
            ref,
            field)
        .withCurrentValue(theirs)
        .withProposedValue(ours);
  }
}
