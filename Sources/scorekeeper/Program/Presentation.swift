import ScorekeeperCore

/// How output looks where it goes, decided once per run from the
/// options, the environment (and the settings file's `color`) and whether
/// each stream is a terminal, as clig.dev and no-color.org describe.
enum Presentation {
  /// Colour where `choice` (`--color`, SCOREKEEPER_COLOR or the settings
  /// file's `color`) says; on auto, on a terminal, unless NO_COLOR is set
  /// (to anything but "") or TERM is dumb. An explicit always wins over both.
  static func usesColor(_ choice: ColorChoice, environment: (String) -> String?, isTerminal: Bool) -> Bool {
    switch choice {
    case .always: return true
    case .never: return false
    case .auto:
      if let noColor = environment("NO_COLOR"), !noColor.isEmpty { return false }
      return environment("TERM") != "dumb" && isTerminal
    }
  }

  /// Whether text may be UTF-8: the locale's (LC_ALL, else LC_CTYPE, else
  /// LANG; none is the C locale, which is ASCII) names UTF-8.
  static func allowsUTF8(environment: (String) -> String?) -> Bool {
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap(environment).first { !$0.isEmpty } ?? "C"
    // Bytes, not String.contains: that loads string processing, a tenth
    // of a short command's start.
    let name = Array(locale.lowercased().utf8)
    return [Array("utf-8".utf8), Array("utf8".utf8)].contains { word in
      name.count >= word.count
        && (0...name.count - word.count).contains { name[$0..<$0 + word.count].elementsEqual(word) }
    }
  }
}
