import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

/// How each setting's text becomes its value. `origin.source` names
/// where a bad value was given, so the message says what to fix.
extension Settings {
  /// `--offline` (a flag), or 1/0 and their words.
  static func isOffline(_ text: String?, origin: SettingOrigin) throws -> Bool {
    if case .option = origin { return true }
    switch text {
    case nil, "", "0", "no", "false", "off": return false
    case "1", "yes", "true", "on": return true
    case let other?:
      throw UsageError(
        "\(origin.source)=\(quote(other)) is not understood; use 1, yes, true or on to work "
          + "offline, or 0, no, false or off to sync.")
    }
  }

  /// A number of seconds, 0 or more; empty is the default.
  static func seconds(_ text: String?, origin: SettingOrigin, default: Double, example: String) throws
    -> Double
  {
    guard let text, !text.isEmpty else { return `default` }
    guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
      throw UsageError(
        "\(origin.source)=\(quote(text)) is not a number of seconds like \(example) or 0.5.")
    }
    return seconds
  }

  /// A user name as given (by an option, a variable, the file, USER or
  /// LOGNAME), or the password database's entry for this process.
  static func userName(_ text: String?) throws -> String {
    guard let name = text else {
      throw UsageError("Cannot tell who you are: use --user NAME or set \(SettingSpec.user.variable).")
    }
    guard !name.isEmpty, name.count <= 64, name == name.trimmingWhitespace(),
      !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      throw UsageError(
        "The user name \(quote(name)) is not usable: give 1 to 64 characters, no control "
          + "characters or surrounding spaces.")
    }
    return name
  }

  static func loginName() -> String? {
    guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return nil }
    return String(cString: name)
  }

  static func incrementingIDs(_ text: String?, origin: SettingOrigin) throws -> Bool {
    switch text {
    case nil, "": return false
    case "incrementing": return true
    case let other?:
      throw UsageError(
        "\(origin.source)=\(quote(other)) is not understood; the only value is \"incrementing\".")
    }
  }

  static func fixedTime(_ text: String?, origin: SettingOrigin) throws -> Timestamp? {
    guard let text, !text.isEmpty else { return nil }
    guard let now = Timestamp(iso8601: text) else {
      throw UsageError("\(origin.source)=\(quote(text)) is not an ISO 8601 time like 2026-01-01T12:00:00Z.")
    }
    return now
  }

  static func deviceNumber(_ text: String?, origin: SettingOrigin) throws -> UInt16 {
    guard let text, !text.isEmpty else { return 1 }
    guard let number = UInt16(text), number >= 1 else {
      throw UsageError("\(origin.source)=\(quote(text)) is not a device number from 1 to 65535.")
    }
    return number
  }

  static func createDirectories(_ path: String) throws {
    var prefix = ""
    for component in path.split(separator: "/") {
      prefix += "/" + component
      if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
        throw DatabaseFileError(path: path, problem: .missingDirectory(prefix))
      }
    }
  }
}

/// Where a data file (the database, a mock cloud) is: a path given, or
/// its default place in the XDG data folder, whose folders are made (mode
/// 0700, as XDG asks) only when the file is used: a path someone typed
/// with a missing folder is more likely a typo.
enum DataLocation: Equatable {
  case given(String)
  case inDataHome(folder: String, name: String)

  /// `name` in the data folder unless `text` names a path; `spec` says
  /// which setting it is, for the message when there is no data folder.
  init(
    _ text: String?, origin: SettingOrigin, of spec: SettingSpec, name: String,
    _ environment: (String) -> String?
  ) throws {
    // An empty option is a mistake (a script's unset variable, say), not a
    // request for the default: falling back could act on the wrong file.
    if case .option(let option) = origin, text == "" {
      throw UsageError("\(option) needs a path, but it was given an empty one (\"\"); nothing was changed.")
    }
    if let text, !text.isEmpty {
      self = .given(text)
      return
    }
    let dataHome: String
    if let xdg = environment("XDG_DATA_HOME"), xdg.hasPrefix("/") {
      dataHome = xdg  // the XDG spec says to ignore a relative XDG_DATA_HOME
    } else if let home = environment("HOME"), !home.isEmpty {
      dataHome = home + "/.local/share"
    } else {
      let what = spec == .database ? "the database" : "the mock cloud"
      throw UsageError(
        "Cannot tell where to keep \(what): HOME is not set. Use \(spec.option!) PATH or \(spec.variable).")
    }
    self = .inDataHome(folder: dataHome + "/scorekeeper", name: name)
  }

  /// The path; the default's folders are made unless `creatingFolders`
  /// is false (completion, which must not make anything, only names it).
  func path(creatingFolders: Bool = true) throws -> String {
    switch self {
    case .given(let path): return path
    case .inDataHome(let folder, let name):
      if creatingFolders { try Settings.createDirectories(folder) }
      return folder + "/" + name
    }
  }
}

/// The cloud as the settings name it: a mock's file, or a live server's
/// connection string. One holding a password is refused, since the
/// database keeps the string it syncs with.
enum CloudChoice: Equatable {
  case file(DataLocation)
  case live(typed: String, connection: PGConnectionString)

  init(_ text: String?, origin: SettingOrigin, _ environment: (String) -> String?) throws {
    guard let text, PGConnectionString.looksLikeOne(text) else {
      self = .file(
        try DataLocation(text, origin: origin, of: .cloud, name: "mock-cloud.sqlite", environment))
      return
    }
    let connection: PGConnectionString
    do {
      connection = try PGConnectionString(text)
    } catch let error as PGError {
      throw UsageError(
        "\(origin.source) \(quote(text)) is not a connection string PostgreSQL can read: \(error.message)")
    }
    if connection.hasPassword {
      // NB: Not quoted back: the point is not to print the password.
      throw UsageError(
        "The connection string in \(origin.source) holds a password; scorekeeper never stores or prints "
          + "one. Put it in ~/.pgpass (mode 0600) or a service file and use service=NAME, or leave it out "
          + "to be asked for it at a terminal.")
    }
    self = .live(typed: text, connection: connection)
  }

  func address() throws -> CloudAddress {
    switch self {
    case .file(let location): .file(path: try location.path())
    case .live(let typed, let connection): .live(typed: typed, connection: connection)
    }
  }
}

/// `--color`'s choices (and the settings' `color`).
enum ColorChoice: String, Equatable {
  case auto, always, never

  init(_ text: String?, origin: SettingOrigin) throws {
    guard let text else {
      self = .auto
      return
    }
    guard let choice = ColorChoice(rawValue: text) else {
      throw UsageError("\(origin.source) takes auto, always or never (got \(quote(text))).")
    }
    self = choice
  }
}
