/// A person as `people` lists them.
public struct PersonSummary: Hashable, Sendable {
  /// The person's id (`PeopleDirectory`).
  public var person: String
  /// The name shown for them (`PeopleNames`).
  public var name: String
  /// Every name they played under, as spelled, sorted.
  public var names: [String]
  public var games: Int
  /// The last time anything happened in a game they played.
  public var lastPlayed: Timestamp?
  /// The photo of the player they were in the game played last that has one.
  public var photo: Photo?
}

/// What `merge-people`, `split-person` or `rename-person` did.
public struct PeopleChange: Hashable, Sendable {
  public var link: PersonLink
  /// `merge-people`: the person kept and the one merged into them, as
  /// shown before the merge. `split-person`: the name (both), and the
  /// games. `rename-person`: the new name, then the one before (for its
  /// undo: the name shown again, then the one undone).
  public var kept: String
  public var merged: String
  public var games: [Game]
}

extension Store {
  /// The people who played here, and the links that make two names one
  /// person or one name two people (`merge-people`, `split-person`).
  public var people: People { People(store: self) }

  /// A room of the store: the use cases of people, on the store's
  /// connection and in its transactions.
  public struct People {
    let store: Store

    /// The person links, replayed (inside a transaction already open).
    func directory() throws -> PeopleDirectory {
      PeopleDirectory(
        links: try store.database.fetchAll(
          "SELECT \(PersonLink.columns) FROM personLinks ORDER BY time, id", [], PersonLink.init(row:)
        ).compactMap { $0 })
    }

    /// Everyone who played in any game here, by the name shown for them.
    public func all() throws -> [PersonSummary] {
      try store.read { try everyone().summaries }
    }

    /// Every player as a person, and the names shown for them.
    private func everyone() throws -> (summaries: [PersonSummary], directory: PeopleDirectory) {
      let directory = try self.directory()
      var byPerson: [String: PersonSummary] = [:]
      var gamesOf: [String: Set<String>] = [:]
      var spellings = PeopleNames.Spellings()
      try store.database.forEachRow(
        """
        WITH activity (gameID, last) AS (
          SELECT gameID, max(t) FROM (
            SELECT gameID, madeAt AS t FROM rounds UNION ALL SELECT gameID, time FROM gameEvents
            UNION ALL SELECT p.gameID, e.time FROM scoreEvents AS e JOIN players AS p ON p.id = e.playerID)
          GROUP BY gameID)
        SELECT p.gameID, p.name, a.last, \(Photo.columns(of: "ph"))
        FROM players AS p LEFT JOIN activity AS a ON a.gameID = p.gameID
        LEFT JOIN playerPhotos AS ph ON ph.id = p.id
        WHERE \(Store.isPlayer("p"))
        ORDER BY a.last NULLS FIRST, p.rowid
        """
      ) { row in
        let (game, name) = (try row.text(0), try row.text(1))
        guard !Person.isNobody(name) else { return }  // an anonymous seat is no one
        let person = directory.person(ofPlayerNamed: name, inGame: game)
        spellings.note(name)
        var summary =
          byPerson[person]
          ?? PersonSummary(person: person, name: name, names: [], games: 0, lastPlayed: nil, photo: nil)
        if !summary.names.contains(name) { summary.names.append(name) }
        if let last = try row.optionalText(2).flatMap(Timestamp.init(iso8601:)) { summary.lastPlayed = last }
        if let photo = try Photo.read(row, from: 3) { summary.photo = photo }
        gamesOf[person, default: []].insert(game)
        byPerson[person] = summary
      }
      let shown = PeopleNames.shown(for: Set(byPerson.keys), spellings: spellings, directory: directory)
      let summaries = byPerson.values.map { summary in
        var summary = summary
        summary.name = shown[summary.person]!
        summary.names.sort { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
        summary.games = gamesOf[summary.person]!.count
        return summary
      }
      return (
        summaries.sorted { (Person.key(of: $0.name), $0.person) < (Person.key(of: $1.name), $1.person) },
        directory
      )
    }

    /// `merge-people A B`: B is the same person as A from now on, in every
    /// game. Refuses a person no game has, and two names of one person.
    public func merge(_ keptReference: String, _ mergedReference: String) throws -> PeopleChange {
      try store.write {
        let (people, _) = try everyone()
        let kept = try Self.find(keptReference, among: people)
        let merged = try Self.find(mergedReference, among: people)
        guard kept.person != merged.person else {
          throw StoreError.samePerson(reference: keptReference, other: mergedReference, person: kept.name)
        }
        let link = try insertLink("merge", person: kept.person, other: merged.person)
        try store.listLocalChange(link.id)
        return PeopleChange(link: link, kept: kept.name, merged: merged.name, games: [])
      }
    }

    /// `split-person NAME GAME…`: in those games, the players named NAME
    /// are a person of their own, whoever a merge made them before.
    public func split(_ name: String, games references: [String]) throws -> PeopleChange {
      try store.write {
        var games: [Game] = []
        for reference in references {
          let game = try store.findGame(reference)
          let names = try store.playerNames(in: game)
          guard names.values.contains(where: { Person.key(of: $0) == Person.key(of: name) }) else {
            throw StoreError.playerNotFound(
              reference: name, game: game,
              suggestions: Suggestion.closest(to: name, among: names.values.sorted()).map {
                Player(id: "", gameID: game.id, name: $0, score: 0)
              })
          }
          if !games.contains(game) { games.append(game) }
        }
        let ids = JSON.array(games.map { .string($0.id) }).compactText
        let shown = name.trimmingWhitespace()
        let link = try insertLink("split", person: Person.key(of: name), name: shown, games: ids)
        try store.listLocalChange(link.id)
        return PeopleChange(link: link, kept: shown, merged: shown, games: games)
      }
    }

    /// `rename-person OLD NEW`: the person OLD names (as shown, or any name
    /// they played under) is shown as NEW everywhere people are shown;
    /// rosters keep their names. Refuses a person no game has, a new name
    /// another person is shown as (merge them instead), and the same name.
    public func rename(_ reference: String, to name: String) throws -> PeopleChange {
      let name = try TextField.playerName.validate(name)
      return try store.write {
        let (people, _) = try everyone()
        let person = try Self.find(reference, among: people)
        if let other = people.first(where: { Person.key(of: $0.name) == Person.key(of: name) }),
          other.person != person.person
        {
          throw StoreError.personNameTaken(name: name, person: person.name, other: other.name)
        }
        guard name != person.name else { throw StoreError.personNamedAlready(name: name) }
        let link = try insertLink("rename", person: person.person, name: name)
        try store.listLocalChange(link.id)
        return PeopleChange(link: link, kept: name, merged: person.name, games: [])
      }
    }

    /// Undoes a person link this device made (`undo`): what it did, named
    /// as people are shown once it is undone.
    func undoLink(_ id: String) throws -> PeopleChange {
      guard
        let undone = try store.database.fetchOne(
          "SELECT \(PersonLink.columns) FROM personLinks WHERE id = ?1", [.text(id)], PersonLink.init(row:))
          ?? nil
      else { throw StoreError.nothingToUndo }
      _ = try insertLink("undo", undoes: id)
      let (people, directory) = try everyone()
      func shown(_ person: String) -> String {
        let root = directory.root(of: person)
        return people.first { $0.person == root }?.name ?? person
      }
      switch undone.change {
      case .merge(let kept, let merged):
        return PeopleChange(link: undone, kept: shown(kept), merged: shown(merged), games: [])
      case .split(_, let name, let ids):
        let games = try ids.compactMap { id in
          try store.database.fetchOne(
            "SELECT id, title FROM games WHERE id = ?1", [.text(id)], Game.init(row:))
        }
        return PeopleChange(link: undone, kept: name, merged: name, games: games)
      case .rename(let person, let name):
        return PeopleChange(link: undone, kept: shown(person), merged: name, games: [])
      case .undo:
        return PeopleChange(link: undone, kept: "", merged: "", games: [])
      }
    }

    private func insertLink(
      _ kind: String, person: String? = nil, other: String? = nil, name: String? = nil, games: String? = nil,
      undoes: String? = nil
    ) throws -> PersonLink {
      try store.database.fetchOne(
        """
        INSERT INTO personLinks (id, kind, time, device, person, other, name, games, undoes)
        VALUES (uuid(), ?1, now(), (SELECT id FROM localDevice), ?2, ?3, ?4, ?5, ?6)
        RETURNING \(PersonLink.columns)
        """,
        [.text(kind), SQLValue(person), SQLValue(other), SQLValue(name), SQLValue(games), SQLValue(undoes)],
        PersonLink.init(row:))!!
    }

    /// The person a reference names: by the name shown for them (any case),
    /// else by any name a merge made theirs.
    static func find(_ reference: String, among people: [PersonSummary]) throws -> PersonSummary {
      let key = Person.key(of: reference)
      if let person = people.first(where: { Person.key(of: $0.name) == key }) { return person }
      if let person = people.first(where: { $0.names.contains { Person.key(of: $0) == key } }) {
        return person
      }
      throw StoreError.personNotFound(
        reference: reference, suggestions: Suggestion.closest(to: reference, among: people.map(\.name)))
    }
  }
}
