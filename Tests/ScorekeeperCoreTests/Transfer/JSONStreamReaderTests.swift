import Foundation
import ScorekeeperTestSupport
import Testing

@testable import ScorekeeperCore

/// The streaming reader reads what `JSON.parse` reads, however the text
/// falls across the pieces it is read in, and says where it stops.
@Suite struct JSONStreamReaderTests {
  /// Reads any value through the reader's walking calls.
  func value(_ reader: JSONStreamReader) throws -> JSON {
    switch try reader.peek().map({ Character(Unicode.Scalar($0)) }) {
    case "{":
      var fields: [(String, JSON)] = []
      try reader.object { key in fields.append((key, try value(reader))) }
      return .object(fields)
    case "[":
      var elements: [JSON] = []
      try reader.array { _ in elements.append(try value(reader)) }
      return .array(elements)
    case "\"": return .string(try reader.string())
    case "n": return try reader.optional { JSON.null } ?? .null
    case "t", "f": return .bool(try reader.bool())
    default: return .integer(try reader.integer())
    }
  }

  /// A document of `size` elements with strings long enough to cross the
  /// reader's 64 KiB pieces, escapes and letters beyond ASCII.
  static func document(_ size: Int, seed: UInt64) -> String {
    var random = SplitMix64(seed: seed)
    let pieces = ["plain", "a \\\"quote\\\"", "tab\\t", "Zoë 麻雀 🎲", "\\u00e9\\ud83c\\udfb2", "back\\\\slash"]
    var items: [String] = []
    for index in 0..<size {
      let text = (0..<Int.random(in: 1...4000, using: &random)).map { _ in
        pieces.randomElement(using: &random)!
      }
      .joined()
      items.append(
        #"{"i": \#(index), "n": -\#(Int.random(in: 0...Int(Int32.max), using: &random)), "s": "\#(text)", "#
          + #""z": null, "b": [true, false, [], {}]}"#)
    }
    return "{\"items\": [\n" + items.joined(separator: ",\n   ") + "\n]}\n"
  }

  @Test("the same values as JSON.parse, read from a file in pieces", arguments: [1, 2, 3])
  func sameValues(seed: UInt64) throws {
    let text = Self.document(40, seed: seed)
    let directory = try TemporaryDirectory()
    let path = directory.file("doc.json")
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }
    let reader = try JSONStreamReader(source: ImportSource(descriptor: descriptor))
    let read = try value(reader)
    try reader.finish()
    #expect(text.utf8.count > 3 * 65536)
    #expect(read == (try JSON.parse(text)))
  }

  @Test("a failure names the path, line and column of the value at fault")
  func location() throws {
    let text = "{\"a\": [1,\n  2,\n  {\"b\": \"x\", \"c\": tru}]}"
    let reader = try JSONStreamReader(source: ImportSource(bytes: Array(text.utf8)))
    #expect(throws: ImportError(location: "$.a[2].c (line 3, column 19)", problem: "expected true")) {
      _ = try value(reader)
    }
  }
}
