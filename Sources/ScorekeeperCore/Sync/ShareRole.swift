/// What someone who joined a shared game may do (issue 49), as `share
/// --role` names it; the cloud knows each as a `SharePermission`.
public enum ShareRole: String, Hashable, Sendable, CaseIterable {
  /// Looks, changes nothing.
  case viewer
  /// Adds score changes and rounds, and undoes or corrects their own.
  case scorer
  /// Changes everything but the sharing, and cannot delete the game.
  case editor

  public var permission: SharePermission {
    switch self {
    case .viewer: .readOnly
    case .scorer: .scoring
    case .editor: .readWrite
    }
  }

  /// Nil for `none` (no role: removed, or a link that admits nobody).
  public init?(_ permission: SharePermission) {
    switch permission {
    case .none: return nil
    case .readOnly: self = .viewer
    case .scoring: self = .scorer
    case .readWrite: self = .editor
    }
  }
}

extension ScorerRules {
  /// A scorekeeper game's: a scorer adds score events and rounds; an
  /// event's undo and round, and a round's undo and correction, must name
  /// the scorer's own (`SyncedTable` record names, `<id>:<table>`).
  public static let scorekeeper = ScorerRules(types: [
    SyncedTable.scoreEvents.name: [
      "undoes": ":" + SyncedTable.scoreEvents.name, "roundID": ":" + SyncedTable.rounds.name,
    ],
    SyncedTable.rounds.name: [
      "undoes": ":" + SyncedTable.rounds.name, "fixes": ":" + SyncedTable.rounds.name,
    ],
  ])
}
