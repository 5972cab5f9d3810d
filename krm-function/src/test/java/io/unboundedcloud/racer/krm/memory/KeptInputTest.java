package io.unboundedcloud.racer.krm.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Tag("slow")
@DisplayName("The kept input and the held output")
class KeptInputTest {
  private static final YamlLimits LIMITS = YamlLimits.DEFAULT;

  private static byte[] random(int length) {
    byte[] bytes = new byte[length];
    new Random(length).nextBytes(bytes);
    return bytes;
  }

  private static byte[] readBack(InputStream in, int bufferSize) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buffer = new byte[bufferSize];
    for (int n; (n = in.read(buffer, 0, buffer.length)) >= 0; ) {
      assertThat(n).as("a read of a stream that has bytes left returns some").isPositive();
      out.write(buffer, 0, n);
    }
    return out.toByteArray();
  }

  /** A stream that hands out at most {@code most} bytes per read, as a pipe does. */
  private static InputStream trickle(byte[] bytes, int most) {
    return new ByteArrayInputStream(bytes) {
      @Override
      public synchronized int read(byte[] buffer, int offset, int length) {
        return super.read(buffer, offset, Math.min(length, most));
      }
    };
  }

  @Nested
  @DisplayName("the kept input")
  class Kept {
    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(
        ints = {0, 1, 16 * 1024 - 1, 16 * 1024, 16 * 1024 + 1, 48 * 1024, 3 * 1024 * 1024 + 7})
    @DisplayName(
        "gives back every byte, in order, however it is read, across the sizes where its chunks change")
    void roundTrip(int length) throws IOException {
      byte[] bytes = random(length);
      KeptInput input = KeptInput.read(trickle(bytes, 1000), "stdin", LIMITS);

      assertThat(input.size()).isEqualTo(length);
      assertThat(readBack(input.open(), 8192)).isEqualTo(bytes);
      assertThat(readBack(input.open(), 1)).as("read again, a byte at a time").isEqualTo(bytes);
      ByteArrayOutputStream written = new ByteArrayOutputStream();
      input.writeTo(written);
      assertThat(written.toByteArray()).isEqualTo(bytes);
    }

    @Test
    @DisplayName(
        "one byte over the limit is refused with the reader's own message, before anything is parsed")
    void overTheLimit() {
      byte[] text = "kind: ResourceList\nitems: []\n".getBytes(StandardCharsets.UTF_8);
      YamlLimits limits = new YamlLimits(text.length - 1, 256, 1_000_000);

      assertThatThrownBy(() -> KeptInput.read(new ByteArrayInputStream(text), "stdin", limits))
          .isInstanceOf(YamlInputException.class)
          .hasMessage(
              "stdin: the input is larger than "
                  + (text.length - 1)
                  + " bytes, the most this function"
                  + " reads; refused. Split it into smaller inputs.");
      assertThatThrownBy(
              () -> YamlReader.readResourceList(new ByteArrayInputStream(text), "stdin", limits))
          .as("the reader's message for the same input")
          .hasMessage(
              "stdin: the input is larger than "
                  + (text.length - 1)
                  + " bytes, the most this function"
                  + " reads; refused. Split it into smaller inputs.");
      assertThat(
              KeptInput.read(
                      new ByteArrayInputStream(text),
                      "stdin",
                      new YamlLimits(text.length, 256, 1_000_000))
                  .size())
          .as("exactly the limit")
          .isEqualTo(text.length);
    }

    @Test
    @DisplayName("a stream that fails is an input error that names it")
    void failingStream() {
      InputStream failing =
          new InputStream() {
            @Override
            public int read() throws IOException {
              throw new IOException("Input/output error");
            }
          };
      InputStream in = new SequenceInputStream(new ByteArrayInputStream(new byte[10]), failing);

      assertThatThrownBy(() -> KeptInput.read(in, "stdin", LIMITS))
          .isInstanceOf(YamlInputException.class)
          .hasMessage("stdin: could not read the input: Input/output error");
    }
  }

  @Nested
  @DisplayName("the held output")
  class Held {
    @Test
    @DisplayName("writes everything held, in order, only when told")
    void holds() throws IOException {
      byte[] bytes = random(2 * 1024 * 1024 + 3);
      HeldOutput held = new HeldOutput();
      held.write(bytes[0]);
      held.write(bytes, 1, bytes.length - 1);
      ByteArrayOutputStream out = new ByteArrayOutputStream();

      held.writeTo(out);

      assertThat(out.toByteArray()).isEqualTo(bytes);
    }

    @Test
    @DisplayName("writes nothing once discarded")
    void discarded() throws IOException {
      HeldOutput held = new HeldOutput();
      held.write(random(100_000));
      held.discard();
      ByteArrayOutputStream out = new ByteArrayOutputStream();

      held.writeTo(out);

      assertThat(out.toByteArray()).isEmpty();
    }
  }
}
