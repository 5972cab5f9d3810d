package io.unboundedcloud.racer.krm.inputs;

import io.unboundedcloud.racer.workload.Release;
import io.unboundedcloud.racer.workload.settings.SettingsCatalog;
import java.util.Arrays;
import java.util.List;

/**
 * The function config's keys, one entry each: what the function reads, warns about when unknown,
 * lets an Argo CD Application set, announces to the Argo CD UI, and what the docs and {@code
 * --help} say of it. A new key is a new entry here; the reference table of docs/krm.md, the
 * function config lines of docs/cli.md (the {@code --help} text) and the static parameters of
 * examples/argocd/plugin.yaml are generated from these entries, and a test fails when one of them
 * is stale. Reading the key's value into the run is {@link FunctionConfig#of}'s.
 */
public enum FunctionConfigKey {
  IMAGE_REGISTRY(
      "imageRegistry",
      Type.TEXT,
      null,
      "registry of both images: `<registry>/racer-dataplane:<tag>` and `<registry>/racer-object:<tag>`"
          + " (a trailing `/` is dropped)",
      "registry for both images: <registry>/racer-dataplane:<tag> and\n"
          + "<registry>/racer-object:<tag>",
      new Announcement(
          "Image registry",
          "Registry of both images, over the function config's imageRegistry: the images become"
              + " REGISTRY/racer-dataplane:TAG and REGISTRY/racer-object:TAG. Only under a registry"
              + " or repository prefix the folder's function config lists in allowedRegistries. Set"
              + " no parameter to keep the folder's: an empty value is refused.",
          "a registry (mirror.example.com/racer)")),
  IMAGE_TAG(
      "imageTag",
      Type.TEXT,
      Release.RACER_VERSION,
      "tag of both (default: the Racer release the function targets, `"
          + Release.RACER_VERSION
          + "`)",
      "tag of both images (default: the Racer release this function targets, "
          + Release.RACER_VERSION
          + ")",
      new Announcement(
          "Image tag",
          "Tag of both images from imageRegistry, over the function config's imageTag (default:"
              + " the Racer release this racer-krm renders). Set no parameter to keep the folder's:"
              + " an empty value is refused.",
          "a tag (" + Release.RACER_VERSION + ")")),
  DATAPLANE_IMAGE(
      "dataplaneImage",
      Type.TEXT,
      null,
      "full dataplane image reference; wins over `imageRegistry` and `imageTag`",
      "full dataplane image reference (wins over imageRegistry and imageTag)",
      new Announcement(
          "Dataplane image",
          "Full dataplane image reference, over the function config's dataplaneImage; wins over"
              + " imageRegistry and imageTag. Only under a registry or repository prefix the"
              + " folder's function config lists in allowedRegistries. Set no parameter to keep the"
              + " folder's: an empty value is refused.",
          "a whole image reference (mirror.example.com/racer/racer-dataplane:"
              + Release.RACER_VERSION
              + ")")),
  OBJECT_IMAGE(
      "objectImage",
      Type.TEXT,
      null,
      "full racer-object image reference; wins over `imageRegistry` and `imageTag`",
      "full racer-object sidecar image reference (wins over imageRegistry and imageTag)",
      new Announcement(
          "racer-object image",
          "Full racer-object sidecar image reference, over the function config's objectImage; wins"
              + " over imageRegistry and imageTag. Only under a registry or repository prefix the"
              + " folder's function config lists in allowedRegistries. Set no parameter to keep the"
              + " folder's: an empty value is refused.",
          "a whole image reference (mirror.example.com/racer/racer-object:"
              + Release.RACER_VERSION
              + ")")),
  STRICT(
      "strict",
      Type.TRUE_OR_FALSE,
      "false",
      "`\"true\"`: strict mode, every warning of the run is an error; `\"false\"` (the default)",
      "\"true\": every warning is an error (an unknown key; a setting or image that does\n"
          + "not fit the pod, see docs/settings.md); default \"false\"",
      new Announcement(
          "Strict mode",
          "\"true\": every warning of the render is an error, so generate fails and this UI shows"
              + " why (Argo CD shows no warning of a plugin that succeeds); \"false\": warnings"
              + " only. Over the function config's strict; the example folders set it to \"true\".",
          null)),
  ALLOWED_PARAMETERS(
      "allowedParameters",
      Type.LIST,
      null,
      "the only Argo CD Application parameters allowed, comma-separated (`RACER_NVIDIA,imageTag`);"
          + " absent, all; empty, none",
      "the only Argo CD Application parameters allowed, comma-separated (default: all)",
      null),
  ALLOWED_REGISTRIES(
      "allowedRegistries",
      Type.LIST,
      null,
      "the registries and repository prefixes an Application's image parameters may choose,"
          + " comma-separated (`mirror.example.com/racer,registry.example.com:5000`); absent, none",
      "where Application parameters may take images from, comma-separated registries or\n"
          + "repository prefixes (default: none; imageTag needs no entry)",
      null),
  UNCHECKED_SETTINGS(
      SettingsCatalog.UNCHECKED_KEYS,
      Type.LIST,
      null,
      "racer-settings keys the catalog does not know that you mean, comma-separated"
          + " (`RACER_NEW_KNOB`): a newer dataplane's keys, passed on unchecked with no warning."
          + " Without it, a `RACER_*` key within two edits of a catalog key (`RACER_NVIDA`) is a"
          + " typo, an error",
      "racer-settings keys unknown to the catalog that you mean (a newer dataplane's),\n"
          + "comma-separated: passed on unchecked; any other key within two edits of a known\n"
          + "one (RACER_NVIDA) is an error",
      null);

  /** What a key's value is. */
  public enum Type {
    /** Any text; blank reads as unset. */
    TEXT,
    /** Exactly {@code "true"} or {@code "false"}. */
    TRUE_OR_FALSE,
    /** Comma-separated entries. */
    LIST
  }

  /**
   * How the Argo CD plugin announces the key as a parameter of an Application, which then sets it
   * over the folder's function config.
   *
   * @param title the parameter's title in the Argo CD UI
   * @param tooltip its tooltip, one paragraph
   * @param takes what a value of a parameter that chooses an image takes, for the error on a blank
   *     one; {@code null} for a parameter that chooses no image
   */
  public record Announcement(String title, String tooltip, String takes) {}

  private final String key;
  private final Type type;
  private final String defaultValue;
  private final String doc;
  private final String help;
  private final Announcement announcement;

  FunctionConfigKey(
      String key,
      Type type,
      String defaultValue,
      String doc,
      String help,
      Announcement announcement) {
    this.key = key;
    this.type = type;
    this.defaultValue = defaultValue;
    this.doc = doc;
    this.help = help;
    this.announcement = announcement;
  }

  /** The {@code data} key. */
  public String key() {
    return key;
  }

  /** What its value is. */
  public Type type() {
    return type;
  }

  /** The value an absent key means, or {@code null} when absent means unset. */
  public String defaultValue() {
    return defaultValue;
  }

  /** What docs/krm.md says of it (Markdown, one line). */
  public String doc() {
    return doc;
  }

  /** What {@code --help} says of it (plain text, its lines as they wrap). */
  public String help() {
    return help;
  }

  /**
   * The Argo CD parameter that sets it, or {@code null} when no Application may: the allow-lists
   * are the folder's own.
   */
  public Announcement announcement() {
    return announcement;
  }

  /** Every key's name, in the table's order. */
  public static List<String> names() {
    return Arrays.stream(values()).map(FunctionConfigKey::key).toList();
  }

  /** The keys an Application's parameter may set, in the table's order. */
  public static List<FunctionConfigKey> announced() {
    return Arrays.stream(values()).filter(each -> each.announcement() != null).toList();
  }
}
