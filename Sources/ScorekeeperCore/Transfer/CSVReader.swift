/// Reads CSV (RFC 4180: fields separated by commas, records by CRLF or
/// LF, a field in double quotes when it holds a comma, a quote or a line
/// break, a quote inside written twice) from an `ImportSource`, record by
/// record, in bounded memory: a record holds at most the fields the
/// caller allows, each at most `maximumFieldLength` bytes, whatever the
/// file holds (issue 44: a record of 32 MiB of commas took 555 MB). Text
/// must be UTF-8; a byte-order mark is skipped. A CR is taken only before
/// its line's LF, or inside quotes: one anywhere else is refused, never
/// dropped. Failures name the line and column.
final class CSVReader {
  private let source: ImportSource
  /// The line the next record starts on (a quoted field may span lines).
  private(set) var line = 1
  private var column = 1
  /// The line the record last read started on.
  private(set) var recordLine = 1

  /// The longest field taken, in bytes: no value an import reads (a
  /// name, an id, a time, a number) comes near it.
  static let maximumFieldLength = 16 << 10

  init(source: ImportSource) throws {
    self.source = source
    try source.skipByteOrderMark()
  }

  /// A problem with the record last read (or, given `column`, one of its fields).
  func failure(_ problem: String, column: Int? = nil) -> ImportError {
    ImportError(location: "line \(recordLine)\(column.map { ", column \($0)" } ?? "")", problem: problem)
  }

  /// The next record's fields; nil at the end of the input. A blank line
  /// is passed over. A record of more than `limit` fields is refused as
  /// soon as it passes it, with `tooMany` saying why.
  func record(limit: Int, tooMany: (Int) -> String) throws -> [String]? {
    var fields: [String] = []
    var field: [UInt8] = []
    var fieldColumn = 1
    var quoted = false
    var inQuotes = false
    var afterQuote = false
    recordLine = line
    column = 1
    func endField() throws {
      guard fields.count < limit else { throw failure(tooMany(limit)) }
      guard let text = String(validating: field, as: UTF8.self) else {
        throw ImportError(
          location: "line \(recordLine), column \(fieldColumn)", problem: "a field that is not UTF-8")
      }
      fields.append(text)
      field.removeAll(keepingCapacity: true)
      quoted = false
      afterQuote = false
    }
    while true {
      if source.start == source.end {
        guard try source.gather() else {
          if inQuotes {
            throw ImportError(
              location: "line \(recordLine), column \(fieldColumn)", problem: "a quoted field is not closed")
          }
          if fields.isEmpty && field.isEmpty && !quoted { return nil }
          try endField()
          return fields
        }
      }
      let byte = source[source.start]
      source.consume(upTo: source.start + 1)
      if inQuotes {
        if byte == UInt8(ascii: "\"") {
          inQuotes = false
          afterQuote = true
        } else {
          if byte == 0x0a { line += 1 }
          field.append(byte)
          guard field.count <= Self.maximumFieldLength else {
            throw failure("a field longer than \(Self.maximumFieldLength) bytes", column: fieldColumn)
          }
        }
        column += 1
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        if afterQuote {
          // "" inside a quoted field is one quote.
          field.append(byte)
          inQuotes = true
          afterQuote = false
        } else if field.isEmpty && !quoted {
          quoted = true
          inQuotes = true
        } else {
          throw ImportError(
            location: "line \(line), column \(column)",
            problem:
              "a quote inside a field that does not start with one (quote the whole field, and write \"\" for a quote)"
          )
        }
      case UInt8(ascii: ","):
        try endField()
        fieldColumn = column + 1
      case 0x0d:
        // A CRLF's CR (the LF ends the record); one anywhere else would be
        // lost, or taken for a line break by one program and not another.
        while source.start == source.end, try source.gather() {}
        guard source.start < source.end, source[source.start] == 0x0a else {
          throw ImportError(
            location: "line \(line), column \(column)",
            problem: "a carriage return (CR) not before a line feed: put the field in quotes to keep it")
        }
      case 0x0a:
        line += 1
        if fields.isEmpty && field.isEmpty && !quoted {
          recordLine = line
          column = 0
        } else {
          try endField()
          return fields
        }
      default:
        if afterQuote {
          throw ImportError(
            location: "line \(line), column \(column)", problem: "text after a quoted field's closing quote")
        }
        field.append(byte)
        guard field.count <= Self.maximumFieldLength else {
          throw failure("a field longer than \(Self.maximumFieldLength) bytes", column: fieldColumn)
        }
      }
      column += 1
    }
  }
}
