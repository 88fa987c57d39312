/// The words of a partly typed shell command line, as the shell will pass
/// them: quotes removed, backslash escapes resolved, the last word
/// possibly still open (`"Poker ni`). Enough of the POSIX rules for what
/// completion meets; expansions (`$x`, globs) are left as typed.
enum ShellWords {
  /// The words of `line`; the last is the one being completed (empty when
  /// the line ends in a blank).
  static func split(_ line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in line {
      if escaped {
        // Inside double quotes a backslash escapes only these.
        if quote == "\"" && !"\"\\$`".contains(character) { word.append("\\") }
        word.append(character)
        escaped = false
        continue
      }
      switch (quote, character) {
      case (nil, " "), (nil, "\t"), (nil, "\n"):
        if inWord { words.append(word) }
        word = ""
        inWord = false
      case (nil, "'"), (nil, "\""):
        quote = character
        inWord = true
      case ("'", "'"), ("\"", "\""):
        quote = nil
      case (nil, "\\"), ("\"", "\\"):
        escaped = true
        inWord = true
      default:
        word.append(character)
        inWord = true
      }
    }
    words.append(word)
    return words
  }
}
