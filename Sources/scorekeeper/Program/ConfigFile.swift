import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

/// The settings file, `$XDG_CONFIG_HOME/scorekeeper/config` (else
/// `~/.config/scorekeeper/config`): lines of `key = value`, `#` comments
/// and blank lines. A value is the rest of the line, trimmed; double quotes
/// around it are removed (for a value with spaces at its ends).
///
/// Each key stands for a setting, and counts only where its option and
/// variable are not given: an option beats its variable, which beats the
/// file, which beats the default (`Settings.resolve`). A mistake in the file (an unknown key, a value
/// its variable would refuse) is a usage error naming the file, the line
/// and the key, before any command runs.
struct ConfigFile: Equatable {
  struct Entry: Equatable {
    var key: String
    var value: String
    var line: Int
  }

  /// The keys, each with the variable it stands for and what it sets.
  static var keys: [SettingSpec] { SettingSpec.fileKeys }

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
  /// the setting would refuse (`Settings.problem`). The value is not
  /// repeated: a connection string may hold a password, which must not be
  /// printed.
  static func problem(key: String, value: String) -> String? {
    guard let spec = keys.first(where: { $0.key == key }) else { return unknownKey(key) }
    guard !value.isEmpty || key == "pager" else { return "\(key) is empty." }
    guard let error = Settings.problem(with: value, for: spec) else { return nil }
    let message = (error as? UsageError)?.message ?? "\(error)"
    // "offline=\"maybe\" is not…" reads as "offline: \"maybe\" is not…".
    for prefix in [key + "=", key + " "] where message.hasPrefix(prefix) {
      return "\(key): " + message.dropFirst(prefix.count)
    }
    return "\(key): \(message)"
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

  /// Each key the file sets, with its value (a leading ~/ of a path
  /// expanded, as a shell would) and the line that sets it.
  func valuesWithLines(home: String?) throws -> [String: (value: String, line: Int)] {
    var byKey: [String: (value: String, line: Int)] = [:]
    for entry in try entries() {
      var value = entry.value
      if [SettingSpec.database.key, SettingSpec.cloud.key].contains(entry.key), value.hasPrefix("~/"),
        let home
      {
        value = home + value.dropFirst()
      }
      byKey[entry.key] = (value, entry.line)
    }
    return byKey
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
