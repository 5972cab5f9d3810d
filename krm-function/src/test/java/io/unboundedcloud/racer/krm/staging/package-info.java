/**
 * Test support: the built product (the plain launcher with its jars, the assembled runtime, the
 * examples) copied into a folder of the tests' own that every user can read and search, for the
 * tests that run it as another uid (65534 as a container runtime runs a function, 999 as Argo CD's
 * sidecar).
 *
 * <p>The checkout itself may lie under a folder only its owner can enter (root's home, {@code
 * mktemp -d}, a CI runner's workspace), so those tests never run anything from the checkout. This
 * package only copies; it never changes what it copies, and the copy is removed when the test JVM
 * ends.
 */
package io.unboundedcloud.racer.krm.staging;
