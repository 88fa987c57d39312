extension Store {
  /// Imports BG Stats' JSON export: each play becomes a finished game of
  /// its game's kind (titled by the game's name), with each player's
  /// score as one change and the winners BG Stats marked, lowest wins when
  /// the game is not `highestWins`; players are people by name. Ids are
  /// made from the play's `uuid`, so importing the file again adds
  /// nothing. Its rows carry the device "bgstats", so every device
  /// importing the file makes the same rows.
  ///
  /// The export names games and players by ids that plays refer to, in
  /// any order, so the file is read whole first (it holds one person's
  /// plays); the rows are then written in one transaction.
  public func importBGStats(from source: ImportSource, dryRun: Bool) throws -> ImportSummary {
    let reader = try JSONStreamReader(source: source)
    let file = try BGStatsFile(reader: reader)
    return try importing(dryRun: dryRun) { importer in
      for play in file.plays {
        do {
          try add(play, of: file, to: importer)
        } catch let problem as RowProblem {
          throw ImportError(location: play.location, problem: problem.problem)
        }
      }
    }
  }

  private func add(_ play: BGStatsFile.Play, of file: BGStatsFile, to importer: RowImporter) throws {
    func madeID(_ parts: String...) -> String { IDs.made(["bgstats"] + parts) }
    guard let game = file.games[play.gameRefId] else {
      throw RowProblem("gameRefId \(play.gameRefId) is no game of the file's \"games\"")
    }
    // "2019-04-06 04:54:35", the phone's local time: kept as it reads, in UTC.
    guard play.playDate.utf8.count == 19,
      let start = Timestamp(iso8601: play.playDate.replacing(" ", with: "T") + "Z")
    else { throw RowProblem("playDate must read like 2019-04-06 04:54:35, not \(quote(play.playDate))") }
    func time(_ step: Int) -> SQLValue {
      .text(Timestamp(millisecondsSince1970: start.millisecondsSince1970 + Int64(step)).iso8601)
    }
    let device: SQLValue = .text("bgstats")
    // A play's uuid is its game's id, as people can type it; one that is
    // not hex (a hand-made file's) makes one.
    let gameID = ColumnRule.isID(play.uuid[...]) ? play.uuid : madeID("play", play.uuid)
    try importer.beginGame(id: gameID, title: game.name, kind: game.name)
    var winners: [String] = []
    for score in play.scores {
      guard let player = file.players[score.playerRefId] else {
        throw RowProblem("playerRefId \(score.playerRefId) is no player of the file's \"players\"")
      }
      let id = madeID("player", play.uuid, String(score.playerRefId))
      try importer.insert(.players, [.text(id), .text(player), SQLValue(score.team)])
      if score.winner { winners.append(id) }
    }
    try importer.insert(
      .gameEvents,
      [
        .text(madeID("rules", play.uuid)), time(0), device, .text("rules"),
        .text(game.highestWins ? "highest" : "lowest"), .null, .null, .null, .null,
      ])
    for (index, score) in play.scores.enumerated() where !game.noPoints {
      guard let text = score.score, !text.isEmpty else { continue }
      guard let points = Int64(text) else {
        throw RowProblem("player \(score.playerRefId)'s score \(quote(text)) is not a whole number")
      }
      try importer.insert(
        .scoreEvents,
        [
          .text(madeID("score", play.uuid, String(score.playerRefId))),
          .text(madeID("player", play.uuid, String(score.playerRefId))), .integer(points), .null,
          time(index + 1),
          device, .null, .null,
        ])
    }
    try importer.insert(
      .gameEvents,
      [
        .text(madeID("finish", play.uuid)), time(play.scores.count + 1), device, .text("finish"), .null,
        .null, .null, .null, .text(winners.joined(separator: " ")),
      ])
  }
}

/// What an import takes from BG Stats' export: games, players and plays.
private struct BGStatsFile {
  struct Game {
    var name = ""
    var highestWins = true
    var noPoints = false
  }

  struct Score {
    var playerRefId: Int64 = 0
    var score: String?
    var winner = false
    var team: String?
  }

  struct Play {
    var location = ""
    var uuid = ""
    var gameRefId: Int64 = 0
    var playDate = ""
    var scores: [Score] = []
  }

  var games: [Int64: Game] = [:]
  var players: [Int64: String] = [:]
  var plays: [Play] = []

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
            case "id": id = try reader.integer()
            case "name": game.name = try reader.string()
            case "highestWins": game.highestWins = try reader.bool()
            case "noPoints": game.noPoints = try reader.bool()
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
          var name = ""
          try reader.object { key in
            switch key {
            case "id": id = try reader.integer()
            case "name": name = try reader.string()
            default: try reader.skipValue()
            }
          }
          guard let id, !name.isEmpty else { throw reader.failure("a player needs an \"id\" and a \"name\"") }
          players[id] = name
        }
      case "plays":
        sawPlays = true
        try reader.array { _ in
          var play = Play()
          play.location = reader.location
          try reader.object { key in
            switch key {
            case "uuid": play.uuid = try reader.string()
            case "gameRefId": play.gameRefId = try reader.integer()
            case "playDate": play.playDate = try reader.string()
            case "playerScores": try reader.array { _ in play.scores.append(try Self.score(reader)) }
            default: try reader.skipValue()
            }
          }
          guard !play.uuid.isEmpty, !play.playDate.isEmpty else {
            throw reader.failure("a play needs a \"uuid\" and a \"playDate\"")
          }
          plays.append(play)
        }
      default: try reader.skipValue()
      }
    }
    try reader.finish()
    guard sawPlays else { throw reader.failure("not a BG Stats export: it has no \"plays\"") }
  }

  private static func score(_ reader: JSONStreamReader) throws -> Score {
    var score = Score()
    var sawPlayer = false
    try reader.object { key in
      switch key {
      case "playerRefId":
        score.playerRefId = try reader.integer()
        sawPlayer = true
      // BG Stats writes scores as strings ("42"); a number is read too.
      case "score":
        score.score = try reader.optional {
          try reader.peek() == UInt8(ascii: "\"") ? reader.string() : reader.numberText()
        }
      case "winner": score.winner = try reader.bool()
      case "team": score.team = try reader.optional { try reader.string() }.flatMap { $0.isEmpty ? nil : $0 }
      default: try reader.skipValue()
      }
    }
    guard sawPlayer else { throw reader.failure("a player's score needs a \"playerRefId\"") }
    return score
  }
}
