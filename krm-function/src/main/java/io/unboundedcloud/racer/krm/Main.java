package io.unboundedcloud.racer.krm;

import io.unboundedcloud.racer.krm.cli.Command;
import io.unboundedcloud.racer.krm.cli.ProcessEnvironment;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** The racer-krm command: a KRM function on stdin and stdout, or {@code render PATH...}. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    // messages quote values as written: UTF-8 whatever the locale (the Argo CD sidecar and a bare
    // container have none, and the JVM would print '?' for every character beyond ASCII)
    System.setErr(
        new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8));
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
