#if canImport(Glibc)
  import Glibc
#endif

/// A terminal's echo, off while a secret is typed and on again however
/// the read ends: with the line, or with Ctrl-C, SIGTERM or a hang-up,
/// whose handler puts the terminal back as it was before letting the
/// signal end the process as it would have. Without it, an interrupted
/// password prompt leaves the shell typing blind.
enum EchoOff {
  /// The terminal as it was, for the signal handler (which can reach
  /// nothing but globals). Written before the handlers are installed,
  /// read only by them.
  nonisolated(unsafe) private static var saved = termios()
  private static let signals = [SIGINT, SIGTERM, SIGHUP]

  /// Runs `body` with stdin's echo off; nil when stdin is no terminal.
  static func reading<T>(_ body: () -> T) -> T? {
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
    var handler = sigaction()
    handler.__sigaction_handler = .init(sa_handler: { signal in
      tcsetattr(STDIN_FILENO, TCSANOW, &EchoOff.saved)
      _ = write(STDERR_FILENO, "\n", 1)  // the prompt's line, ended
      Glibc.signal(signal, SIG_DFL)
      raise(signal)
    })
    sigemptyset(&handler.sa_mask)
    var previous = Array(repeating: sigaction(), count: signals.count)
    for (index, signal) in signals.enumerated() { sigaction(signal, &handler, &previous[index]) }
    var silent = saved
    silent.c_lflag &= ~tcflag_t(ECHO)
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
    defer {
      tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
      for (index, signal) in signals.enumerated() { sigaction(signal, &previous[index], nil) }
    }
    return body()
  }
}
