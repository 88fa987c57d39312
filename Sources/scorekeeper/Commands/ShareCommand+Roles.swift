import ScorekeeperCore

/// `share --role`, `--for`, `--player`, `--remove` and `--people`: who may
/// do what with a shared game (issue 49).
extension Command {
  static func changeShare(
    _ game: Game, _ change: ShareChange, onlyPlayer: String? = nil, engine: SyncEngine,
    _ invocation: Invocation
  ) throws {
    let share = try engine.changeShare(gameID: game.id, change)
    if invocation.json {
      return invocation.print(peopleJSON(of: game, share, invocation))
    }
    let title = quote(game.title)
    switch change {
    case .role(let role, let user, _):
      invocation.output.line(
        "\(user.visible) is now \(role.article) \(role.rawValue) in \(title)"
          + (onlyPlayer.map { ", scoring for \(quote($0)) only" } ?? "") + ": "
          + role.may(onlyPlayer: onlyPlayer) + ".")
    case .remove(let user):
      invocation.output.line(
        "Removed \(user.visible) from \(title): their devices keep a read-only copy, and the link no longer "
          + "admits them. Everyone else is unaffected.")
    case .linkExpiry(let time):
      invocation.output.line(
        "The link of \(title) admits new people "
          + (time.map { "until \(invocation.times.format($0)); those in stay." } ?? "with no end.")
          + " Its link:")
      invocation.output.line(share.link)
    case .newLink:
      invocation.output.line(
        "Replaced the link of \(title): the old one admits nobody new (it says it was replaced); those in stay. "
          + "The new link:")
      invocation.output.line(share.link)
    }
  }

  /// `share GAME --role ROLE`: shares the game if it is not, with that
  /// role for whoever joins; else sets the role of whoever joins next.
  static func shareByLink(_ game: Game, role: ShareRole, engine: SyncEngine, _ invocation: Invocation) throws
  {
    let share = try engine.share(gameID: game.id, permission: role.permission, everyone: false)
    if invocation.json {
      return invocation.print(
        .object([
          ("game", .string(game.id)), ("link", .string(share.link)), ("linkRole", .string(role.rawValue)),
          ("isNew", .bool(share.isNew)),
        ]))
    }
    let inside = share.participants.filter { $0.acceptance == .accepted }.map(\.userName.visible)
    let joins = "\(role.article) \(role.rawValue): " + role.may(onlyPlayer: nil)
    invocation.output.line(
      share.isNew
        ? "Shared \(quote(game.title)). Whoever has this link joins as \(joins):"
        : "Whoever joins \(quote(game.title)) next by its link is \(joins)"
          + (inside.isEmpty
            ? "." : "; \(inside.joined(separator: ", ")) keep their roles (--for changes one).")
          + " Its link is still:")
    invocation.output.line(share.link)
  }

  static func printPeople(of game: Game, _ share: GameShare, _ invocation: Invocation) throws {
    if invocation.json { return invocation.print(peopleJSON(of: game, share, invocation)) }
    let linkRole =
      ShareRole(share.permission).map {
        "whoever joins is \($0.article) \($0.rawValue)"
          + (share.linkExpiresAt.map { ", until \(invocation.times.format($0))" } ?? "")
      } ?? "it admits nobody new"
    invocation.output.line("\(quote(game.title)) is shared by its link (\(linkRole)): \(share.link)")
    let store = try invocation.store()
    let rows: [[String]] =
      [[(share.owner ?? "").visible, "owner", "", ""]]
      + share.participants.map { person in
        [
          person.userName.visible, roleWords(of: person, store: store),
          person.joinedAt.map { "joined " + invocation.times.format($0) } ?? "",
          person.acceptance == .pending
            ? ""
            : person.lastChangeAt.map { "last change " + invocation.times.format($0) } ?? "no change yet",
        ]
      }
    let widths = rows[0].indices.map { column in rows.map { $0[column].displayWidth }.max()! }
    for row in rows {
      var line = "  " + zip(row, widths).map { $0.padding(to: $1) }.joined(separator: "  ")
      while line.hasSuffix(" ") { line.removeLast() }
      invocation.output.line(line)
    }
  }

  /// `scorer (for "Ann" only)`, `viewer`, `invited as an editor`, `removed`.
  private static func roleWords(of person: ShareParticipant, store: Store) -> String {
    guard let role = ShareRole(person.permission), person.acceptance != .removed else { return "removed" }
    let player = onlyPlayerName(person, store: store).map { " (for \(quote($0)) only)" }
    let words = role.rawValue + (player ?? "")
    return person.acceptance == .pending ? "invited as \(role.article) \(words)" : words
  }

  /// The name of the one player a scorer scores for (their id when the
  /// player is not here).
  private static func onlyPlayerName(_ person: ShareParticipant, store: Store?) -> String? {
    person.onlyPlayer.map { id in (try? store?.playerName(id: id)) ?? nil ?? id }
  }

  /// {"game", "link", "linkRole", "linkExpiresAt", "people": [{"user", "role", "player",
  /// "status", "joinedAt", "lastChangeAt"}]}, the owner first.
  private static func peopleJSON(of game: Game, _ share: GameShare, _ invocation: Invocation) -> JSON {
    let store = try? invocation.store()
    func time(_ time: Timestamp?) -> JSON { time.map { .string($0.iso8601) } ?? .null }
    let owner: JSON = .object([
      ("user", .string(share.owner ?? "")), ("role", .string("owner")), ("player", .null),
      ("status", .string("owner")), ("joinedAt", .null), ("lastChangeAt", .null),
    ])
    return .object([
      ("game", .string(game.id)), ("link", .string(share.link)),
      ("linkRole", ShareRole(share.permission).map { .string($0.rawValue) } ?? .null),
      ("linkExpiresAt", time(share.linkExpiresAt)),
      (
        "people",
        .array(
          [owner]
            + share.participants.map { person in
              .object([
                ("user", .string(person.userName)),
                ("role", ShareRole(person.permission).map { .string($0.rawValue) } ?? .null),
                (
                  "player",
                  person.onlyPlayer.map { id in
                    .object([
                      ("id", .string(id)), ("name", .string(onlyPlayerName(person, store: store) ?? id)),
                    ])
                  } ?? .null
                ),
                (
                  "status",
                  .string(
                    person.acceptance == .accepted
                      ? "joined" : person.acceptance == .pending ? "invited" : "removed")
                ),
                ("joinedAt", time(person.joinedAt)), ("lastChangeAt", time(person.lastChangeAt)),
              ])
            })
      ),
    ])
  }
}

extension ShareRole {
  var article: String { self == .editor ? "an" : "a" }

  /// What the role allows, as `share` says it.
  func may(onlyPlayer: String?) -> String {
    switch self {
    case .viewer: "they may look, not change"
    case .scorer:
      onlyPlayer.map { "they may add and undo \(quote($0))'s score changes" }
        ?? "they may add score changes and rounds, and undo or correct their own"
    case .editor: "they may change everything but the sharing"
    }
  }
}
