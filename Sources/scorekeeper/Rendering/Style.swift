/// The few colours the program uses (ANSI SGR parameters), each for one
/// meaning: a rank, a gain, a loss, a warning, an error, a chart's line.
enum Style: String {
  case rank = "1"  // bold
  case gain = "32"  // green
  case loss = "31"  // red
  case warning = "33"  // yellow
  case error = "1;31"  // bold red
  case header = "2"  // dim: watch's line above the view
  // A chart's lines, told apart (`chart`).
  case lineCyan = "36"
  case lineMagenta = "35"
  case lineYellow = "33;1"
  case lineGreen = "32;1"
  case lineBlue = "34"
  case lineRed = "31;1"
}

/// ASCII stand-ins for the non-ASCII symbols in the program's own text,
/// for a locale that is not UTF-8.
enum Glyphs {
  static func ascii(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
    var result = ""
    for character in text {
      switch character {
      case "…": result += "..."
      case "→": result += "->"
      case "×": result += "x"
      case "−": result += "-"
      default: result.append(character)
      }
    }
    return result
  }
}
