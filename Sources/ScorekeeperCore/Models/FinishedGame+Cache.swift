/// A finished game's result as `finishedResults` keeps it: what its
/// replayed log said, compact, without what is read alongside (the game's
/// title and kind, and who each member is as a person, which the person
/// links decide when it is read).
///
///     {"l": lowestWins, "c": cooperative, "k": counted, "w": [winner names],
///      "p": [[rank, total, [[playerID, name, total], …]], …]}
extension FinishedGame {
  var cached: String {
    JSON.object([
      ("l", .bool(lowestWins)), ("c", .bool(isCooperative)), ("k", .bool(isCounted)),
      ("w", .array(winnerNames.map(JSON.string))),
      (
        "p",
        .array(
          places.map { place in
            .array([
              .integer(Int64(place.rank)), place.total.json,
              .array(
                place.members.map {
                  .array([.string($0.playerID), .string($0.name), $0.total.json])
                }),
            ])
          })
      ),
    ]).compactText
  }

  /// Read with `JSONParser`'s pieces, in the order written: a
  /// leaderboard reads a hundred thousand of these, and building `JSON`
  /// values for each took most of its time.
  init(cached text: String, game: Game, kind: String?, finishedAt: Timestamp) throws {
    var text = text
    let read = text.withUTF8 { bytes in
      Result { () throws -> (Bool, Bool, Bool, [String], [Place]) in
        var parser = JSONParser(bytes: bytes)
        try parser.expect(UInt8(ascii: "{"), "{")
        let lowestWins = try parser.field("l") { p in try p.bool() }
        try parser.expect(UInt8(ascii: ","), ",")
        let cooperative = try parser.field("c") { p in try p.bool() }
        try parser.expect(UInt8(ascii: ","), ",")
        let counted = try parser.field("k") { p in try p.bool() }
        try parser.expect(UInt8(ascii: ","), ",")
        let winners = try parser.field("w") { p in try p.elements { q in try q.quoted() } }
        try parser.expect(UInt8(ascii: ","), ",")
        let places = try parser.field("p") { p in
          try p.elements { place -> Place in
            try place.expect(UInt8(ascii: "["), "[")
            let rank = try place.whole()
            try place.expect(UInt8(ascii: ","), ",")
            let total = try place.points()
            try place.expect(UInt8(ascii: ","), ",")
            let members = try place.elements { member -> Member in
              try member.expect(UInt8(ascii: "["), "[")
              let id = try member.quoted()
              try member.expect(UInt8(ascii: ","), ",")
              let name = try member.quoted()
              try member.expect(UInt8(ascii: ","), ",")
              let total = try member.points()
              try member.expect(UInt8(ascii: "]"), "]")
              // (Who they are as a person is for the links to say, when read.)
              return Member(playerID: id, name: name, person: name, total: total)
            }
            try place.expect(UInt8(ascii: "]"), "]")
            return Place(rank: Int(truncatingIfNeeded: rank), total: total, members: members)
          }
        }
        try parser.expect(UInt8(ascii: "}"), "}")
        return (lowestWins, cooperative, counted, winners, places)
      }
    }
    guard case .success(let (lowestWins, cooperative, counted, winners, places)) = read else {
      throw CachedResultError(gameID: game.id, text: text)
    }
    self.init(
      game: game, kind: kind, finishedAt: finishedAt, places: places, lowestWins: lowestWins,
      winnerNames: winners, isCooperative: cooperative, isCounted: counted)
  }
}

extension JSONParser {
  /// `"key": value`, the key as given.
  fileprivate mutating func field<T>(_ key: String, _ value: (inout JSONParser) throws -> T) throws -> T {
    guard try quoted() == key else { throw failure("expected the key \(key)") }
    try expect(UInt8(ascii: ":"), ":")
    return try value(&self)
  }

  /// `[value, …]`.
  fileprivate mutating func elements<T>(_ element: (inout JSONParser) throws -> T) throws -> [T] {
    try expect(UInt8(ascii: "["), "[")
    var elements: [T] = []
    if take(UInt8(ascii: "]")) { return elements }
    repeat { elements.append(try element(&self)) } while take(UInt8(ascii: ","))
    try expect(UInt8(ascii: "]"), "]")
    return elements
  }

  fileprivate mutating func quoted() throws(JSONSyntaxError) -> String {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
      throw failure("expected a string")
    }
    return try string()
  }

  fileprivate mutating func whole() throws(JSONSyntaxError) -> Int64 {
    skipWhitespace()
    guard offset < bytes.count else { throw failure("expected a number") }
    return try integer()
  }

  /// A total, written by `Points.json`: an integer, or its decimal text.
  fileprivate mutating func points() throws(JSONSyntaxError) -> Points {
    skipWhitespace()
    guard offset < bytes.count else { throw failure("expected a number") }
    switch try number() {
    case .integer(let whole): return Points(whole)
    case .decimal(let text):
      guard let points = try? Points(parsing: text[...]) else { throw failure("\(text) is not a total") }
      return points
    default: throw failure("expected a number")
    }
  }

  fileprivate mutating func bool() throws(JSONSyntaxError) -> Bool {
    skipWhitespace()
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "t") {
      try word("true")
      return true
    }
    try word("false")
    return false
  }
}

/// A cached result this version cannot read: a bug, since only this
/// program writes them, so it says which game and what it found.
public struct CachedResultError: Error, CustomStringConvertible {
  let gameID: String
  let text: String
  public var description: String { "The cached result of the game \(gameID) is malformed: \(text)" }
}
