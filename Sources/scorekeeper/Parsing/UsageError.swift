/// The command line asks for something the program does not accept.
/// Exit status 2; the message names what was typed and what would work.
struct UsageError: Error, Equatable {
  var message: String
  /// The command whose usage to show under the message, if known.
  var command: String?

  init(_ message: String, command: String? = nil) {
    self.message = message
    self.command = command
  }
}
