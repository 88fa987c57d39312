/// What an import takes from BG Stats' JSON backup: games, players and
/// plays, as the app writes them.
///
/// The app's files are lenient in what a field holds (a rank as 1 or "1",
/// a team as "0" or 0, a missing duration as null), so fields are read as
/// whatever scalar they are and judged by the importer, which can then
/// say every problem at once; only JSON that cannot be read stops here.
struct BGStatsFile {
  struct Game {
    var name = ""
    var highestWins = true
    var noPoints = false
    var cooperative = false
    var usesTeams = false
  }

  struct Player {
    var name = ""
    var isAnonymous = false
  }

  struct Score {
    var playerRefId: Int64?
    /// The calculator's text, or a number as written.
    var score: String?
    var winner = false
    var rank: Int64?
    var team: String?
  }

  struct Play {
    /// Where the play starts in the file ($.plays[3], line and column).
    var location = ""
    var uuid = ""
    var gameRefId: Int64?
    var playDate = ""
    var durationMin: Int64?
    var ignored = false
    var usesTeams = false
    var scores: [Score] = []
  }

  var games: [Int64: Game] = [:]
  var players: [Int64: Player] = [:]
  var plays: [Play] = []
  /// The uuids (lower case) of what the app says was deleted
  /// (`deletedObjects`: objects with a `uuid`, or the uuids themselves).
  var deleted: Set<String> = []

  init(reader: JSONStreamReader) throws {
    var sawPlays = false
    try reader.object { key in
      switch key {
      case "games":
        try reader.array { _ in
          var id: Int64?
          var game = Game()
          try reader.object { key in
            switch key {
            case "id": id = try reader.scalarText().flatMap { Int64($0) }
            case "name": game.name = try reader.scalarText() ?? ""
            case "highestWins": game.highestWins = try reader.flag() ?? true
            case "noPoints": game.noPoints = try reader.flag() ?? false
            case "cooperative": game.cooperative = try reader.flag() ?? false
            case "usesTeams": game.usesTeams = try reader.flag() ?? false
            default: try reader.skipValue()
            }
          }
          guard let id, !game.name.isEmpty else {
            throw reader.failure("a game needs an \"id\" and a \"name\"")
          }
          games[id] = game
        }
      case "players":
        try reader.array { _ in
          var id: Int64?
          var player = Player()
          try reader.object { key in
            switch key {
            case "id": id = try reader.scalarText().flatMap { Int64($0) }
            case "name": player.name = try reader.scalarText() ?? ""
            case "isAnonymous": player.isAnonymous = try reader.flag() ?? false
            default: try reader.skipValue()
            }
          }
          guard let id else { throw reader.failure("a player needs an \"id\"") }
          players[id] = player
        }
      case "deletedObjects":
        try reader.array { _ in
          if try reader.peek() == UInt8(ascii: "{") {
            try reader.object { key in
              if key == "uuid", let uuid = try reader.scalarText() {
                deleted.insert(uuid.lowercased())
              } else {
                try reader.skipValue()
              }
            }
          } else if let uuid = try reader.scalarText() {
            deleted.insert(uuid.lowercased())
          }
        }
      case "plays":
        sawPlays = true
        try reader.array { _ in plays.append(try Self.play(reader)) }
      default: try reader.skipValue()
      }
    }
    try reader.finish()
    guard sawPlays else { throw reader.failure("not a BG Stats export: it has no \"plays\"") }
  }

  private static func play(_ reader: JSONStreamReader) throws -> Play {
    var play = Play()
    _ = try reader.peek()  // (the location of the play's "{", not of the "," before it)
    play.location = reader.location
    try reader.object { key in
      switch key {
      case "uuid": play.uuid = try reader.scalarText() ?? ""
      case "gameRefId": play.gameRefId = try reader.scalarText().flatMap { Int64($0) }
      case "playDate": play.playDate = try reader.scalarText() ?? ""
      case "durationMin": play.durationMin = try reader.scalarText().flatMap { Int64($0) }
      case "ignored": play.ignored = try reader.flag() ?? false
      case "usesTeams": play.usesTeams = try reader.flag() ?? false
      case "playerScores": try reader.array { _ in play.scores.append(try score(reader)) }
      default: try reader.skipValue()
      }
    }
    return play
  }

  private static func score(_ reader: JSONStreamReader) throws -> Score {
    var score = Score()
    try reader.object { key in
      switch key {
      case "playerRefId": score.playerRefId = try reader.scalarText().flatMap { Int64($0) }
      case "score": score.score = try reader.scalarText()
      case "winner": score.winner = try reader.flag() ?? false
      // 0 is the app's "no rank".
      case "rank": score.rank = try reader.scalarText().flatMap { Int64($0) }.flatMap { $0 > 0 ? $0 : nil }
      case "team": score.team = try reader.scalarText()
      default: try reader.skipValue()
      }
    }
    return score
  }
}

extension JSONStreamReader {
  /// A scalar as text (a string as it is, a number as written, true or
  /// false); nil for null, or for an object or array, which is passed over.
  func scalarText() throws -> String? {
    switch try peek() {
    case UInt8(ascii: "\""): return try string()
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return try bool() ? "true" : "false"
    case UInt8(ascii: "n"): return try optional { "" }
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      try skipValue()
      return nil
    default: return try numberText()
    }
  }

  /// A flag as the app writes them: true or false, 1 or 0, "1" or "true".
  func flag() throws -> Bool? {
    guard let text = try scalarText() else { return nil }
    return ["true", "1"].contains(text.lowercased())
  }
}
