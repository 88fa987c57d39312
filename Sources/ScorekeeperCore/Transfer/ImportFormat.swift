/// What `import` reads: guessed from the first bytes when not named.
public enum ImportFormat: String, Sendable {
  case json, csv, bgstats

  public static func guess(_ source: ImportSource) throws -> ImportFormat {
    try source.skipByteOrderMark()
    guard let first = try source.firstByte(within: lookahead) else {
      throw ImportError(location: "the start", problem: "the file is empty")
    }
    switch first {
    // JSON of BG Stats' or scorekeeper's, or of another shape, which the
    // export's reader refuses at its first byte (not a CSV header of 100 KB).
    case UInt8(ascii: "{"):
      return try source.prefixContains("\"scorekeeper-export\"", within: 4096) ? .json : .bgstats
    case UInt8(ascii: "["): return .json
    // Only white space so far: JSON's reader reads past it as it goes.
    case nil: return .json
    default: return .csv
    }
  }

  /// How far a guess looks for the first byte that is not white space.
  static let lookahead = 64 << 10
}
