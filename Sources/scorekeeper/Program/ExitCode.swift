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
}
