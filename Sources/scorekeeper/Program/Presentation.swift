import ScorekeeperCore

/// How output looks where it goes, decided once per run from the
/// options, the environment (and the settings file's `color`) and whether
/// each stream is a terminal, as clig.dev and no-color.org describe.
enum Presentation {
  static let colorChoices = ["auto", "always", "never"]

  /// `--color=WHEN`, else `color` from SCOREKEEPER_COLOR or the settings
  /// file, else auto: colour on a terminal, unless NO_COLOR is set (to
  /// anything but "") or TERM is dumb. An explicit always wins over both.
  static func usesColor(option: String?, environment: (String) -> String?, isTerminal: Bool) throws -> Bool {
    let source = option != nil ? "--color" : Variable.color
    switch option ?? environment(Variable.color) {
    case "always"?: return true
    case "never"?: return false
    case nil, "auto"?:
      if let noColor = environment("NO_COLOR"), !noColor.isEmpty { return false }
      return environment("TERM") != "dumb" && isTerminal
    case let other?:
      throw UsageError("\(source) takes auto, always or never (got \(quote(other))).")
    }
  }

  /// Whether text may be UTF-8: the locale's (LC_ALL, else LC_CTYPE, else
  /// LANG; none is the C locale, which is ASCII) names UTF-8.
  static func allowsUTF8(environment: (String) -> String?) -> Bool {
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap(environment).first { !$0.isEmpty } ?? "C"
    let name = locale.lowercased()
    return name.contains("utf-8") || name.contains("utf8")
  }

  enum Variable {
    /// auto, always or never, as --color (the settings file's `color`).
    static let color = "SCOREKEEPER_COLOR"
  }
}
