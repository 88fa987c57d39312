/// What `import` reads: guessed from the first bytes when not named.
public enum ImportFormat: String, Sendable {
  case json, csv, bgstats

  public static func guess(_ source: ImportSource) throws -> ImportFormat {
    try source.skipByteOrderMark()
    guard let first = try source.firstByte() else {
      throw ImportError(location: "the start", problem: "the file is empty")
    }
    guard first == UInt8(ascii: "{") else { return .csv }
    return try source.prefixContains("\"scorekeeper-export\"", within: 4096) ? .json : .bgstats
  }
}
