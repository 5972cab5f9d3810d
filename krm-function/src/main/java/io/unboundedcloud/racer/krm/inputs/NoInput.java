package io.unboundedcloud.racer.krm.inputs;

/**
 * The message for a run that got no objects to work on (no items, or only function configs, which
 * kustomize passes along): racer-settings is missing because nothing is there, not because it was
 * left out.
 */
final class NoInput {
  static final String MESSAGE =
      "the input holds no objects to work on (none, or only function configs), so no ConfigMap named"
          + " racer-settings: give the function racer-settings"
          + " (its data are the dataplane's settings, its namespace is the installation namespace) with the"
          + " objects it works on: in kustomize under resources: or from a configMapGenerator, in kpt as a"
          + " file of the package, in racer-krm render as a file among the paths";

  private NoInput() {}
}
