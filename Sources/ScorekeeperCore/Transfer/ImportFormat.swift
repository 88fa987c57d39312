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

  /// Refuses a file that is not text at all (an image, a database, an
  /// archive) by its first bytes, naming what it is where known: read as
  /// CSV it would fail on "a field that is not UTF-8", which says nothing
  /// of the real mistake.
  public static func refuseNonText(_ source: ImportSource) throws {
    let head = try source.prefix(512)
    let kinds: [(magic: [UInt8], what: String)] = [
      ([0x89, 0x50, 0x4E, 0x47], "a PNG image"), ([0xFF, 0xD8, 0xFF], "a JPEG image"),
      (Array("GIF8".utf8), "a GIF image"), (Array("%PDF".utf8), "a PDF document"),
      ([0x50, 0x4B, 0x03, 0x04], "a ZIP archive (unpack it first)"),
      ([0x1F, 0x8B], "a gzip file (unpack it first)"),
      (Array("SQLite format 3\0".utf8), "a SQLite database (to put back a backup: scorekeeper restore FILE)"),
      ([0xFF, 0xFE], "UTF-16 text (save it as UTF-8)"), ([0xFE, 0xFF], "UTF-16 text (save it as UTF-8)"),
    ]
    let what =
      kinds.first { head.starts(with: $0.magic) }?.what
      // Text never holds a NUL byte, in the encodings import reads.
      ?? (head.contains(0) ? "binary data" : nil)
    if let what {
      throw ImportError(
        location: "the start",
        problem:
          "it is \(what), not a file import reads (a scorekeeper JSON export, CSV, or a BG Stats backup)")
    }
  }

  /// How far a guess looks for the first byte that is not white space.
  static let lookahead = 64 << 10
}
