/// One row of schema v26's `kindRules`: a kind's rules set (whole), the
/// user's rules for a kind forgotten, or an undo of either.
public struct KindRulesEntry: Hashable, Sendable {
  public enum Change: Hashable, Sendable {
    case set(KindRules)
    /// The user has no rules of their own for the kind named.
    case forget(name: String)
    /// The row of this id no longer counts.
    case undo(String, name: String)
  }

  public var id: String
  public var change: Change
  public var time: Timestamp

  /// The kind's name, as the row has it.
  public var name: String {
    switch change {
    case .set(let rules): rules.name
    case .forget(let name), .undo(_, let name): name
    }
  }
}

extension KindRulesEntry {
  /// The columns `init(row:)` reads, in order.
  static let columns = """
    id, change, name, time, winner, target, targetThousandths, winBy, roundLimit, start, startThousandths, bust, \
    cooperative, teamSize, roundNames, undoes
    """

  /// The entry a row holds, or nil for one this version cannot read (a
  /// later version's change, rules no command would set, from a forged
  /// or damaged record): it is passed over, as such game events are.
  init?(row: Row) throws {
    id = try row.text(0)
    time = try row.timestamp(3)
    let name = try row.text(2)
    switch try row.text(1) {
    case "set":
      guard let rules = try? Self.rules(named: name, row: row) else { return nil }
      change = .set(rules)
    case "forget":
      change = .forget(name: name)
    case "undo":
      guard let undoes = try row.optionalText(15) else { return nil }
      change = .undo(undoes, name: name)
    default:
      return nil
    }
  }

  private struct Malformed: Error {}

  private static func rules(named name: String, row: Row) throws -> KindRules {
    guard let winner = try row.optionalText(4).flatMap(GameRules.Winner.init(rawValue:)) else {
      throw Malformed()
    }
    func points(_ index: Int) throws -> Points? {
      try row.optionalInt64(index).map { Points(whole: $0, thousandths: try row.optionalInt64(index + 1)) }
    }
    func count(_ index: Int) throws -> Int? { try row.optionalInt64(index).map { Int(clamping: $0) } }
    var roundNames: [String] = []
    if let text = try row.optionalText(14) {
      guard case .array(let items) = try JSON.parse(text) else { throw Malformed() }
      roundNames = try items.map { item in
        guard case .string(let name) = item else { throw Malformed() }
        return name
      }
    }
    return try KindRules(
      name: name,
      rules: GameRules(
        winner: winner, target: try points(5), winBy: try count(7), rounds: try count(8),
        cooperative: try row.optionalInt64(12) == 1, start: try points(9),
        bust: try row.optionalInt64(11) == 1),
      teamSize: try count(13), roundNames: roundNames)
  }
}

/// The user's kinds, replayed from their `kindRules` rows.
public struct KindBook: Hashable, Sendable {
  /// By `GameKind.key`: the user's rules for each kind that has them.
  public private(set) var kinds: [String: KindRules] = [:]

  /// Replays `entries` in (time, id) order: the last row of each kind
  /// that is not undone decides.
  public init(entries: [KindRulesEntry]) {
    let undone = Set(entries.compactMap { if case .undo(let id, _) = $0.change { id } else { nil } })
    for entry in entries where !undone.contains(entry.id) {
      switch entry.change {
      case .set(let rules): kinds[GameKind.key(of: rules.name)] = rules
      case .forget(let name): kinds[GameKind.key(of: name)] = nil
      case .undo: break
      }
    }
  }

  /// The rules of a kind in any case: the user's, else the library's.
  public func rules(of kind: String) -> KindRules? {
    kinds[GameKind.key(of: kind)] ?? BuiltInKinds.named(kind)
  }
}
