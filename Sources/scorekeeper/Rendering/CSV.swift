/// CSV as RFC 4180 writes it: fields separated by commas, records ended
/// by CRLF, a field quoted (its quotes doubled) when it holds a comma, a
/// quote, a line break, or space at either end, so every reader gets the
/// text back exactly. UTF-8, no byte-order mark.
enum CSV {
  /// One record's line, CRLF included.
  static func record(_ fields: [String]) -> String {
    fields.map(field).joined(separator: ",") + "\r\n"
  }

  static func field(_ text: String) -> String {
    let needsQuotes =
      text.utf8.contains { [UInt8(ascii: ","), UInt8(ascii: "\""), 0x0a, 0x0d].contains($0) }
      || text.first?.isWhitespace == true || text.last?.isWhitespace == true
    return needsQuotes ? "\"" + text.replacing("\"", with: "\"\"") + "\"" : text
  }
}
