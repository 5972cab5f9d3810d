package io.unboundedcloud.racer.krm.warm;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The commands the renderer runs: those of the Argo CD plugin and of kustomize's and kpt's
 * container calls (the function on stdin, {@code render}, {@code verify}, {@code announce}). Any
 * other (diff, adopt, which writes files, help, completion) runs cold, without a word.
 */
final class Served {
  private static final Set<String> COMMANDS = Set.of("", "render", "verify", "announce");

  private Served() {}

  /** Whether a command line is one the renderer runs. */
  static boolean serves(List<String> arguments) {
    List<String> rest = new ArrayList<>(arguments);
    rest.removeIf("--stack"::equals);
    return COMMANDS.contains(rest.isEmpty() ? "" : rest.get(0));
  }
}
