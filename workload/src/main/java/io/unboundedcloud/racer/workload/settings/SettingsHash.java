package io.unboundedcloud.racer.workload.settings;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The value of the pod template annotation {@code racer.unbounded-cloud.io/settings-hash}, so a
 * settings change rolls the dataplane pods.
 *
 * <p>Canonical form: for each key in sorted order, {@code KEY=VALUE\n}, UTF-8; the hash is its
 * lowercase hex SHA-256. The Helm chart computes the same with {@code range} (which sorts keys) and
 * {@code sha256sum}. ConfigMap keys are ASCII, so Java's String order and Go's byte order agree.
 */
public final class SettingsHash {

  private SettingsHash() {}

  /** The hex SHA-256 of {@code data}'s canonical form; an empty map hashes the empty string. */
  public static String of(Map<String, String> data) {
    Objects.requireNonNull(data, "data");
    StringBuilder canonical = new StringBuilder();
    new TreeMap<>(data)
        .forEach(
            (key, value) ->
                canonical
                    .append(key)
                    .append('=')
                    .append(Objects.requireNonNull(value, key))
                    .append('\n'));
    return HexFormat.of()
        .formatHex(Sha256.digest(canonical.toString().getBytes(StandardCharsets.UTF_8)));
  }
}
