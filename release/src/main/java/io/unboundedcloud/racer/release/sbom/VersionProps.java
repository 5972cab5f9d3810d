package io.unboundedcloud.racer.release.sbom;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The system properties a runtime's java takes from java.lang.VersionProps, whose string constants
 * the build of that JDK filled in: read from its jre/lib/modules through the jrt file system of
 * that runtime (any platform's: the image format is the same), not by running it.
 * java.vendor.version is set in its static initializer, not as a constant, and java.vm.name comes
 * from libjvm: neither is read.
 */
final class VersionProps {
  private VersionProps() {}

  private static final Map<String, String> FIELDS =
      Map.of(
          "java_version", "java.version",
          "java_runtime_name", "java.runtime.name",
          "java_runtime_version", "java.runtime.version",
          "java_version_date", "java.version.date",
          "VENDOR", "java.vendor");

  static Map<String, String> of(Path jre) throws IOException {
    byte[] bytes;
    try (FileSystem modules =
        FileSystems.newFileSystem(
            URI.create("jrt:/"), Map.of("java.home", jre.toAbsolutePath().toString()))) {
      bytes =
          Files.readAllBytes(modules.getPath("/modules/java.base/java/lang/VersionProps.class"));
    } catch (IOException | RuntimeException e) {
      throw new IllegalStateException(
          "cannot read java.lang.VersionProps from " + jre + "/lib/modules: " + e, e);
    }
    Map<String, String> constants = constants(bytes);
    Map<String, String> props = new TreeMap<>();
    FIELDS.forEach(
        (field, property) -> {
          String value = constants.get(field);
          if (value != null && !value.isEmpty()) {
            props.put(property, value);
          }
        });
    for (String required :
        List.of("java.version", "java.vendor", "java.runtime.name", "java.runtime.version")) {
      if (!props.containsKey(required)) {
        throw new IllegalStateException(
            jre + ": java.lang.VersionProps holds no " + required + " (a JDK of another layout?)");
      }
    }
    return props;
  }

  /** The String constants of a class's static final fields, by field name (JVMS 4.4, 4.5). */
  private static Map<String, String> constants(byte[] classFile) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
    if (in.readInt() != 0xCAFEBABE) {
      throw new IOException("not a class file");
    }
    in.readInt(); // minor, major
    int count = in.readUnsignedShort();
    Object[] pool = new Object[count];
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> pool[i] = in.readUTF();
        case 8 -> pool[i] = new int[] {in.readUnsignedShort()};
        case 7, 16, 19, 20 -> in.skipBytes(2);
        case 15 -> in.skipBytes(3);
        case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
        case 5, 6 -> {
          in.skipBytes(8);
          i++;
        }
        default -> throw new IOException("unknown constant pool tag " + tag);
      }
    }
    in.skipBytes(6); // access flags, this class, super class
    in.skipBytes(2 * in.readUnsignedShort()); // interfaces
    Map<String, String> constants = new HashMap<>();
    int fields = in.readUnsignedShort();
    for (int f = 0; f < fields; f++) {
      in.skipBytes(2);
      String name = (String) pool[in.readUnsignedShort()];
      in.skipBytes(2);
      int attributes = in.readUnsignedShort();
      for (int a = 0; a < attributes; a++) {
        String attribute = (String) pool[in.readUnsignedShort()];
        int length = in.readInt();
        if (!attribute.equals("ConstantValue")) {
          in.skipBytes(length);
        } else if (pool[in.readUnsignedShort()] instanceof int[] string) {
          constants.put(name, (String) pool[string[0]]);
        }
      }
    }
    return constants;
  }
}
