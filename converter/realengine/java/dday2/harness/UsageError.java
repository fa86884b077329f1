package dday2.harness;

/** A bad command line: exit code 2, like the Python CLI. */
final class UsageError extends RuntimeException {
  UsageError(String message) {
    super(message);
  }
}
