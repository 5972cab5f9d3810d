package io.unboundedcloud.racer.krm.argocd;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** The files of {@code examples/argocd}, read as plain YAML trees (maps, lists, strings). */
final class ArgoCdExample {
  private ArgoCdExample() {}

  /** The repository root: Maven runs the tests in {@code krm-function/}. */
  static Path repositoryRoot() {
    Path root = Path.of("").toAbsolutePath().getParent();
    if (root == null || !Files.isDirectory(root.resolve("examples/argocd"))) {
      throw new IllegalStateException("no examples/argocd beside " + Path.of("").toAbsolutePath());
    }
    return root;
  }

  static Path dir() {
    return repositoryRoot().resolve("examples/argocd");
  }

  /** The app folder the example Application points at. */
  static Path app() {
    return dir().resolve("app");
  }

  static Map<String, Object> plugin() {
    return read(dir().resolve("plugin.yaml"));
  }

  static Map<String, Object> application() {
    return read(dir().resolve("application.yaml"));
  }

  /** A file holding one YAML document. */
  static Map<String, Object> read(Path file) {
    try {
      return new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The value at a path of map keys, or null when a step is missing. */
  @SuppressWarnings("unchecked")
  static <T> T at(Object tree, String... keys) {
    Object node = tree;
    for (String key : keys) {
      if (!(node instanceof Map<?, ?> map)) {
        return null;
      }
      node = map.get(key);
    }
    return (T) node;
  }

  /** The generate command as Argo CD's plugin server runs it: spec.generate.command, then .args. */
  static List<String> generateCommand(Map<String, Object> plugin) {
    return command(at(plugin, "spec", "generate"));
  }

  /** The dynamic parameter command as the plugin server runs it: its command, then its args. */
  static List<String> announceCommand(Map<String, Object> plugin) {
    return command(at(plugin, "spec", "parameters", "dynamic"));
  }

  /** A plugin.yaml command ({command, args}) as argv: the command, then the args. */
  private static List<String> command(Object spec) {
    List<String> command = new ArrayList<>();
    List<String> executable = at(spec, "command");
    List<String> args = at(spec, "args");
    if (executable != null) {
      command.addAll(executable);
    }
    if (args != null) {
      command.addAll(args);
    }
    return command;
  }

  /**
   * The name an Application uses for a plugin: metadata.name, or name-version when spec.version is
   * set.
   */
  static String applicationPluginName(Map<String, Object> plugin) {
    String name = at(plugin, "metadata", "name");
    Object version = at(plugin, "spec", "version");
    return version == null || version.toString().isEmpty() ? name : name + "-" + version;
  }
}
