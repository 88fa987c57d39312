/// One change to a player's score: the unit that syncs. A score is the sum
/// of its player's events; events are only ever added.
public struct ScoreEvent: Hashable, Sendable {
  public var id: String
  public var playerID: String
  public var delta: Points
  public var time: Timestamp
  /// The id of the device (local database) that made the change.
  public var device: String
  /// The event this one reverts, when it was made by `undo`.
  public var undoes: String?

  public init(
    id: String, playerID: String, delta: Points, time: Timestamp, device: String, undoes: String? = nil
  ) {
    self.id = id
    self.playerID = playerID
    self.delta = delta
    self.time = time
    self.device = device
    self.undoes = undoes
  }

  /// "+5", "-3", "+0", "+0.5".
  public var signedDelta: String { delta.signed }
}

/// A score event as `history` shows it: with its player's name and
/// whether this device made it.
public struct HistoryEntry: Hashable, Sendable {
  public var event: ScoreEvent
  public var playerName: String
  public var isThisDevice: Bool
  /// The round the change belongs to (a correction's: the round it
  /// corrects); nil outside the rounds, or for a round since undone.
  public var round: Int?
  public var isCorrection: Bool
  /// False for points made after the game ended (by time): kept, not counted.
  public var counts: Bool

  public init(
    event: ScoreEvent, playerName: String, isThisDevice: Bool, round: Int? = nil, isCorrection: Bool = false,
    counts: Bool = true
  ) {
    self.event = event
    self.playerName = playerName
    self.isThisDevice = isThisDevice
    self.round = round
    self.isCorrection = isCorrection
    self.counts = counts
  }
}

/// A change to a game itself, as history shows it beside the score
/// changes: its rules changed, it was finished, or reopened.
public struct GameLogEntry: Hashable, Sendable {
  public var id: String
  /// `.rules` (the rules in force after it), `.finish` or `.reopen`.
  public var kind: GameOutcome.Change.Kind
  public var time: Timestamp
  public var device: String
  public var isThisDevice: Bool
  /// The names of the winners a finish named (players since removed are
  /// left out).
  public var winnerNames: [String] = []
}
