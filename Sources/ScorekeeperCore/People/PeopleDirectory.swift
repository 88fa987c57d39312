/// Who is who: the person links replayed in order (time, then id) over the
/// players' names. A pure function of the synced links, so every device
/// of the user resolves a player to the same person.
///
/// A person's id is a name's key (`Person.key`: "bob"), or, for players a
/// split set apart, `<key>#<the split's id>`. A merge points one person at
/// another; the ids it names are resolved when it is replayed, so two
/// devices merging the same pair both ways at once end as one person, not
/// in a cycle.
public struct PeopleDirectory: Sendable {
  private var mergedInto: [String: String] = [:]
  private var splits: [PlayerKey: String] = [:]
  /// The name each split's person was given.
  private var splitNames: [String: String] = [:]
  /// The name a rename gave each person, by the person as renamed (the
  /// root then: a merge since shows the person it kept, as it names them).
  private var renames: [String: String] = [:]
  /// The links that took effect (not undone, not a merge of one person), in order.
  public private(set) var links: [PersonLink] = []

  private struct PlayerKey: Hashable, Sendable {
    var game: String
    var nameKey: String
  }

  /// Replays `links`, which must be in (time, id) order; an undo takes
  /// out the link it names wherever it is.
  public init(links replayed: [PersonLink]) {
    var undone: Set<String> = []
    for link in replayed { if case .undo(let id) = link.change { undone.insert(id) } }
    for link in replayed where !undone.contains(link.id) {
      switch link.change {
      case .merge(let kept, let merged):
        let (keptRoot, mergedRoot) = (root(of: kept), root(of: merged))
        guard keptRoot != mergedRoot else { continue }
        mergedInto[mergedRoot] = keptRoot
      case .split(let nameKey, let name, let games):
        let person = nameKey + "#" + link.id
        splitNames[person] = name
        for game in games { splits[PlayerKey(game: game, nameKey: nameKey)] = person }
      case .rename(let person, let name):
        renames[root(of: person)] = name
      case .undo:
        continue
      }
      links.append(link)
    }
  }

  /// The person a merge made `id` part of, or `id` itself. (A merge only
  /// ever points at a root, so the chain is short and has no cycle; the
  /// bound guards against a bug ever making one.)
  public func root(of id: String) -> String {
    var current = id
    for _ in 0...mergedInto.count {
      guard let next = mergedInto[current] else { return current }
      current = next
    }
    return current
  }

  /// The person of the player named `name` in the game `gameID`.
  public func person(ofPlayerNamed name: String, inGame gameID: String) -> String {
    let key = Person.key(of: name)
    return root(of: splits[PlayerKey(game: gameID, nameKey: key)] ?? key)
  }

  /// The name a split gave its person, for a split's person id.
  public func splitName(of person: String) -> String? { splitNames[person] }

  /// The name the latest rename gave a person (a root), if one did.
  public func renamedName(of person: String) -> String? { renames[person] }

  /// Whether any link counts: without one, a person is a name.
  public var isEmpty: Bool { links.isEmpty }
}
