package io.unboundedcloud.racer.krm.cli;

/** A command line that cannot be run as written. */
final class UsageException extends RuntimeException {
  UsageException(String message) {
    super(message);
  }
}
