/**
 * Coverage-guided fuzz tests (Jazzer, JUnit 5 {@code @FuzzTest}) of everything that reads what a
 * user or an orchestrator sends: the ResourceList reader, function mode end to end, render mode's
 * manifest stream reader, the settings validation, and the Argo CD Application's parameters over a
 * folder's racer-settings and function config (within the folder's allow-lists). Each target states
 * the invariants every input must keep: no exception but the documented input errors; on an error,
 * every input item in the output unchanged; on success, the function's own output rendered again
 * changes nothing; time and memory within {@code YamlLimits}.
 *
 * <p>In every build the targets run in regression mode: on the empty input and on the inputs under
 * {@code src/test/resources/io/unboundedcloud/racer/krm/fuzz/<Class>Inputs/} (the golden inputs and
 * the captured kustomize and kpt traffic as links, plus every input a campaign ever found). A
 * campaign (fuzzing mode) runs one target at a time: {@code
 * krm-function/src/test/fuzz/campaign.sh}.
 */
package io.unboundedcloud.racer.krm.fuzz;
