#if canImport(Glibc)
  import Glibc
#endif

/// The interactive side of the process: whether a person is at a
/// terminal, and their answer to a question.
struct Terminal {
  /// True when stdin is a terminal, so a question can be asked.
  var isInteractive: Bool
  /// Reads one line of input, without its newline; nil at end of input.
  var readLine: () -> String?

  /// The real stdin.
  static var standardInput: Terminal {
    Terminal(
      isInteractive: isatty(STDIN_FILENO) == 1,
      readLine: { Swift.readLine(strippingNewline: true) })
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
}
