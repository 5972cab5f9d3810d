package io.unboundedcloud.racer.workload.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@DisplayName("Sha256 is SHA-256")
class Sha256Test {

  @ParameterizedTest(name = "\"{0}\"")
  @CsvSource(
      delimiter = '|',
      value = {
        // FIPS 180-4 examples (csrc.nist.gov, SHA256.pdf and SHA2_Additional.pdf)
        "''|e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "abc|ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
            + "|248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
      })
  @DisplayName("the FIPS 180-4 examples")
  void fipsExamples(String message, String digest) {
    assertThat(hex(Sha256.digest(message.getBytes(StandardCharsets.US_ASCII)))).isEqualTo(digest);
  }

  @Test
  @DisplayName(
      "the JDK's MessageDigest on every length from 0 to 300 bytes (each padding case) and 1 MB")
  void sameAsMessageDigest() throws Exception {
    Random random = new Random(180_4);
    for (int length = 0; length <= 300; length++) {
      byte[] message = new byte[length];
      random.nextBytes(message);
      assertThat(hex(Sha256.digest(message))).as("length %d", length).isEqualTo(jdk(message));
    }
    byte[] large = new byte[1 << 20];
    random.nextBytes(large);
    assertThat(hex(Sha256.digest(large))).isEqualTo(jdk(large));
  }

  private static String jdk(byte[] message) throws Exception {
    return hex(MessageDigest.getInstance("SHA-256").digest(message));
  }

  private static String hex(byte[] digest) {
    return HexFormat.of().formatHex(digest);
  }
}
