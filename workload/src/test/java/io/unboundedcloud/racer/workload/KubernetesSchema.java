package io.unboundedcloud.racer.workload;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;

/**
 * Test support: validates rendered Kubernetes objects against the Kubernetes OpenAPI schema by
 * running {@code tools/k8s-schema/validate.mjs} (node + the npm package {@code kubernetes-models}).
 *
 * <p>The validator checks required properties, JSON types (a string where an integer belongs, an
 * object where a string belongs, int32 range), enum values and a few formats, and rejects kinds it
 * has no schema for and alpha/beta apiVersions. It does <em>not</em> reject unknown (misspelt)
 * fields, nor does it run the API server's semantic validation (name syntax, selector vs. template
 * labels, port ranges, ...).
 *
 * <p>Validate many objects in one call: each call starts one node process (about 0.1 to 0.3 s).
 *
 * <p>There is no silent pass: when node or the npm packages are missing, a test that needs the
 * validator is reported skipped (JUnit's abort), and the first such test prints one {@code SKIPPED:
 * ...} line saying how to install them ({@value #INSTALL_COMMAND}, run at the repository root).
 * Where the environment says the validator is required ({@value #REQUIRED_VARIABLE}{@code =1},
 * which CI sets), it fails instead.
 */
public final class KubernetesSchema {

  /** The command, run at the repository root, that installs the validator (CI runs it). */
  public static final String INSTALL_COMMAND = "npm ci --prefix tools/k8s-schema";

  /** The environment variable that turns a missing validator from a skip into a failure. */
  public static final String REQUIRED_VARIABLE = "RACER_REQUIRE_NODE";

  private static final AtomicBoolean SKIP_SAID = new AtomicBoolean();
  private static final String TOOL_DIR = "tools/k8s-schema";
  private static final String SCRIPT = "validate.mjs";
  private static final String JSON_SCHEMA_SCRIPT = "validate-json-schema.mjs";
  private static final long TIMEOUT_SECONDS = 120;

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final TypeReference<Map<String, Object>> PLAIN_MAP = new TypeReference<>() {};

  private KubernetesSchema() {}

  /** What the validator says about one object. {@code error} is null when {@code ok}. */
  public record Result(int index, String kind, String name, boolean ok, String error) {
    @Override
    public String toString() {
      String what =
          "[" + index + "] " + (kind == null ? "?" : kind) + " " + (name == null ? "?" : name);
      return ok ? what + ": ok" : what + ": " + error;
    }
  }

  /** True when node is on the PATH and {@value #INSTALL_COMMAND} has been run. */
  public static boolean available() {
    return node().isPresent() && toolDir().map(KubernetesSchema::installed).orElse(false);
  }

  /**
   * Fails, listing every invalid object with its failing paths, unless every object matches the
   * Kubernetes OpenAPI schema of its apiVersion and kind. Also fails when the validator is not
   * installed and required, and skips the calling test when it is not installed.
   */
  public static void assertValid(List<Map<String, Object>> objects) {
    List<Result> results = validate(objects);
    List<Result> failures = results.stream().filter(r -> !r.ok()).toList();
    if (!failures.isEmpty()) {
      throw new AssertionError(
          failures.size()
              + " of "
              + objects.size()
              + " Kubernetes objects do not match the Kubernetes OpenAPI schema:\n  "
              + failures.stream().map(Result::toString).collect(Collectors.joining("\n  ")));
    }
  }

  /**
   * Runs the validator once over all objects and returns one result per object, in order. Fails
   * (with an {@link AssertionError}) when the validator does not run properly; skips the calling
   * test when it is not installed (see the class comment).
   */
  public static List<Result> validate(List<Map<String, Object>> objects) {
    return run(objects, SCRIPT);
  }

  /**
   * Fails, listing every document that does not match with its failing paths, unless every document
   * matches the JSON Schema (draft-07) in {@code schemaFile}, a path from the repository's root;
   * run by {@code validate-json-schema.mjs} (ajv) beside the Kubernetes validator.
   */
  public static void assertMatchesJsonSchema(String schemaFile, List<?> documents) {
    Path schema = requireInstalled().getParent().getParent().resolve(schemaFile);
    List<Result> failures =
        run(documents, JSON_SCHEMA_SCRIPT, schema.toString()).stream()
            .filter(r -> !r.ok())
            .toList();
    if (!failures.isEmpty()) {
      throw new AssertionError(
          failures.size()
              + " of "
              + documents.size()
              + " documents do not match "
              + schemaFile
              + ":\n  "
              + failures.stream().map(Result::toString).collect(Collectors.joining("\n  ")));
    }
  }

  /** Runs a validator script of the tool folder over the documents, one result each. */
  private static List<Result> run(List<?> documents, String script, String... args) {
    Path dir = requireInstalled();
    byte[] input;
    try {
      input = MAPPER.writeValueAsBytes(documents);
    } catch (IOException e) {
      throw new AssertionError("cannot serialize the objects to JSON: " + e, e);
    }
    List<String> command = new ArrayList<>(List.of(node().orElseThrow().toString(), script));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
    Process process;
    try {
      process = pb.start();
    } catch (IOException e) {
      throw new AssertionError("cannot start node " + script + " in " + dir + ": " + e, e);
    }
    CompletableFuture<byte[]> stdout = readAsync(process.getInputStream());
    CompletableFuture<byte[]> stderr = readAsync(process.getErrorStream());
    int exit;
    try {
      try (OutputStream in = process.getOutputStream()) {
        in.write(input);
      }
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new AssertionError(
            "node " + script + " did not finish within " + TIMEOUT_SECONDS + " s");
      }
      exit = process.exitValue();
      String out = new String(stdout.get(), StandardCharsets.UTF_8);
      String err = new String(stderr.get(), StandardCharsets.UTF_8);
      return parse(documents.size(), exit, out, err, script);
    } catch (IOException e) {
      process.destroyForcibly();
      throw new AssertionError("cannot talk to node " + script + ": " + e, e);
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while waiting for node " + script, e);
    } catch (ExecutionException e) {
      throw new AssertionError("cannot read the output of node " + script + ": " + e.getCause(), e);
    }
  }

  /**
   * Converts a fabric8 model object (or any Jackson-serializable object) to plain maps and lists.
   */
  public static Map<String, Object> toPlain(Object fabric8Object) {
    return MAPPER.convertValue(fabric8Object, PLAIN_MAP);
  }

  private static List<Result> parse(int expected, int exit, String out, String err, String script) {
    String context = "\nexit code " + exit + "\nstdout:\n" + out + "\nstderr:\n" + err;
    if (exit != 0 && exit != 1) {
      throw new AssertionError("node " + script + " failed" + context);
    }
    List<Result> results = new ArrayList<>();
    for (String line : out.split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      JsonNode node;
      try {
        node = MAPPER.readTree(line);
      } catch (IOException e) {
        throw new AssertionError(
            "node " + script + " printed a line that is not JSON: " + line + context, e);
      }
      results.add(
          new Result(
              node.path("index").asInt(-1),
              text(node, "kind"),
              text(node, "name"),
              node.path("ok").asBoolean(false),
              text(node, "error")));
    }
    boolean indexesMatch = results.size() == expected;
    for (int i = 0; indexesMatch && i < results.size(); i++) {
      indexesMatch = results.get(i).index() == i;
    }
    if (!indexesMatch) {
      // e.g. the input itself was refused (index -1): report what the validator said.
      throw new AssertionError(
          "node "
              + script
              + " did not report one result per object (expected "
              + expected
              + ")"
              + context);
    }
    boolean allOk = results.stream().allMatch(Result::ok);
    if (allOk != (exit == 0)) {
      throw new AssertionError(
          "node " + script + " exit code disagrees with its results" + context);
    }
    return results;
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? null : value.asText();
  }

  private static CompletableFuture<byte[]> readAsync(InputStream stream) {
    return CompletableFuture.supplyAsync(
        () -> {
          try (stream;
              ByteArrayOutputStream buffer = new ByteArrayOutputStream()) {
            stream.transferTo(buffer);
            return buffer.toByteArray();
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }

  /**
   * The tool folder; when the validator is not installed, aborts the calling test (reported
   * skipped, one {@code SKIPPED} line per run) or, where it is required, fails.
   */
  public static Path requireInstalled() {
    Optional<Path> dir = toolDir();
    String missing = null;
    if (dir.isEmpty()) {
      missing =
          "no directory "
              + TOOL_DIR
              + " found in "
              + Paths.get("").toAbsolutePath()
              + " or above it";
    } else if (node().isEmpty()) {
      missing = "node is not on the PATH (" + System.getenv("PATH") + ")";
    } else if (!installed(dir.get())) {
      missing =
          "the npm packages are not installed (no "
              + dir.get().resolve("node_modules/kubernetes-models")
              + ")";
    }
    if (missing != null) {
      String why =
          "Kubernetes schema validation is not available: "
              + missing
              + ". Install Node.js (22 or later) and npm, and run `"
              + INSTALL_COMMAND
              + "` at the repository root (`mvn verify` runs it when npm is there).";
      if ("1".equals(System.getenv(REQUIRED_VARIABLE))) {
        throw new AssertionError(why + " (" + REQUIRED_VARIABLE + "=1: required here)");
      }
      if (SKIP_SAID.compareAndSet(false, true)) {
        System.out.println(
            "SKIPPED: the tests that validate against the Kubernetes schema: " + why);
      }
      Assumptions.abort(why);
    }
    return dir.get();
  }

  private static boolean installed(Path dir) {
    return Files.isRegularFile(dir.resolve(SCRIPT))
        && Files.isRegularFile(dir.resolve("node_modules/kubernetes-models/package.json"));
  }

  /** tools/k8s-schema of the repository: found by walking up from the working directory. */
  private static Optional<Path> toolDir() {
    for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve(TOOL_DIR);
      if (Files.isDirectory(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  private static Optional<Path> node() {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    boolean windows = System.getProperty("os.name", "").toLowerCase().startsWith("windows");
    for (String entry : path.split(java.io.File.pathSeparator)) {
      if (entry.isEmpty()) {
        continue;
      }
      for (String name : windows ? List.of("node.exe", "node") : List.of("node")) {
        Path candidate;
        try {
          candidate = Paths.get(entry, name);
        } catch (java.nio.file.InvalidPathException e) {
          continue;
        }
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    return Optional.empty();
  }
}
