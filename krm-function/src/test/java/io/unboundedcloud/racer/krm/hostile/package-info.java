/**
 * What an attacker puts into an environment that reaches racer-krm (a kustomization's {@code
 * envs:}, a launcher's environment), made real for the tests that prove it runs nothing: a script
 * the JVM would run on its first OutOfMemoryError, a library whose constructor the dynamic loader
 * would run, and the marker file each writes when it does run ({@link HostilePayload}).
 */
package io.unboundedcloud.racer.krm.hostile;
