package io.unboundedcloud.racer.krm.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A file that says how to build a folder, not an object to read: a kustomization, a kpt package's
 * Kptfile, a Helm chart's Chart.yaml. racer-krm does not build them; each names the tool that does,
 * and how racer-krm takes part in it.
 */
enum BuildFile {
  KUSTOMIZATION(
      List.of("kustomization.yaml", "kustomization.yml", "Kustomization"),
      "a kustomization: its patches and generators are not applied; build it with kubectl"
          + " kustomize --enable-alpha-plugins, racer-krm listed under its transformers: (README,"
          + " \"kustomize\")"),
  KPTFILE(
      List.of("Kptfile"),
      "a kpt package's Kptfile: its pipeline does not run; run it with kpt fn render PACKAGE"
          + " (racer-krm among the Kptfile's mutators), or run racer-krm on the package with kpt fn"
          + " eval PACKAGE --exec racer-krm -- imageRegistry=REGISTRY (README, \"kpt\")"),
  HELM_CHART(
      List.of("Chart.yaml"),
      "a Helm chart: its templates are not manifests until Helm renders them; render it with helm"
          + " template RELEASE CHART --namespace NAMESPACE, and check the output with racer-krm"
          + " verify (README, \"Helm\")");

  private final List<String> names;
  private final String advice;

  BuildFile(List<String> names, String advice) {
    this.names = names;
    this.advice = advice;
  }

  /** The build file {@code file} is, by its name. */
  static Optional<BuildFile> of(Path file) {
    String name = file.getFileName() == null ? "" : file.getFileName().toString();
    for (BuildFile kind : values()) {
      if (kind.names.contains(name)) {
        return Optional.of(kind);
      }
    }
    return Optional.empty();
  }

  /** Every build file's names. */
  static List<String> allNames() {
    return java.util.Arrays.stream(values()).flatMap(kind -> kind.names.stream()).toList();
  }

  /**
   * Whether a folder holding it cannot be read at all: a chart's templates are Go templates, not
   * YAML objects; a kustomization's and a package's files are objects and are read.
   */
  boolean refusesFolder() {
    return this == HELM_CHART;
  }

  /** What it is and what to do instead, after "FILE is ". */
  String advice() {
    return advice;
  }
}
