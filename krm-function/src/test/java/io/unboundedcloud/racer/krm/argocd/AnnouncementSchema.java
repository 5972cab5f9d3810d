package io.unboundedcloud.racer.krm.argocd;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.workload.KubernetesSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The JSON schema of what a plugin's dynamic parameter command prints
 * (src/test/resources/argocd/parameter-announcements.schema.json, written from Argo CD's
 * ParameterAnnouncement type; its description says which file and versions), checked with ajv under
 * node ({@code tools/k8s-schema/json-schema.mjs}). Without node or the npm packages ({@code npm ci
 * --prefix tools/k8s-schema}, which the build runs when npm is there) the calling test is reported
 * skipped with one {@code SKIPPED} line, as {@link KubernetesSchema} does (it fails where CI
 * requires node).
 */
public final class AnnouncementSchema {
  private AnnouncementSchema() {}

  /** The problems ajv finds in {@code json}, one a line ("PATH: message"); empty when valid. */
  public static List<String> problems(String json) throws IOException, InterruptedException {
    Path tools = KubernetesSchema.requireInstalled();
    Path root = ArgoCdExample.repositoryRoot();
    assertThat(tools.resolve("node_modules/ajv"))
        .as("ajv, installed by npm ci --prefix tools/k8s-schema")
        .isDirectory();
    Path schema =
        root.resolve("krm-function/src/test/resources/argocd/parameter-announcements.schema.json");
    Path input = Files.createTempFile("announcements", ".json");
    try {
      Files.writeString(input, json, StandardCharsets.UTF_8);
      Process node =
          new ProcessBuilder(
                  HostCommand.find("node")
                      .orElseThrow(() -> new AssertionError("node not found"))
                      .toString(),
                  "json-schema.mjs",
                  schema.toString())
              .directory(tools.toFile())
              .redirectInput(input.toFile())
              .redirectError(ProcessBuilder.Redirect.INHERIT)
              .start();
      String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(node.waitFor(60, TimeUnit.SECONDS)).as("node json-schema.mjs finished").isTrue();
      assertThat(node.exitValue()).as("json-schema.mjs: %s", out).isIn(0, 1);
      assertThat(node.exitValue() == 0)
          .as("exit code agrees with %s", out)
          .isEqualTo(out.isEmpty());
      return out.lines().toList();
    } finally {
      Files.deleteIfExists(input);
    }
  }

  /** Fails unless {@code json} is a valid announcement array. */
  public static void assertValid(String json) throws IOException, InterruptedException {
    assertThat(problems(json)).as("schema problems of%n%s", json).isEmpty();
  }
}
