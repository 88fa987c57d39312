extension String {
  /// How many terminal columns the text takes: CJK ideographs, fullwidth
  /// forms and emoji take two, combining marks and other zero-width
  /// characters none, the rest one. Columns of names and titles are
  /// padded by this, not by characters, so they line up in any script.
  public var displayWidth: Int {
    // Most names and titles are printable ASCII: a column each.
    if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return utf8.count }
    return reduce(0) { $0 + $1.displayWidth }
  }
}

extension Character {
  /// A grapheme cluster is as wide as its base, or two when any part makes
  /// it an emoji (👩‍💻, ❤️ with its variation selector, a flag).
  var displayWidth: Int {
    let scalars = unicodeScalars
    // A Latin letter or sign alone (no mark after it; not the soft
    // hyphen, a format character): no emoji, not wide, so one column,
    // without Unicode's tables.
    if scalars.count == 1, let scalar = scalars.first,
      (0x20..<0x7F).contains(scalar.value) || (0xA0..<0x300).contains(scalar.value) && scalar.value != 0xAD
    {
      return 1
    }
    if scalars.contains(where: { $0.properties.isEmojiPresentation || $0 == "\u{FE0F}" }) {
      return 2
    }
    return scalars.first.map(Self.width) ?? 0
  }

  private static func width(of scalar: Unicode.Scalar) -> Int {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: return isWide(scalar.value) ? 2 : 1
    }
  }

  /// East Asian Wide and Fullwidth code points (Unicode's EastAsianWidth
  /// W and F, which Swift does not expose), by their blocks.
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD,
      0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
