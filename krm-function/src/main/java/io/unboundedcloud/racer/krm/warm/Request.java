package io.unboundedcloud.racer.krm.warm;

import io.unboundedcloud.racer.krm.cli.ProcessEnvironment;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a client asks for, as {@link Wire} reads it: the command line, the folder it runs in, its
 * environment (decoded as a cold run decodes its own, {@link ProcessEnvironment#of}) and how many
 * bytes of stdin follow.
 */
record Request(
    List<String> arguments, Path workingDirectory, Map<String, String> environment, int stdin) {

  /** Reads the request up to stdin; refuses one that is malformed or larger than allowed. */
  static Request read(DataInputStream in) throws IOException {
    Wire.magic(in);
    int room = Wire.MAX_STRINGS;
    byte[] folder = Wire.bytes(in, room);
    room -= folder.length;
    Path workingDirectory = Path.of(new String(folder, StandardCharsets.UTF_8));
    if (!workingDirectory.isAbsolute()) {
      throw new IOException("a working directory that is not absolute");
    }
    int argc = Wire.count(in);
    List<String> arguments = new ArrayList<>(argc);
    for (int i = 0; i < argc; i++) {
      byte[] argument = Wire.bytes(in, room);
      room -= argument.length;
      arguments.add(new String(argument, StandardCharsets.UTF_8));
    }
    int envc = Wire.count(in);
    ByteArrayOutputStream environ = new ByteArrayOutputStream();
    for (int i = 0; i < envc; i++) {
      byte[] entry = Wire.bytes(in, room);
      room -= entry.length;
      environ.write(entry);
      environ.write(0);
    }
    int stdin = in.readInt();
    if (stdin < 0) {
      throw new IOException("stdin of " + Integer.toUnsignedString(stdin) + " bytes");
    }
    return new Request(
        List.copyOf(arguments),
        workingDirectory,
        ProcessEnvironment.of(environ.toByteArray()),
        stdin);
  }
}
