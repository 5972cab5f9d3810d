package io.unboundedcloud.racer.krm;

import io.unboundedcloud.racer.krm.cli.Command;

/** The racer-krm command: a KRM function on stdin and stdout, or {@code render PATH...}. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.exit(Command.run(args, System.in, System.out, System.err));
  }
}
