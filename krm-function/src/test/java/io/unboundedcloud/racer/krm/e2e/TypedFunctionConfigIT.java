package io.unboundedcloud.racer.krm.e2e;

import static io.unboundedcloud.racer.krm.e2e.OutputObjects.at;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * examples/typed, whose function config is the typed RacerFunctionConfig, run by the real tools:
 * kustomize as a {@code transformers:} entry (its image through the docker stand-in), {@code kpt fn
 * eval --fn-config} and {@code kpt fn render} of a Kptfile that names it with {@code configPath:}.
 * Each renders the dataplane with the images the typed config names; a field of the wrong type
 * fails the tool with the field's message.
 */
@DisplayName("kustomize and kpt run the function with the typed function config")
class TypedFunctionConfigIT {
  private static final String IMAGE = "registry.example.com/racer/racer-dataplane:0.19.0";

  private static String dataplaneImage(List<Map<String, Object>> objects) {
    Map<String, Object> daemonSet = OutputObjects.one(objects, "DaemonSet", "racer", "racer");
    return (String) at(OutputObjects.dataplaneContainer(daemonSet), "image");
  }

  @Test
  @DisplayName("kubectl kustomize: the typed object declares the transformer and configures it")
  void kustomize(@TempDir Path work) {
    String skip = Tool.missing("kubectl", "the typed function config with kustomize");
    if (skip == null) {
      String unavailable = DockerStandin.unavailableReason();
      skip =
          unavailable == null ? null : unavailable + " (the typed function config with kustomize)";
    }
    Tool.announceSkip(skip);
    Tool.skipIf(skip);
    DockerStandin docker = DockerStandin.install(work, Repository.function());
    Path dir = PackageFiles.copy(Repository.examples("typed/kustomize"), work.resolve("kustomize"));
    Tool.Run run =
        Tool.run(work, docker.bin, "kubectl", "kustomize", "--enable-alpha-plugins", dir.toString())
            .succeeded();
    List<Map<String, Object>> objects = PackageFiles.objects(run.stdout());
    assertThat(OutputObjects.identities(objects))
        .contains("DaemonSet racer/racer", "ServiceAccount racer/racer");
    assertThat(dataplaneImage(objects)).isEqualTo(IMAGE);
  }

  @Test
  @DisplayName("kpt fn eval --fn-config and kpt fn render with configPath: the same package")
  void kpt(@TempDir Path work) {
    String skip = Tool.missing("kpt", "the typed function config with kpt");
    Tool.announceSkip(skip);
    Tool.skipIf(skip);
    Path function = Repository.function();
    Path eval = PackageFiles.copy(Repository.examples("typed/kpt"), work.resolve("eval"));
    Tool.run(
            work,
            null,
            "kpt",
            "fn",
            "eval",
            eval.toString(),
            "--exec",
            function.toString(),
            "--fn-config",
            eval.resolve("racer-function.yaml").toString())
        .succeeded();
    Path render = PackageFiles.copy(Repository.examples("typed/kpt"), work.resolve("render"));
    String kptfile = PackageFiles.read(render.resolve("Kptfile"));
    String image = "- image: " + Repository.FUNCTION_IMAGE;
    assertThat(kptfile).containsOnlyOnce(image).contains("configPath: racer-function.yaml");
    PackageFiles.write(render.resolve("Kptfile"), kptfile.replace(image, "- exec: " + function));
    Tool.run(work, null, "kpt", "fn", "render", render.toString(), "--allow-exec").succeeded();

    Map<String, String> evaluated = PackageFiles.snapshot(eval);
    Map<String, String> rendered = PackageFiles.snapshot(render);
    String daemonSet = "racer/daemonset_racer.yaml";
    assertThat(dataplaneImage(PackageFiles.objectsInFile(evaluated.get(daemonSet))))
        .isEqualTo(IMAGE);
    assertThat(rendered.get(daemonSet)).isEqualTo(evaluated.get(daemonSet));
    assertThat(rendered.get("racer-function.yaml"))
        .as("the typed config, kept as it was")
        .isEqualTo(
            PackageFiles.read(Repository.examples("typed/kpt").resolve("racer-function.yaml")));
  }

  @Test
  @DisplayName("kpt fn eval --fn-config with strict as a string: fails, naming the field")
  void wrongType(@TempDir Path work) {
    String skip = Tool.missing("kpt", "the typed function config with kpt");
    Tool.announceSkip(skip);
    Tool.skipIf(skip);
    Path dir = PackageFiles.copy(Repository.examples("typed/kpt"), work.resolve("wrong"));
    Path config = dir.resolve("racer-function.yaml");
    PackageFiles.write(
        config, PackageFiles.read(config).replace("strict: true", "strict: \"true\""));
    Tool.Run run =
        Tool.run(
            work,
            null,
            "kpt",
            "fn",
            "eval",
            dir.toString(),
            "--exec",
            Repository.function().toString(),
            "--fn-config",
            config.toString());
    assertThat(run.exit()).as("%s", run.stderr()).isNotZero();
    assertThat(run.stdout() + run.stderr())
        .contains("strict is the string \"true\": it takes a boolean");
  }
}
