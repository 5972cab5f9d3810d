/**
 * The Racer dataplane, as objects: the Java twin of the Racer operator's Go package {@code
 * workload}, v0.19.0, which the Unbounded operator uses to build the dataplane DaemonSet. The rest
 * of the sources call it "the upstream {@code workload} package"; {@code docs/dataplane.md}
 * describes what it renders.
 *
 * <p>It owns the names, constants and builders of what gets deployed: {@link
 * io.unboundedcloud.racer.workload.Config} (the inputs and their validation), {@link
 * io.unboundedcloud.racer.workload.Dataplane} (the DaemonSet {@code racer}, its ServiceAccount, its
 * labels and default node affinity), {@link io.unboundedcloud.racer.workload.NodePlacement} (the
 * node scheduling constraints that cache origins copy) and {@link
 * io.unboundedcloud.racer.workload.CacheOrigin} (an origin DaemonSet). The settings catalog lives
 * in {@code workload.settings}; the table of the Helm chart's values, which both deliveries read,
 * in {@code workload.chart}, above this package (nothing here imports it).
 *
 * <p>It must never do I/O, read the environment or know how it is delivered (KRM function or Helm
 * chart): both deliveries call these builders, which is what makes their output equal.
 *
 * <h2>From the upstream {@code workload} package to Java</h2>
 *
 * <table>
 *   <caption>Every identifier of the Go package and its Java name</caption>
 *   <tr><th>Go ({@code workload})</th><th>Java</th></tr>
 *   <tr><td>{@code DataplaneDaemonSetName}</td><td>{@code Dataplane.DATAPLANE_DAEMON_SET_NAME}</td></tr>
 *   <tr><td>{@code ContainerName}</td><td>{@code Dataplane.CONTAINER_NAME}</td></tr>
 *   <tr><td>{@code ExclusionLabel}</td><td>{@code Dataplane.EXCLUSION_LABEL}</td></tr>
 *   <tr><td>{@code ControlTokenAudience}</td><td>{@code Dataplane.CONTROL_TOKEN_AUDIENCE}</td></tr>
 *   <tr><td>{@code ControlPort}</td><td>{@code Dataplane.CONTROL_PORT}</td></tr>
 *   <tr><td>{@code WebhookPort}</td><td>{@code Dataplane.WEBHOOK_PORT}</td></tr>
 *   <tr><td>{@code ControlSeatsKey}</td><td>{@code Dataplane.CONTROL_SEATS_KEY}</td></tr>
 *   <tr><td>{@code MaxControlSeats}</td><td>{@code Dataplane.MAX_CONTROL_SEATS}</td></tr>
 *   <tr><td>{@code APITokenPath}</td><td>{@code Dataplane.API_TOKEN_PATH}</td></tr>
 *   <tr><td>{@code NVIDIAKey}</td><td>{@code ShapeKeys.NVIDIA.name()}</td></tr>
 *   <tr><td>{@code CDIAnnotation}</td><td>{@code NvidiaInjection.CDI_ANNOTATION}</td></tr>
 *   <tr><td>{@code CDIAllGPUs}</td><td>{@code NvidiaInjection.CDI_ALL_GPUS}</td></tr>
 *   <tr><td>{@code CUFileLogDirectory}</td><td>{@code Dataplane.CUFILE_LOG_DIRECTORY}</td></tr>
 *   <tr><td>{@code CUFileLogSizeLimit}</td><td>{@code Dataplane.CUFILE_LOG_SIZE_LIMIT}</td></tr>
 *   <tr><td>{@code DataplaneMemoryRequest}</td><td>{@code Dataplane.DATAPLANE_MEMORY_REQUEST}</td></tr>
 *   <tr><td>{@code ErrInvalid}</td><td>{@link io.unboundedcloud.racer.workload.InvalidConfigurationException}</td></tr>
 *   <tr><td>{@code DaemonSet(c Config)}</td><td>{@code Dataplane.daemonSet(Config)}</td></tr>
 *   <tr><td>{@code DataplaneAffinity()}</td><td>{@code Dataplane.dataplaneAffinity()}</td></tr>
 *   <tr><td>{@code Labels()}</td><td>{@code Dataplane.labels()}</td></tr>
 *   <tr><td>{@code Config}</td><td>{@link io.unboundedcloud.racer.workload.Config} (a record)</td></tr>
 *   <tr><td>{@code DefaultConfig(namespace, dataplaneImage, objectImage)}</td><td>{@code Config.defaultConfig(...)}</td></tr>
 *   <tr><td>{@code Config.Validate()}</td><td>{@code Config.validate()}</td></tr>
 *   <tr><td>{@code NVIDIAInjection}, {@code NVIDIAOff|Env|CDI}</td><td>{@link io.unboundedcloud.racer.workload.NvidiaInjection} {@code OFF|ENV|CDI}</td></tr>
 *   <tr><td>{@code NodePlacement}</td><td>{@link io.unboundedcloud.racer.workload.NodePlacement} (a record)</td></tr>
 *   <tr><td>{@code PlacementOf(pod *corev1.PodSpec)}</td><td>{@code NodePlacement.placementOf(PodSpec)}</td></tr>
 * </table>
 *
 * Not in the upstream {@code workload} package, ours: the ServiceAccount ({@code
 * Dataplane.serviceAccount(Config)}), the settings-hash annotation, the racer-settings keys read
 * into a {@code Config} (the table {@link io.unboundedcloud.racer.workload.shape.ShapeKeys}, read
 * by {@code Config.fromSettings}), the name rule {@link io.unboundedcloud.racer.workload.DnsLabel},
 * {@link io.unboundedcloud.racer.workload.CacheOrigin}, and the settings catalog.
 */
package io.unboundedcloud.racer.workload;
