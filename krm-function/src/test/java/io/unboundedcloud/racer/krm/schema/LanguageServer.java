package io.unboundedcloud.racer.krm.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.krm.argocd.HostCommand;
import io.unboundedcloud.racer.workload.KubernetesSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Assumptions;

/**
 * The YAML language server an editor runs (npm {@code yaml-language-server}, pinned by
 * tools/k8s-schema/package.json), driven over its stdio protocol by {@code
 * tools/k8s-schema/yaml-ls.mjs}: the diagnostics it publishes for files, each checked with the
 * schema its modeline names, and the completions it offers. Without node or the package, the
 * calling test is reported skipped with one {@code SKIPPED} line; where {@value
 * KubernetesSchema#REQUIRED_VARIABLE}{@code =1} (CI), it fails instead.
 */
final class LanguageServer {
  private static final AtomicBoolean SKIP_SAID = new AtomicBoolean();
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One diagnostic: its line (from 0) and message. */
  record Diagnostic(int line, String message) {}

  /** A place to ask for completions at, lines and characters from 0. */
  record Place(Path file, int line, int character) {}

  /** One completion offered: its label and documentation. */
  record Completion(String label, String documentation) {}

  /** What the server answered. */
  record Answer(Map<Path, List<Diagnostic>> diagnostics, List<List<Completion>> completions) {}

  private LanguageServer() {}

  static Answer ask(List<Path> files, List<Place> places) throws IOException, InterruptedException {
    Path tools = tools();
    Map<String, Object> request = new LinkedHashMap<>();
    request.put(
        "files", files.stream().map(f -> f.toAbsolutePath().normalize().toString()).toList());
    List<Map<String, Object>> at = new ArrayList<>();
    for (Place place : places) {
      at.add(
          Map.of(
              "file",
              place.file().toAbsolutePath().normalize().toString(),
              "line",
              place.line(),
              "character",
              place.character()));
    }
    request.put("completions", at);
    Path input = Files.createTempFile("yaml-ls", ".json");
    try {
      Files.writeString(input, JSON.writeValueAsString(request), StandardCharsets.UTF_8);
      Process node =
          new ProcessBuilder(HostCommand.find("node").orElseThrow().toString(), "yaml-ls.mjs")
              .directory(tools.toFile())
              .redirectInput(input.toFile())
              .redirectError(ProcessBuilder.Redirect.INHERIT)
              .start();
      String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!node.waitFor(180, TimeUnit.SECONDS)) {
        node.destroyForcibly();
        throw new AssertionError("yaml-ls.mjs did not finish within 180 s");
      }
      if (node.exitValue() != 0) {
        throw new AssertionError("yaml-ls.mjs exited " + node.exitValue() + ": " + out);
      }
      return answer(JSON.readTree(out), files);
    } finally {
      Files.deleteIfExists(input);
    }
  }

  private static Answer answer(JsonNode root, List<Path> files) {
    Map<Path, List<Diagnostic>> diagnostics = new LinkedHashMap<>();
    for (Path file : files) {
      List<Diagnostic> found = new ArrayList<>();
      for (JsonNode d :
          root.path("diagnostics").path(file.toAbsolutePath().normalize().toString())) {
        found.add(new Diagnostic(d.path("line").asInt(), d.path("message").asText()));
      }
      diagnostics.put(file, found);
    }
    List<List<Completion>> completions = new ArrayList<>();
    for (JsonNode list : root.path("completions")) {
      List<Completion> items = new ArrayList<>();
      list.forEach(
          item ->
              items.add(
                  new Completion(
                      item.path("label").asText(), item.path("documentation").asText())));
      completions.add(items);
    }
    return new Answer(diagnostics, completions);
  }

  /** tools/k8s-schema with the server installed; skips or fails the calling test otherwise. */
  private static Path tools() {
    String missing = null;
    Path tools = SchemaFiles.ROOT.resolve("tools/k8s-schema").toAbsolutePath().normalize();
    if (HostCommand.find("node").isEmpty()) {
      missing = "node is not on the PATH";
    } else if (!Files.isRegularFile(
        tools.resolve("node_modules/yaml-language-server/package.json"))) {
      missing =
          "yaml-language-server is not installed (no "
              + tools.resolve("node_modules/yaml-language-server")
              + ")";
    }
    if (missing != null) {
      String why =
          "the YAML language server is not available: "
              + missing
              + ". Install Node.js and npm, and run `"
              + KubernetesSchema.INSTALL_COMMAND
              + "` at the repository root (`mvn verify` runs it when npm is there).";
      if ("1".equals(System.getenv(KubernetesSchema.REQUIRED_VARIABLE))) {
        throw new AssertionError(
            why + " (" + KubernetesSchema.REQUIRED_VARIABLE + "=1: required here)");
      }
      if (SKIP_SAID.compareAndSet(false, true)) {
        System.out.println("SKIPPED: the editor schema tests: " + why);
      }
      Assumptions.abort(why);
    }
    return tools;
  }
}
