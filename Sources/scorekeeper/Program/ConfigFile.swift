import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

/// The settings file, `$XDG_CONFIG_HOME/scorekeeper/config` (else
/// `~/.config/scorekeeper/config`): lines of `key = value`, `#` comments
/// and blank lines. A value is the rest of the line, trimmed; double quotes
/// around it are removed (for a value with spaces at its ends).
///
/// Each key stands for an environment variable, and counts only where the
/// variable is not set: an option beats its variable, which beats the file,
/// which beats the default. A mistake in the file (an unknown key, a value
/// its variable would refuse) is a usage error naming the file, the line
/// and the key, before any command runs.
struct ConfigFile: Equatable {
  struct Entry: Equatable {
    var key: String
    var value: String
    var line: Int
  }

  /// Each key, the variable it stands for, and what it sets (for `config`
  /// and the manual).
  static let keys: [(key: String, variable: String, help: String)] = [
    ("db", Settings.Variable.database, "the database file (--db)"),
    ("cloud", Settings.Variable.cloud, "the cloud: a PostgreSQL URL, or a mock's file (--cloud)"),
    ("user", Settings.Variable.user, "who you are on the cloud (--user)"),
    ("offline", Settings.Variable.offline, "1 works offline (--offline)"),
    ("sync-budget", Settings.Variable.syncBudget, "seconds a sync may wait for the cloud"),
    ("color", Presentation.Variable.color, "auto, always or never (--color)"),
    ("pager", Pager.Variable.pager, "the pager for long output; empty for none (--no-pager)"),
  ]

  let path: String
  /// The file's lines as read (what `set` and `unset` keep).
  var lines: [String]

  /// The file of this environment; nil without HOME or XDG_CONFIG_HOME.
  static func path(environment: (String) -> String?) -> String? {
    if let xdg = environment("XDG_CONFIG_HOME"), xdg.hasPrefix("/") {
      return xdg + "/scorekeeper/config"  // (a relative XDG_CONFIG_HOME is ignored, as the spec says)
    }
    guard let home = environment("HOME"), !home.isEmpty else { return nil }
    return home + "/.config/scorekeeper/config"
  }

  /// The file at `path`; an empty one when there is none.
  static func read(at path: String) throws -> ConfigFile {
    guard let file = fopen(path, "r") else {
      if errno == ENOENT { return ConfigFile(path: path, lines: []) }
      throw UsageError("Can't read the settings file \(quote(path)): \(String(cString: strerror(errno))).")
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count == 0 { break }
      bytes += buffer[..<count]
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw UsageError("The settings file \(quote(path)) is not UTF-8 text.")
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return ConfigFile(path: path, lines: lines)
  }

  /// The entries, each checked: its key known, its value one its variable
  /// takes. The first mistake is thrown.
  func entries() throws -> [Entry] {
    var entries: [Entry] = []
    for (index, text) in lines.enumerated() {
      let line = text.trimmingWhitespace()
      if line.isEmpty || line.hasPrefix("#") { continue }
      guard let equals = line.firstIndex(of: "=") else {
        throw mistake(line: index + 1, "\(quote(line)) is not key = value")
      }
      let key = String(line[..<equals]).trimmingWhitespace()
      var value = String(line[line.index(after: equals)...]).trimmingWhitespace()
      if value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") {
        value = String(value.dropFirst().dropLast())
      }
      let entry = Entry(key: key, value: value, line: index + 1)
      try check(entry)
      entries.append(entry)
    }
    return entries
  }

  /// The usage error for a key or value the file cannot have.
  func check(_ entry: Entry) throws {
    if let problem = Self.problem(key: entry.key, value: entry.value) {
      throw mistake(line: entry.line, problem)
    }
  }

  /// What is wrong with `key = value`, or nil: an unknown key, or a value
  /// the key's variable would refuse (the same checks). The value is not
  /// repeated: a connection string may hold a password, which must not be
  /// printed.
  static func problem(key: String, value: String) -> String? {
    guard let variable = keys.first(where: { $0.key == key })?.variable else { return unknownKey(key) }
    guard !value.isEmpty || key == "pager" else { return "\(key) is empty." }
    // Messages about the value name the key, not the variable it stands for.
    let settings = Settings(
      environment: { $0 == variable ? value : nil }, fileOrigin: { $0 == variable ? key : nil })
    do {
      switch key {
      case "color":
        _ = try Presentation.usesColor(option: nil, environment: settings.environment, isTerminal: false)
      case "user": _ = try settings.userName(option: nil)
      case "cloud": _ = try settings.cloud(option: nil)
      default: try settings.validate(userOption: nil)
      }
      return nil
    } catch let error as UsageError {
      // "offline=\"maybe\" is not…" reads as "offline: \"maybe\" is not…".
      let message =
        error.message.hasPrefix("\(key)=") ? error.message.dropFirst(key.count + 1) : error.message[...]
      return "\(key): \(message)"
    } catch {
      return "\(key): \(error)"
    }
  }

  /// "\"colour\" is not a setting. Did you mean \"cloud\"? Keys: …".
  static func unknownKey(_ key: String) -> String {
    let suggestions = Suggestion.closest(to: key, among: keys.map(\.key))
    return "\(quote(key)) is not a setting." + Suggestion.didYouMean(suggestions) + " Keys: "
      + keys.map(\.key).joined(separator: ", ") + "."
  }

  private func mistake(line: Int, _ message: String) -> UsageError {
    UsageError("In the settings file \(quote(path)), line \(line): \(message)")
  }

  /// The environment with the file's values under the variables not set.
  /// A path (db, cloud) starting with `~/` starts in HOME, as it would
  /// have typed at a shell.
  func layered(over environment: @escaping (String) -> String?) throws -> (String) -> String? {
    let byVariable = try valuesByVariable(home: environment("HOME"))
    return { name in environment(name) ?? byVariable[name]?.value }
  }

  /// Where each variable the file gives (and the environment does not)
  /// comes from, for messages about its value: "'cloud' in the settings
  /// file PATH".
  func origins(under environment: @escaping (String) -> String?) throws -> (String) -> String? {
    let byVariable = try valuesByVariable(home: environment("HOME"))
    return { [path] name in
      guard environment(name) == nil, let key = byVariable[name]?.key else { return nil }
      return "\(quote(key)) in the settings file \(path)"
    }
  }

  /// Each variable the file sets, with its key and value (a leading ~/
  /// of a path expanded).
  private func valuesByVariable(home: String?) throws -> [String: (key: String, value: String)] {
    var byVariable: [String: (key: String, value: String)] = [:]
    for (key, var value) in try values() {
      if ["db", "cloud"].contains(key), value.hasPrefix("~/"), let home {
        value = home + value.dropFirst()
      }
      byVariable[Self.keys.first { $0.key == key }!.variable] = (key, value)
    }
    return byVariable
  }

  /// Each key the file sets and its value, in the order of their last
  /// lines: a key set twice counts as the later line says.
  func values() throws -> [(key: String, value: String)] {
    var values: [(key: String, value: String)] = []
    for entry in try entries() {
      values.removeAll { $0.key == entry.key }
      values.append((entry.key, entry.value))
    }
    return values
  }

  /// The file with `key` set to `value` (its line replaced, or added at
  /// the end), or removed when `value` is nil; comments and other lines
  /// stay as they were.
  func setting(_ key: String, to value: String?) -> ConfigFile {
    var lines = lines.filter { line in
      let trimmed = line.trimmingWhitespace()
      guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { return true }
      return String(trimmed[..<equals]).trimmingWhitespace() != key
    }
    if let value {
      let needsQuotes =
        value != value.trimmingWhitespace() || (value.hasPrefix("\"") && value.hasSuffix("\""))
      lines.append("\(key) = " + (needsQuotes ? "\"\(value)\"" : value))
    }
    return ConfigFile(path: path, lines: lines)
  }

  /// Writes the file whole or not at all (a new file renamed over it),
  /// creating its folder (mode 0700) when missing.
  func write() throws {
    let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    if !directory.isEmpty { try? Settings.createDirectories(directory) }
    let temporary = path + ".new"
    guard let file = fopen(temporary, "w") else {
      throw ConfigFileError(message: "Can't write \(quote(path)): \(String(cString: strerror(errno))).")
    }
    let text = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    let written = fputs(text, file) >= 0
    let closed = fclose(file) == 0
    guard written && closed && rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw ConfigFileError(message: "Can't write \(quote(path)): \(reason). Nothing was changed.")
    }
  }
}

/// The settings file could not be written (exit 1).
struct ConfigFileError: Error, Equatable, CustomStringConvertible {
  let message: String
  var description: String { message }
}
