package io.unboundedcloud.racer.krm;

import io.unboundedcloud.racer.krm.cli.Command;
import io.unboundedcloud.racer.krm.cli.ProcessEnvironment;

/** The racer-krm command: a KRM function on stdin and stdout, or {@code render PATH...}. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    int exit = Command.run(args, System.in, System.out, System.err, ProcessEnvironment.current());
    System.out.flush();
    System.err.flush();
    // a plain return ends with status 0 and spares System.exit's logger lookup (about 10 ms at
    // start-up)
    if (exit != 0) {
      System.exit(exit);
    }
  }
}
