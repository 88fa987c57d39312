#if canImport(Glibc)
  import Glibc
#endif

/// The interactive side of the process: whether a person is at a
/// terminal, and their answer to a question.
struct Terminal {
  /// True when stdin is a terminal, so a question can be asked.
  var isInteractive: Bool
  /// True when stdout is a terminal: no image bytes are written there.
  var outputIsTerminal = false
  /// True when stderr is a terminal (colour for warnings and errors).
  var errorsAreTerminal = false
  /// Reads one line of input, without its newline; nil at end of input.
  var readLine: () -> String?
  /// Shows the prompt on stderr and reads one line without echoing it
  /// (a password); nil at end of input.
  var readSecret: @Sendable (_ prompt: String) -> String? = { _ in nil }
  /// Columns of the terminal stdout is, when it is one.
  var outputColumns: Int? = nil

  /// The real stdin.
  static var standardInput: Terminal {
    Terminal(
      isInteractive: isatty(STDIN_FILENO) == 1, outputIsTerminal: isatty(STDOUT_FILENO) == 1,
      errorsAreTerminal: isatty(STDERR_FILENO) == 1,
      readLine: { Swift.readLine(strippingNewline: true) },
      readSecret: readWithoutEcho, outputColumns: columns(of: STDOUT_FILENO))
  }

  /// No terminal: what scripts, pipes and CI look like.
  static var none: Terminal {
    Terminal(isInteractive: false, readLine: { nil })
  }

  /// A person who answers each question with the next of `answers`.
  static func answering(_ answers: [String]) -> Terminal {
    var remaining = answers[...]
    return Terminal(isInteractive: true, readLine: { remaining.popFirst() })
  }

  private static func readWithoutEcho(_ prompt: String) -> String? {
    // Echo goes off before the prompt shows, as getpass(3) does: what is
    // typed as soon as it shows is never echoed (nor flushed).
    guard
      let line = EchoOff.reading({ () -> String? in
        printOnStandardError(prompt)
        return Swift.readLine(strippingNewline: true)
      })
    else {
      printOnStandardError(prompt)
      return Swift.readLine(strippingNewline: true)
    }
    printOnStandardError("\n")  // the Enter typed was not echoed either
    return line
  }

  private static func printOnStandardError(_ text: String) {
    _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
  }
}

/// The width of the terminal `descriptor` is, if it is one.
private func columns(of descriptor: Int32) -> Int? {
  var size = winsize()
  guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
  return Int(size.ws_col)
}
