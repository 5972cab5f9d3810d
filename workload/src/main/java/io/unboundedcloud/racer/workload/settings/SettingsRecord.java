package io.unboundedcloud.racer.workload.settings;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The value of the DaemonSet annotation {@code racer.unbounded-cloud.io/settings}: the
 * racer-settings data the function rendered with, so that {@code racer-krm verify} names each key
 * changed after it ran and both values.
 *
 * <p>One line per key in sorted order: {@code KEY=VALUE\n}, the line {@link SettingsHash} hashes,
 * while the value is at most {@link #VALUE_LIMIT} bytes of UTF-8 and holds no line break; otherwise
 * {@code KEY sha256:HEX\n}, the hex SHA-256 of the value, so that a large value (a key of the
 * user's own) costs the annotation a line of its own size. A record longer than {@link
 * #RECORD_LIMIT} bytes (thousands of keys) is not written at all: annotations share 256 KiB per
 * object. Keys are ConfigMap keys ({@code [-._a-zA-Z0-9]+}), so neither {@code =} nor a space ends
 * one early. The Helm chart writes the same with {@code range}, {@code len} (bytes) and {@code
 * sha256sum}.
 */
public final class SettingsRecord {
  /** The longest value, in bytes of UTF-8, written as it is. */
  public static final int VALUE_LIMIT = 256;

  /** The longest record, in bytes of UTF-8, written at all. */
  public static final int RECORD_LIMIT = 65536;

  private static final String DIGEST = " sha256:";

  private SettingsRecord() {}

  /**
   * The record of {@code data}, or {@code null} when it is longer than {@link #RECORD_LIMIT}; empty
   * data records as the empty string.
   */
  public static String of(Map<String, String> data) {
    Objects.requireNonNull(data, "data");
    StringBuilder record = new StringBuilder();
    new TreeMap<>(data).forEach((key, value) -> record.append(line(key, value)).append('\n'));
    String text = record.toString();
    return text.getBytes(StandardCharsets.UTF_8).length > RECORD_LIMIT ? null : text;
  }

  /**
   * What a record says of each key, in its order.
   *
   * @return key to {@link Entry}; lines that are not a record's are skipped
   */
  public static Map<String, Entry> read(String record) {
    Map<String, Entry> entries = new LinkedHashMap<>();
    for (String line : record.split("\n")) {
      int equals = line.indexOf('=');
      int digest = line.indexOf(DIGEST);
      if (digest > 0 && (equals < 0 || digest < equals)) {
        entries.put(
            line.substring(0, digest), new Entry(null, line.substring(digest + DIGEST.length())));
      } else if (equals > 0) {
        entries.put(line.substring(0, equals), new Entry(line.substring(equals + 1), null));
      }
    }
    return entries;
  }

  /** The hex SHA-256 of a value, as a record writes it for a large one. */
  public static String digest(String value) {
    return HexFormat.of().formatHex(Sha256.digest(value.getBytes(StandardCharsets.UTF_8)));
  }

  private static String line(String key, String value) {
    Objects.requireNonNull(value, key);
    boolean plain =
        value.indexOf('\n') < 0 && value.getBytes(StandardCharsets.UTF_8).length <= VALUE_LIMIT;
    return plain ? key + "=" + value : key + DIGEST + digest(value);
  }

  /**
   * What a record says of one key: its value, or only the digest of a large one.
   *
   * @param value the value, or {@code null} when only its digest is recorded
   * @param digest the hex SHA-256 of the value, or {@code null} when the value is recorded
   */
  public record Entry(String value, String digest) {
    /** Whether {@code current} is the value recorded. */
    public boolean matches(String current) {
      return value != null ? value.equals(current) : digest.equals(SettingsRecord.digest(current));
    }

    /** The recorded value as verify shows it. */
    public String shown() {
      return value != null
          ? value
          : "a value recorded by its digest sha256:"
              + digest
              + " (longer than "
              + VALUE_LIMIT
              + " bytes or of several lines)";
    }
  }
}
