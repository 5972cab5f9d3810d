/**
 * End-to-end tests: the packaged function ({@code krm-function/target/racer-krm}) run by the real
 * tools on copies of {@code examples/kustomize} and {@code examples/kpt}, as a user would run them;
 * the README's own commands, as written ({@code ReadmeCommandsIT}); and the messages a kustomize
 * user reads on bad input ({@code KustomizeMessagesIT}, through the runtime's {@code docker}
 * stand-in). {@code kubectl kustomize} and {@code kpt fn render} run the function's container image
 * through the docker stand-in ({@code src/test/sh/docker-standin}); {@code kpt fn eval --exec} and
 * {@code kpt fn render --allow-exec} run the launcher directly.
 *
 * <p>Never runs a tool on the checkout's own examples (kpt rewrites a package in place), and never
 * passes when a tool is missing: each test class then prints one {@code SKIPPED: ...} line and its
 * tests are reported skipped.
 */
package io.unboundedcloud.racer.krm.e2e;
