/// What a send met so far, batch by batch, and whether it must end. It
/// holds no connection and makes no call: the send loop asks it which
/// records no later batch takes, which zones to fetch before the next
/// round, whether the loop is stuck, and what error the send ends with.
/// So the rule that ends a send is a value, tested alone
/// (`SendLedgerTests`).
///
/// A refusal may only mean this device's view is stale (it names a share
/// the owner's other device stopped, say): the record's zone is fetched
/// and the change sent again once; refused again, it is malformed. A
/// round (one batch's answer recorded) that leaves every record it sent
/// as it was made no progress; three in a row end the send.
struct SendLedger: Equatable {
  /// Rounds in a row without progress that end a send.
  static let roundsWithoutProgressAllowed = 3

  /// Records refused again after their zone was fetched: what the server
  /// said.
  private(set) var malformed: [String: String] = [:]
  /// Records refused for want of room: their zones' owners.
  private(set) var overQuota: [String: String] = [:]
  /// Zones fetched once already because the server refused a change in
  /// them.
  private(set) var refetchedZones: Set<ZoneID> = []
  private(set) var roundsWithoutProgress = 0

  /// The records no later batch of this send takes.
  var refused: Set<String> {
    Set(malformed.keys).union(overQuota.keys)
  }

  /// Takes a batch's outcome; returns the zones to fetch before the next
  /// round, by name: those the outcome asks for, and those of refusals met
  /// for the first time.
  mutating func take(_ outcome: BatchOutcome) -> [ZoneID] {
    var zonesToFetch = outcome.zonesToFetch
    for (name, refusal) in outcome.refused {
      if refetchedZones.contains(refusal.zone) {
        malformed[name] = refusal.message
      } else {
        zonesToFetch.insert(refusal.zone)
      }
    }
    refetchedZones.formUnion(outcome.refused.values.map(\.zone))
    overQuota.merge(outcome.overQuota) { _, owner in owner }
    return zonesToFetch.sorted { ($0.name, $0.ownerName) < ($1.name, $1.ownerName) }
  }

  /// Ends a round: whether recording the batch's answer (and fetching
  /// what it asked for) changed any record the batch sent.
  mutating func endRound(changedAnything: Bool) {
    roundsWithoutProgress = changedAnything ? 0 : roundsWithoutProgress + 1
  }

  /// True once the rounds without progress end the send.
  var isStuck: Bool {
    roundsWithoutProgress >= Self.roundsWithoutProgressAllowed
  }

  /// The error the send ends with, if any: a malformed change first (the
  /// server's words for the first, by its words), then the refusals for
  /// want of room, then a send that made no progress. `pending` counts
  /// what is still pending, asked only for an error that says it.
  func verdict(user: String, pending: () throws -> Int) throws -> SyncError? {
    if let lastError = malformed.values.sorted().first {
      return .notConverging(pending: try pending(), lastError: lastError)
    }
    if !overQuota.isEmpty {
      return .overQuota(owners: Set(overQuota.values).sorted(), user: user, refused: overQuota.count)
    }
    if isStuck {
      return .notConverging(
        pending: try pending(), lastError: "three rounds in a row left every change as it was")
    }
    return nil
  }
}

/// What recording one batch's answer found for the send to do next.
struct BatchOutcome: Equatable {
  var zonesToFetch: Set<ZoneID> = []
  /// Records the server refused as malformed: what it said, and where.
  var refused: [String: Refusal] = [:]
  /// Records refused for want of room: their zones' owners.
  var overQuota: [String: String] = [:]

  struct Refusal: Equatable {
    var zone: ZoneID
    var message: String
  }
}
