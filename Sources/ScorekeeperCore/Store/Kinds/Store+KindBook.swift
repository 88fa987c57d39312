/// What `kinds --set`, `kinds --forget`, or an undo of either did.
public struct KindRulesChange: Hashable, Sendable {
  /// The row written; nil when nothing changed.
  public var id: String?
  /// The kind's name as shown.
  public var name: String
  /// The kind's rules before and after (the built-in ones when the user
  /// has none; nil for a kind with no rules).
  public var previous: KindRules?
  public var current: KindRules?
}

extension Store {
  /// The user's kinds and their rules (`kinds --set`), over the built-in
  /// library.
  public var kindRules: KindRulesRoom { KindRulesRoom(store: self) }

  /// A room of the store: the use cases of kinds' rules, on the store's
  /// connection and in its transactions.
  public struct KindRulesRoom {
    let store: Store

    /// The user's kinds, replayed (inside a transaction already open).
    func book() throws -> KindBook {
      KindBook(
        entries: try store.database.fetchAll(
          "SELECT \(KindRulesEntry.columns) FROM kindRules ORDER BY time, id", [], KindRulesEntry.init(row:)
        ).compactMap { $0 })
    }

    /// A kind's rules in any case: the user's, else the built-in ones;
    /// nil for a kind with neither.
    public func rules(of kind: String) throws -> KindRules? {
      try store.read { try book().rules(of: kind) }
    }

    /// The user's own kinds with rules, by name.
    public func own() throws -> [KindRules] {
      try store.read { try book().kinds.values.sorted { $0.name.lowercased() < $1.name.lowercased() } }
    }

    /// Sets a kind's rules from now on: `edit` laid over its rules as they
    /// are (the user's, else the built-in ones, else none), kept whole as
    /// the user's own. The kind keeps the spelling it has (the user's,
    /// the library's, its games'); a new one is spelled as typed.
    public func set(_ kind: String, _ edit: KindRulesEdit) throws -> KindRulesChange {
      let typed = try TextField.gameKind.validate(kind)
      return try store.write {
        let book = try book()
        let previous = book.rules(of: typed)
        let name =
          try previous?.name
          ?? store.kinds(finished: []).first { GameKind.key(of: $0.name) == GameKind.key(of: typed) }?.name
          ?? typed
        var current = try edit.applied(to: previous ?? KindRules(name: name))
        current.source = .yours
        guard current != previous else {
          return KindRulesChange(id: nil, name: name, previous: previous, current: current)
        }
        let id = try insert("set", current)
        try store.listLocalChange(id)
        return KindRulesChange(id: id, name: name, previous: previous, current: current)
      }
    }

    /// Forgets the user's rules for a kind: the built-in ones, if any,
    /// are its rules again. A kind the user set no rules for is refused,
    /// with the closest ones they did.
    public func forget(_ kind: String) throws -> KindRulesChange {
      try store.write {
        let book = try book()
        guard let own = book.kinds[GameKind.key(of: kind)] else {
          throw StoreError.noOwnKindRules(
            reference: kind, suggestions: Suggestion.closest(to: kind, among: book.kinds.values.map(\.name)))
        }
        let id = try insert("forget", name: own.name)
        try store.listLocalChange(id)
        return KindRulesChange(id: id, name: own.name, previous: own, current: BuiltInKinds.named(own.name))
      }
    }

    /// Undoes a row this device wrote (`undo`): the kind's rules as they
    /// were before it.
    func undo(_ id: String) throws -> KindRulesChange {
      guard
        let undone = try store.database.fetchOne(
          "SELECT \(KindRulesEntry.columns) FROM kindRules WHERE id = ?1", [.text(id)],
          KindRulesEntry.init(row:))
          ?? nil
      else { throw StoreError.nothingToUndo }
      let previous = try book().rules(of: undone.name)
      let row = try insert("undo", name: undone.name, undoes: id)
      return KindRulesChange(
        id: row, name: undone.name, previous: previous, current: try book().rules(of: undone.name))
    }

    /// Whether the row `id` is one of these (what `undo` reaches).
    func has(_ id: String) throws -> Bool {
      try store.database.fetchOne("SELECT 1 FROM kindRules WHERE id = ?1", [.text(id)]) { _ in true } ?? false
    }

    private func insert(_ change: String, _ kind: KindRules) throws -> String {
      let rules = kind.rules
      return try insert(
        change, name: kind.name,
        values: [
          .text(rules.winner.rawValue), rules.target.map(SQLValue.whole) ?? .null,
          rules.target.map(SQLValue.thousandths) ?? .null, SQLValue(rules.winBy.map(Int64.init)),
          SQLValue(rules.rounds.map(Int64.init)), rules.start.map(SQLValue.whole) ?? .null,
          rules.start.map(SQLValue.thousandths) ?? .null, .integer(rules.bust ? 1 : 0),
          .integer(rules.cooperative ? 1 : 0), SQLValue(kind.teamSize.map(Int64.init)),
          kind.roundNames.isEmpty ? .null : .text(JSON.array(kind.roundNames.map(JSON.string)).compactText),
        ])
    }

    private func insert(
      _ change: String, name: String, values: [SQLValue] = Array(repeating: .null, count: 11),
      undoes: String? = nil
    ) throws -> String {
      try store.database.fetchOne(
        """
        INSERT INTO kindRules (id, change, name, time, device, winner, target, targetThousandths, winBy,
          roundLimit, start, startThousandths, bust, cooperative, teamSize, roundNames, undoes)
        VALUES (uuid(), ?1, ?2, now(), (SELECT id FROM localDevice), ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12,
          ?13, ?14)
        RETURNING id
        """, [.text(change), .text(name)] + values + [SQLValue(undoes)]
      ) { try $0.text(0) }!
    }
  }
}

extension Store.KindRulesRoom {
  /// The rules a new game of `kind` starts with: the kind's (the user's,
  /// else the built-in ones), with `edit` laid over them; without a kind,
  /// `edit` over classic rules. A kind no game has, no one set and the
  /// library lacks is refused when it is close to a known one: a typo
  /// ("Heartz") would start a game without the rules the user expects.
  public func forNewGame(kind: String?, _ edit: KindRulesEdit) throws -> (rules: GameRules, kind: KindRules?)
  {
    guard let kind else { return (try edit.applied(to: KindRules(name: "-")).rules, nil) }
    let typed = try TextField.gameKind.validate(kind)
    return try store.read {
      let book = try book()
      if let known = book.rules(of: typed) { return (try edit.applied(to: known).rules, known) }
      let names =
        book.kinds.values.map(\.name) + BuiltInKinds.all.map(\.name)
        + (try store.kinds(finished: []).map(\.name))
      if !names.contains(where: { GameKind.key(of: $0) == GameKind.key(of: typed) }) {
        let close = Suggestion.closest(to: typed, among: names)
        if !close.isEmpty { throw StoreError.kindLikeKnown(reference: typed, suggestions: close) }
      }
      return (try edit.applied(to: KindRules(name: typed)).rules, nil)
    }
  }

  /// The round name a new round of `game` takes when none is typed: the
  /// first of its kind's names that none of its rounds has (inside a
  /// write); nil when the kind names none, or all are used.
  func nextRoundName(of game: Game, used: [String?]) throws -> String? {
    guard let kind = try store.kind(of: game), let names = try book().rules(of: kind)?.roundNames else {
      return nil
    }
    let taken = Set(used.compactMap { $0.map(GameKind.key(of:)) })
    return names.first { !taken.contains(GameKind.key(of: $0)) }
  }
}

/// A kind as `kinds` lists it: its games, and its rules if it has any.
public struct KindListing: Hashable, Sendable {
  /// Its games; nil in a list of kinds that are not this user's (the
  /// built-in ones).
  public var summary: KindSummary?
  public var rules: KindRules?

  public init(summary: KindSummary?, rules: KindRules?) {
    self.summary = summary
    self.rules = rules
  }

  /// A kind no game has yet, with its rules.
  public static func unplayed(_ rules: KindRules) -> KindListing {
    KindListing(summary: KindSummary(name: rules.name, games: 0, finished: 0), rules: rules)
  }
}

extension Store.KindRulesRoom {
  /// Every kind a game has, and every kind the user set rules for, each
  /// with its rules (the user's, else the built-in ones): most games
  /// first, then by name.
  public func listed() throws -> [KindListing] {
    try store.read {
      let book = try book()
      let finished = Set(try store.finishedGamesInOrder(naming: false).games.map(\.game.id))
      var listings = try store.kinds(finished: finished).map {
        KindListing(summary: $0, rules: book.rules(of: $0.name))
      }
      let listed = Set(listings.map { GameKind.key(of: $0.summary!.name) })
      for own in book.kinds.values.sorted(by: { $0.name.lowercased() < $1.name.lowercased() })
      where !listed.contains(GameKind.key(of: own.name)) {
        listings.append(KindListing(summary: KindSummary(name: own.name, games: 0, finished: 0), rules: own))
      }
      return listings
    }
  }

  /// One kind, in any case: its games and rules. A kind with neither is
  /// refused, with the closest ones that have either.
  public func listing(of kind: String) throws -> KindListing {
    let known = try listed()
    if let found = known.first(where: { GameKind.key(of: $0.summary!.name) == GameKind.key(of: kind) }) {
      return found
    }
    if let builtIn = BuiltInKinds.named(kind) { return .unplayed(builtIn) }
    throw StoreError.kindNotFound(
      reference: kind,
      suggestions: Suggestion.closest(
        to: kind, among: known.map(\.summary!.name) + BuiltInKinds.all.map(\.name)))
  }
}
