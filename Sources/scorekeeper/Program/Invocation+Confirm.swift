import ScorekeeperCore

extension Invocation {
  /// Asks before something that cannot be undone: on a terminal, `question`
  /// with [y/N] (anything but yes declines, exit 1); without one (a script
  /// or a pipe) it refuses unless --force was given, so a script never
  /// destroys by accident (exit 2). Nothing is written until it returns.
  func confirm(_ question: String, refusing action: String) throws {
    if self[.force] { return }
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

extension Flag {
  static let force = Flag(spec: OptionSpec(name: "--force", help: "Go ahead without asking."))
}

extension OptionSpec {
  /// `--force`, with what it does for one command.
  static func force(_ help: String) -> OptionSpec {
    var spec = Flag.force.spec
    spec.help = help
    return spec
  }
}

/// The person answered no. Exit status 1: the operation did not happen.
struct DeclinedError: Error {
  var message: String
}
