/// A command line matched against the specs: which command, its
/// arguments by name, and the options given.
struct ParsedCommandLine: Equatable {
  /// nil when only global options were given (`--version`, `--help`, none).
  var command: String?
  /// Positional arguments, by their spec's name.
  var arguments: [String: String] = [:]
  /// The words a variadic last argument took, in order.
  var rest: [String] = []
  /// Options by long name; flags map to "".
  var options: [String: String] = [:]

  func has(_ option: String) -> Bool { options[option] != nil }

  /// For the program itself, before a command's values are decoded
  /// (`--help`, `--version`).
  func has(_ flag: Flag) -> Bool { has(flag.spec.name) }
}
