package io.unboundedcloud.racer.krm.warm;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Set;

/**
 * The folder that holds the renderer's socket: only the renderer's own user may enter it (mode
 * 0700, owned by that user, no symbolic link), so that no other user of the machine or the pod can
 * reach the socket at all; the renderer also checks each peer's uid ({@link Peer}). A folder that
 * exists with any other owner or mode is refused, never repaired: someone else made it.
 */
final class SocketFolder {
  private static final Set<PosixFilePermission> PRIVATE =
      PosixFilePermissions.fromString("rwx------");

  private SocketFolder() {}

  /** A refusal to serve from this folder, with what to do. */
  static final class Unsafe extends Exception {
    private static final long serialVersionUID = 1L;

    Unsafe(String message) {
      super(message);
    }
  }

  /**
   * Makes the socket's folder, or checks the one there, and removes a socket left by a renderer
   * that stopped; returns the socket's path.
   */
  static Path prepare(Path socket, UserPrincipal self) throws Unsafe, IOException {
    Path folder = socket.toAbsolutePath().getParent();
    try {
      Files.createDirectory(folder, PosixFilePermissions.asFileAttribute(PRIVATE));
    } catch (FileAlreadyExistsException there) {
      // checked below
    }
    PosixFileAttributes attributes =
        Files.readAttributes(folder, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    if (!attributes.isDirectory()
        || !attributes.owner().equals(self)
        || !attributes.permissions().equals(PRIVATE)) {
      throw new Unsafe(
          folder
              + " must be a folder of this user's ("
              + self.getName()
              + ") with mode 0700, so that no other user can reach the socket; it is "
              + (attributes.isSymbolicLink()
                  ? "a symbolic link"
                  : (attributes.isDirectory() ? "a folder" : "a file")
                      + " of "
                      + attributes.owner().getName()
                      + " with mode "
                      + PosixFilePermissions.toString(attributes.permissions()))
              + ": remove it, or name another folder");
    }
    if (Files.exists(socket, LinkOption.NOFOLLOW_LINKS)) {
      if (!"socket".equals(kind(socket))) {
        throw new Unsafe(socket + " exists and is not a socket: remove it, or name another path");
      }
      Files.delete(socket);
    }
    return socket;
  }

  private static String kind(Path path) throws IOException {
    int mode = (Integer) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS);
    return (mode & 0170000) == 0140000 ? "socket" : "other";
  }
}
