import ScorekeeperCore

/// What `serve` answers, route by route. Nothing here writes: every route
/// reads the database (the views `list --json`, `list GAME --json` and
/// `sheet GAME --json` print: `GamesOverview`, `GameStandings`,
/// `ScoreSheet`), kept until the next change (`changed`), so a page on a
/// hundred screens costs one reading.
///
/// Routes match the path's bytes as sent, ids made only of hex digits and
/// dashes, so no other path (`/../`, or encoded forms of it) reaches
/// anything: all get 404. A game named by any spelling of its id (case,
/// dashes, a prefix) is read and kept under its id, so a thousand
/// spellings cost what one does.
///
/// Who may ask: on loopback, anyone on this machine, for a loopback host
/// only (`Loopback`: 421 for any other, as a page's own name resolving to
/// 127.0.0.1 would send); elsewhere, whoever has the token.
final class Scoreboard {
  /// Where a failure to read is said, for whoever runs the server.
  private let errors: Output
  /// Whose `store` every route reads: the database opened again when replaced.
  private let feed: ChangeFeed
  /// Required of every request when set: `?token=` or the cookie it sets.
  private let token: String?
  /// The port it is served on, once listening: it names the cookie.
  var port = 0
  private var cache: [String: [UInt8]] = [:]
  /// Each game's standings read since the last change, by id: its
  /// `/api/game/ID` and its page's events show the same reading.
  private var standingsRead: [String: GameStandings] = [:]

  init(feed: ChangeFeed, errors: Output, token: String?) {
    self.errors = errors
    self.feed = feed
    self.token = token
  }

  private var store: Store { feed.store }

  /// The cookie keeping the token: named by the port, so two scoreboards
  /// on one host keep one each.
  var cookieName: String { "scorekeeper_token_\(port)" }

  /// The database changed: what was read is read again when asked.
  func changed() {
    cache = [:]
    standingsRead = [:]
  }

  /// The event a page following `game` (an id) gets: its standings (as
  /// `/api/game/ID` answers them), its sheet and its chart (as `chart
  /// --json` prints it: read from the same sheet), and its last score
  /// change with who made it (as `watch --json` gives it).
  func event(for game: String) throws -> String {
    try cached("event " + game) {
      let sheet = try store.sheet(of: game)
      return Array(
        JSON.object([
          ("standings", try standings(of: game).json), ("sheet", sheet.json),
          ("chart", ScoreChart(sheet: sheet).json),
          ("lastChange", try store.lastChange(ofGameID: game)?.json ?? .null),
        ]).compactText.utf8)
    }.string
  }

  /// The standings of the game of id `game`, until the next change.
  private func standings(of game: String) throws -> GameStandings {
    if let standings = standingsRead[game] { return standings }
    let standings = try store.gameStandings(of: game)
    standingsRead[game] = standings
    return standings
  }

  /// `list GAME --json`'s bytes for the game of id `game`, until the next change.
  private func standingsJSON(of game: String) throws -> [UInt8] {
    try cached("game " + game) { Array((try standings(of: game).json.rendered() + "\n").utf8) }
  }

  func answer(_ request: HTTPRequest) -> HTTPServer.Reply {
    var setsCookie = false
    if token == nil, let host = request.authority, !Loopback.isAuthority(host) {
      return .response(
        .error(421, "Misdirected Request: this scoreboard answers only for this machine (localhost)."))
    }
    if let token {
      let given = request.query["token"] ?? cookie(request)
      guard let given, Self.constantTimeEqual(given, token) else {
        return .response(.error(403, "Forbidden: open the address serve printed, with its token."))
      }
      setsCookie = request.query["token"] != nil
    }
    do {
      let reply = try route(request)
      guard setsCookie, let token, case .response(var response) = reply else { return reply }
      // So the page's own requests (its events, photos) carry it too.
      response.headers.append(
        ("Set-Cookie", "\(cookieName)=\(token); HttpOnly; SameSite=Strict; Path=/"))
      return .response(response)
    } catch let error as StoreError {
      return .response(.error(404, "Not found: \(error)"))
    } catch {
      // The why is for whoever runs the server, not for every client
      // (it can name files and SQL).
      errors.line("serve: \(request.path): \(ErrorWords.of(error))")
      errors.flush()
      return .response(.error(500, "The scoreboard could not read the database; the server says why."))
    }
  }

  private func route(_ request: HTTPRequest) throws -> HTTPServer.Reply {
    let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(
      String.init)
    switch (parts.first ?? "", parts.count) {
    case ("", 1):
      return .response(html(ScoreboardPage.games(try store.gamesOverview())))
    case ("app.css", 1): return .response(asset(Self.css, type: "text/css; charset=utf-8"))
    case ("app.js", 1): return .response(asset(Self.javascript, type: "text/javascript; charset=utf-8"))
    case ("api", 2) where parts[1] == "games":
      return .response(
        json(try cached("games") { Array(try store.gamesOverview().json.compactText.utf8) }))
    case ("api", 3) where parts[1] == "game" && Self.isID(parts[2]):
      return .response(json(try standingsJSON(of: try gameID(parts[2]))))
    case ("game", 2) where Self.isID(parts[1]):
      let game = try store.gamesWithAccess().first { $0.summary.game.id == parts[1] }
      guard let game else { return .response(.error(404)) }
      return .response(html(ScoreboardPage.game(game.summary.game)))
    case ("game", 3) where Self.isID(parts[1]) && parts[2] == "events":
      let game = try gameID(parts[1])
      return .events(channel: game, first: try event(for: game))
    case ("game", 4) where Self.isID(parts[1]) && parts[2] == "photo" && Self.isID(parts[3]):
      return .response(try photo(in: parts[1], parts[3], request))
    default:
      return .response(.error(404))
    }
  }

  /// A player's photo, at a URL that stays (its ETag is its content's
  /// hash: a browser asks again and gets 304 while it is the same).
  private func photo(in game: String, _ player: String, _ request: HTTPRequest) throws -> HTTPResponse {
    let photo: PhotoWithBytes
    do {
      photo = try store.photos.withBytes(in: game, player)
    } catch StoreError.noPhoto {
      return .error(404)
    }
    let tag = "\"\(photo.photo.sha256)\""
    let headers = [("ETag", tag), ("Cache-Control", "no-cache")]
    if request.header("if-none-match") == tag {
      return HTTPResponse(status: 304, contentType: photo.photo.type.mimeType, body: [], headers: headers)
    }
    return HTTPResponse(
      status: 200, contentType: photo.photo.type.mimeType, body: photo.bytes, headers: headers)
  }

  /// The id of the game `spelling` names (any case, dashes, a prefix);
  /// an id read since the last change is known without a lookup.
  private func gameID(_ spelling: String) throws -> String {
    if standingsRead[spelling] != nil { return spelling }
    return try store.game(spelling).game.id
  }

  private func cached(_ key: String, _ make: () throws -> [UInt8]) throws -> [UInt8] {
    if let bytes = cache[key] { return bytes }
    let bytes = try make()
    cache[key] = bytes
    return bytes
  }

  private func html(_ text: String) -> HTTPResponse {
    HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: Array(text.utf8))
  }

  private func json(_ bytes: [UInt8]) -> HTTPResponse {
    HTTPResponse(status: 200, contentType: "application/json", body: bytes)
  }

  private func asset(_ bytes: [UInt8], type: String) -> HTTPResponse {
    HTTPResponse(status: 200, contentType: type, body: bytes, headers: [("Cache-Control", "no-cache")])
  }

  /// The page's assets, made once: every answer shares their bytes.
  private static let css = Array(ScoreboardPage.css.utf8)
  private static let javascript = Array(ScoreboardPage.javascript.utf8)

  private func cookie(_ request: HTTPRequest) -> String? {
    for field in request.headers where field.name == "cookie" {
      for pair in field.value.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        if parts.count == 2, parts[0].trimmingCharacters(in: " ") == cookieName {
          return String(parts[1])
        }
      }
    }
    return nil
  }

  /// Made of hex digits and dashes, as every id is (`ColumnRule.isID`).
  static func isID(_ text: String) -> Bool {
    ColumnRule.isID(text[...])
  }

  /// Compares without stopping at the first difference, so the time
  /// taken tells nothing about how much of a guess was right.
  static func constantTimeEqual(_ given: String, _ expected: String) -> Bool {
    let (a, b) = (Array(given.utf8), Array(expected.utf8))
    var difference = UInt8(a.count == b.count ? 0 : 1)
    for index in b.indices { difference |= (index < a.count ? a[index] : 0) ^ b[index] }
    return difference == 0
  }
}

extension Array where Element == UInt8 {
  fileprivate var string: String { String(decoding: self, as: UTF8.self) }
}

extension Substring {
  fileprivate func trimmingCharacters(in characters: String) -> Substring {
    drop { characters.contains($0) }
  }
}
