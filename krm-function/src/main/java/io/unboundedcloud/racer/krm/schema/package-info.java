/**
 * The JSON Schemas of the files a user writes by hand for the function: racer-settings, the
 * function config (the ConfigMap form and the typed {@code RacerFunctionConfig}) and an Argo CD
 * Application's or ApplicationSet's plugin parameters. Each is generated from the tables the
 * function reads with: the settings catalog (each key's {@code Rule#jsonSchema}, the one generator
 * of a value's schema, which the chart's values.schema.json uses too), {@link
 * io.unboundedcloud.racer.krm.inputs.FunctionConfigKey} and the parameter names of {@code
 * krm.parameters}. {@code racer-krm schema NAME} prints them; the committed copies under {@code
 * schemas/} are these texts, a test fails when one is stale.
 *
 * <p>An editor's schema is advice: the function stays the judge. What a schema cannot state (rules
 * across keys, a registry's length once the repository is appended) its description says; it never
 * accepts less than the function does, except where a description says so. Nothing here reads input
 * or writes files.
 */
package io.unboundedcloud.racer.krm.schema;
