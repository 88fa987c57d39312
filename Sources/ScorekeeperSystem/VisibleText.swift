// Text from outside (typed, read from a file, a server's or a database's
// words) as messages show it: nothing in it acts on a terminal. Here, below
// the core, so every layer's messages quote alike.

/// Quotes user input for a message, escaping what a terminal would act on,
/// so the message shows exactly what was typed. Text of more than
/// `quotedLength` characters is shown by its start and end around "…",
/// so a message stays one readable line whatever was typed (or found in
/// a file).
public func quote(_ text: String) -> String {
  guard let limit = text.index(text.startIndex, offsetBy: quotedLength, limitedBy: text.endIndex),
    limit != text.endIndex
  else { return "\"" + escaped(text[...], quotes: true) + "\"" }
  let head = text.index(text.startIndex, offsetBy: quotedLength - 20)
  let tail = text.index(text.endIndex, offsetBy: -20)
  return "\"" + escaped(text[..<head], quotes: true) + "…" + escaped(text[tail...], quotes: true) + "\""
}

/// How many characters of a text `quote` shows whole.
public let quotedLength = 200

extension String {
  /// The text as a terminal may show it: every control or invisible
  /// format character written out (`\n`, `\t`, `\r`, `\u{1B}`), the rest
  /// as it is. For names the database holds from versions that took them
  /// unchecked (see `TextField`): shown, they can neither act on the
  /// terminal nor pass for another name.
  public var visible: String {
    // Most text has nothing to escape: one pass over its bytes says so,
    // over the bytes in place where the string has them so (nearly always:
    // a pass through the view costs ten times as much, and `list` asks this
    // of every name it prints).
    let printable = { (byte: UInt8) in byte >= 0x20 && byte < 0x7F }
    if utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(printable) }) ?? utf8.allSatisfy(printable) {
      return self
    }
    return firstHidden(in: self) == nil ? self : escaped(self[...], quotes: false)
  }
}

extension String {
  /// Whether `visibleKeepingLineBreaks` would change anything.
  public var hasHiddenBesidesLineBreaks: Bool {
    var beyondASCII = false
    for byte in utf8 {
      if (byte < 0x20 && byte != 0x0a) || byte == 0x7f { return true }
      if byte >= 0x80 { beyondASCII = true }
    }
    return beyondASCII && firstHidden(in: self) != nil
  }

  /// `visible`, but for line breaks: for text of several lines that shows
  /// data (a listing, a message quoting names).
  public var visibleKeepingLineBreaks: String {
    escaped(self[...], quotes: false, keepingLineBreaks: true)
  }
}

/// `text` with hidden scalars written out, and with `quotes`, quotes and
/// backslashes escaped too (for text inside quotes).
private func escaped(_ text: Substring, quotes: Bool, keepingLineBreaks: Bool = false) -> String {
  var result = ""
  let scalars = Array(text.unicodeScalars)
  for (index, scalar) in scalars.enumerated() {
    switch scalar {
    case "\"" where quotes: result += "\\\""
    case "\\" where quotes: result += "\\\\"
    case "\n" where keepingLineBreaks: result += "\n"
    case "\n": result += "\\n"
    case "\t": result += "\\t"
    case "\r": result += "\\r"
    default:
      if isHidden(at: index, in: scalars) {
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
  }
  return result
}

/// The first hidden scalar of `text` and its offset in scalars.
public func firstHidden(in text: String) -> (offset: Int, scalar: Unicode.Scalar)? {
  let scalars = Array(text.unicodeScalars)
  return scalars.indices.first { isHidden(at: $0, in: scalars) }.map { ($0, scalars[$0]) }
}

/// Whether the scalar at `index` acts without being seen: a control
/// character, or a format character (general category Cf: zero-width
/// space, bidirectional override, soft hyphen, …) other than a zero-width
/// joiner between two emoji (👩‍💻) or the tags of a flag (🏴 + tags).
public func isHidden(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
  let scalar = scalars[index]
  // ASCII has controls and no format characters: decided without
  // Unicode's tables, which cost most of a long listing's time.
  if scalar.value < 0x80 { return scalar.value < 0x20 || scalar.value == 0x7F }
  switch scalar.properties.generalCategory {
  case .control: return true
  case .format:
    let before = index > 0 ? scalars[index - 1] : nil
    let after = index + 1 < scalars.count ? scalars[index + 1] : nil
    func isPictograph(_ scalar: Unicode.Scalar?) -> Bool {
      guard let scalar else { return false }
      // Emoji beyond ASCII (digits and # are "emoji" too), or the
      // variation selector that makes the one before an emoji.
      return (scalar.properties.isEmoji && scalar.value > 0x7f) || scalar == "\u{FE0F}"
    }
    if scalar == "\u{200D}" { return !(isPictograph(before) && isPictograph(after)) }
    if (0xE0020...0xE007F).contains(scalar.value), let before {
      return !(before == "\u{1F3F4}" || (0xE0020...0xE007F).contains(before.value))
    }
    return true
  default: return false
  }
}

extension String {
  /// The text without leading and trailing white space (Unicode's notion,
  /// including no-break spaces and line separators).
  public func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
