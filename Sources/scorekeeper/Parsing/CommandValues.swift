/// A positional argument as a command reads it: declared once, listed in
/// its command's spec (`spec`), decoded from the text typed before the
/// command runs, and read as a typed value (`invocation[key]`).
struct Argument<Value: Sendable>: Sendable {
  let spec: ArgumentSpec

  init(_ spec: ArgumentSpec, decode: @escaping @Sendable (String) throws -> Value) {
    self.spec = spec.decoding(with: decode)
  }
}

extension Argument where Value == String {
  /// Text, taken as typed.
  init(_ spec: ArgumentSpec) {
    self.spec = spec
  }
}

/// An option that takes a value, read as a typed value when given.
struct Option<Value: Sendable>: Sendable {
  let spec: OptionSpec

  init(_ spec: OptionSpec, decode: @escaping @Sendable (String) throws -> Value) {
    self.spec = spec.decoding(with: decode)
  }
}

extension Option where Value == String {
  init(_ spec: OptionSpec) {
    self.spec = spec
  }
}

/// A spec whose text a key decodes (`Argument`, `Option`).
protocol DecodingSpec {
  var decode: @Sendable (String) throws -> any Sendable { get set }
}

extension ArgumentSpec: DecodingSpec {}
extension OptionSpec: DecodingSpec {}

extension DecodingSpec {
  func decoding<Value: Sendable>(with decode: @escaping @Sendable (String) throws -> Value) -> Self {
    var spec = self
    spec.decode = { try decode($0) }
    return spec
  }
}

/// An option without a value: given or not.
struct Flag: Sendable {
  let spec: OptionSpec
}

/// A command line's arguments and options, each decoded by its spec: a
/// value that cannot be decoded is refused before the command runs (and
/// before any sync), so a command reads only values of the right type.
struct CommandValues: Sendable {
  private var values: [String: any Sendable] = [:]
  /// The command whose arguments these are (for the failure message of a
  /// key its spec does not list: a programming mistake).
  private let command: String

  init(_ line: ParsedCommandLine, arguments: [ArgumentSpec], options: [OptionSpec]) throws {
    command = line.command ?? "scorekeeper"
    for spec in arguments {
      if spec.isVariadic {
        values[spec.name] = try line.rest.map(spec.decode)
      } else if let text = line.arguments[spec.name] {
        values[spec.name] = try spec.decode(text)
      }
    }
    for spec in options {
      if let text = line.options[spec.name] { values[spec.name] = try spec.decode(text) }
    }
  }

  /// A required argument (the parser makes sure it was given).
  subscript<Value>(_ argument: Argument<Value>) -> Value {
    guard let value = self[ifGiven: argument] else {
      preconditionFailure("\(argument.spec.name) is not a required argument of \(command)")
    }
    return value
  }

  /// An optional argument, nil when not given.
  subscript<Value>(ifGiven argument: Argument<Value>) -> Value? {
    values[argument.spec.name].map(Self.cast)
  }

  /// A variadic argument's values, in order (none when none were given).
  subscript<Value>(each argument: Argument<Value>) -> [Value] {
    guard let words = values[argument.spec.name] as? [any Sendable] else { return [] }
    return words.map(Self.cast)
  }

  subscript<Value>(_ option: Option<Value>) -> Value? {
    values[option.spec.name].map(Self.cast)
  }

  subscript(_ flag: Flag) -> Bool {
    values[flag.spec.name] != nil
  }

  /// The key's spec decoded the value, so it is of the key's type.
  private static func cast<Value>(_ value: any Sendable) -> Value {
    guard let typed = value as? Value else { preconditionFailure("\(value) is not a \(Value.self)") }
    return typed
  }
}
