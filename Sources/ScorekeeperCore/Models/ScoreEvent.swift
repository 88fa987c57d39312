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
  /// Who made it (`isThisDevice` says it too).
  public var author: ChangeAuthor
  /// The round the change belongs to (a correction's: the round it
  /// corrects; an undo's: the round it takes back); nil outside the
  /// rounds. A round since undone keeps the number it had.
  public var round: Int?
  /// That round's name, if it has one (`round --name`).
  public var roundName: String? = nil
  /// When it was entered, for a change recorded after it happened (`--at`).
  public var enteredAt: Timestamp? = nil
  public var isCorrection: Bool
  /// The round was undone since (its own changes), or this change undoes
  /// it (the undo's).
  public var roundUndone = false
  /// The change this one undoes, when it is an undo's.
  public var undid: ScoreEvent? = nil
  /// False for points made after the game ended (by time): kept, not counted.
  public var counts: Bool
  /// The points would have taken the player's side past the target
  /// (`--bust`): kept, counted 0.
  public var busted = false

  public init(
    event: ScoreEvent, playerName: String, isThisDevice: Bool, round: Int? = nil, isCorrection: Bool = false,
    counts: Bool = true
  ) {
    self.event = event
    self.playerName = playerName
    self.isThisDevice = isThisDevice
    author = isThisDevice ? .thisDevice(user: nil) : .ownDevice(event.device, user: nil)
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
  /// Who made it (`isThisDevice` says it too).
  public var author: ChangeAuthor
  /// When it was entered, for a change recorded after it happened (`--at`).
  public var enteredAt: Timestamp? = nil
  /// The names of the winners a finish named (players since removed are
  /// left out), or of those who won when the game ended by itself.
  public var winnerNames: [String] = []
  /// How the game ended by itself at this change (a target reached, the
  /// rounds played): an ending no change of its own says (`kind` is then
  /// `.finish`, and `id` the change that ended it). Nil for a finish.
  public var ending: GameOutcome.Ending? = nil
}
