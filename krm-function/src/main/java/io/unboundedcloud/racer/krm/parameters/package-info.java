/**
 * The Argo CD Application's parameters ({@code spec.source.plugin.parameters}), which the plugin
 * server hands every command as the JSON array {@code ARGOCD_APP_PARAMETERS}: read and checked
 * ({@link io.unboundedcloud.racer.krm.parameters.ParametersJson}), named ({@link
 * io.unboundedcloud.racer.krm.parameters.ParameterNames}), held within what the folder's function
 * config allows ({@link io.unboundedcloud.racer.krm.parameters.ParameterLimits}: {@code
 * allowedParameters}, and {@code allowedRegistries} for the images; racer-settings keys of the
 * catalog only, values in UTF-8, whatever the folder says), told apart from the folder's own values
 * in results ({@link io.unboundedcloud.racer.krm.parameters.ParameterAttribution}), and announced
 * to the Argo CD UI ({@link io.unboundedcloud.racer.krm.parameters.Announcements}).
 *
 * <p>Parameters only override: {@code krm.inputs} applies them where it reads racer-settings and
 * the function config, so every value a parameter sets passes the checks of the key it sets.
 * Nothing here reads the environment, a file or the ResourceList: the command line hands the JSON
 * in.
 */
package io.unboundedcloud.racer.krm.parameters;
