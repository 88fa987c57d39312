/// The documented exit statuses. On any non-zero status nothing was written.
enum ExitCode: Int32 {
  /// It worked.
  case success = 0
  /// The operation failed: not found, ambiguous, refused, out of range.
  case failure = 1
  /// The command line was wrong: unknown command or option, missing or
  /// malformed argument.
  case usage = 2
  /// The database cannot be used: not a scorekeeper database, newer
  /// schema, unwritable, corrupt.
  case unusableDatabase = 3
  /// The command ran (a change it made is saved), but its output could
  /// not be written: the disk is full, the file closed.
  case outputFailed = 4
  /// Whoever read the output stopped (a closed pipe): the process ends as
  /// tools killed by SIGPIPE do, quietly, with 128 + 13.
  case closedPipe = 141
}
