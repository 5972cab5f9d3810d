package io.unboundedcloud.racer.krm.schema;

import static io.unboundedcloud.racer.krm.schema.SchemaText.map;

import io.unboundedcloud.racer.krm.inputs.TypedFunctionConfig;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The function's catalog entries: kustomize's {@code KRMFunctionDefinition} (the typed config's
 * OpenAPI v3 schema, as a CustomResourceDefinition holds a kind's) and the kpt function catalog's
 * {@code metadata.yaml}. Both name the release's image and its documents at the release's tag.
 */
public final class FunctionCatalog {
  /** The repository, as the examples name it. */
  public static final String REPOSITORY = "https://github.com/unbounded-cloud/racer-krm";

  private static final String DESCRIPTION =
      "Renders the Racer dataplane DaemonSet and its ServiceAccount from racer-settings, and copies"
          + " the dataplane's node placement onto cache origins.";

  private FunctionCatalog() {}

  /** The tag a release of {@code version} is published under. */
  public static String tag(String version) {
    return "v" + version;
  }

  /**
   * The KRMFunctionDefinition of the typed config.
   *
   * @param image the release's image, {@code REGISTRY/racer-krm:VERSION}
   * @param version racer-krm's version
   */
  public static Map<String, Object> definition(String image, String version) {
    String plural = TypedFunctionConfig.KIND.toLowerCase(Locale.ROOT) + "s";
    return map(
        "apiVersion",
        "config.kubernetes.io/v1alpha1",
        "kind",
        "KRMFunctionDefinition",
        "metadata",
        map("name", plural + "." + TypedFunctionConfig.GROUP),
        "spec",
        map(
            "group",
            TypedFunctionConfig.GROUP,
            "names",
            map("kind", TypedFunctionConfig.KIND),
            "description",
            DESCRIPTION,
            "publisher",
            "unbounded-cloud.io",
            "home",
            REPOSITORY,
            "tags",
            List.of("mutator", "generator"),
            "versions",
            List.of(
                map(
                    "name",
                    TypedFunctionConfig.VERSION,
                    "schema",
                    map(
                        "openAPIV3Schema",
                        SchemaText.withoutEditorKeywords(FunctionConfigSchema.typed())),
                    "idempotent",
                    true,
                    "runtime",
                    map("container", map("image", image)),
                    "usage",
                    document(version, "docs/krm.md"),
                    "examples",
                    List.of(
                        document(version, "examples/kpt"), document(version, "examples/typed"))))));
  }

  /** The kpt function catalog's metadata.yaml. */
  public static Map<String, Object> metadata(String image, String version) {
    return map(
        "image",
        image.substring(0, image.lastIndexOf(':')),
        "description",
        DESCRIPTION,
        "tags",
        List.of("mutator", "generator"),
        "sourceURL",
        REPOSITORY + "/tree/" + tag(version),
        "examplePackageURLs",
        List.of(document(version, "examples/kpt")));
  }

  private static String document(String version, String path) {
    return REPOSITORY + "/tree/" + tag(version) + "/" + path;
  }
}
