package io.unboundedcloud.racer.krm.warm;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;

/**
 * Who is on the other end of a connection, as the kernel says (SO_PEERCRED): a request is served
 * only when it comes from the renderer's own user. The socket's folder already keeps every other
 * user out ({@link SocketFolder}); this holds even if the folder were opened up.
 */
final class Peer {
  private Peer() {}

  /** This process's user. */
  static UserPrincipal self() throws IOException {
    return Files.getOwner(Path.of("/proc/self"));
  }

  /** Whether the process on the other end of {@code channel} runs as {@code self}. */
  static boolean isSelf(SocketChannel channel, UserPrincipal self) {
    try {
      UnixDomainPrincipal peer = channel.getOption(ExtendedSocketOptions.SO_PEERCRED);
      return peer.user().equals(self);
    } catch (IOException | UnsupportedOperationException unknown) {
      return false;
    }
  }
}
