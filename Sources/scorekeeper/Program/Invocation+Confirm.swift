import ScorekeeperCore

extension Invocation {
  /// Asks before something that cannot be undone: on a terminal, `question`
  /// with [y/N] (anything but yes declines, exit 1); without one (a script
  /// or a pipe) it refuses unless --force was given, so a script never
  /// destroys by accident (exit 2). Nothing is written until it returns.
  func confirm(_ question: String, refusing action: String) throws {
    if flag("--force") { return }
    guard terminal.isInteractive else {
      throw UsageError(
        "Not \(action) without confirmation: there is no terminal to ask. Add --force to go ahead.",
        command: commandLine.command)
    }
    errors.write("\(question) [y/N] ")
    errors.flush()
    let answer = terminal.readLine()?.trimmingWhitespace().lowercased()
    guard answer == "y" || answer == "yes" else { throw DeclinedError(message: "Nothing was changed.") }
  }
}

extension OptionSpec {
  static func force(_ help: String) -> OptionSpec {
    OptionSpec(name: "--force", help: help)
  }
}

/// The person answered no. Exit status 1: the operation did not happen.
struct DeclinedError: Error {
  var message: String
}
