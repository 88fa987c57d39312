/// Rules named on a command line, to lay over a kind's (`kinds --set`,
/// `add-game --kind`): nil keeps a rule as it is.
public struct KindRulesEdit: Hashable, Sendable {
  public var winner: GameRules.Winner?
  public var target: RuleChange<Points>?
  public var winBy: RuleChange<Int>?
  public var rounds: RuleChange<Int>?
  public var start: RuleChange<Points>?
  public var bust: Bool?
  public var cooperative: Bool?
  public var counted: Bool?
  public var teamSize: RuleChange<Int>?
  public var roundNames: RuleChange<[String]>?

  public init(
    winner: GameRules.Winner? = nil, target: RuleChange<Points>? = nil, winBy: RuleChange<Int>? = nil,
    rounds: RuleChange<Int>? = nil, start: RuleChange<Points>? = nil, bust: Bool? = nil,
    cooperative: Bool? = nil, counted: Bool? = nil, teamSize: RuleChange<Int>? = nil,
    roundNames: RuleChange<[String]>? = nil
  ) {
    self.winner = winner
    self.target = target
    self.winBy = winBy
    self.rounds = rounds
    self.start = start
    self.bust = bust
    self.cooperative = cooperative
    self.counted = counted
    self.teamSize = teamSize
    self.roundNames = roundNames
  }

  /// `kind` with these rules laid over it, checked whole. Removing the
  /// target removes the lead to win by and the bust with it, as
  /// `set-rules --no-target` does, unless given here too. A co-operative
  /// game given here drops the kind's target and rounds (it ends when
  /// the table's result is said), and a target or rounds given drop the
  /// kind's co-operation, so options win over the kind without a clash.
  public func applied(to kind: KindRules) throws -> KindRules {
    var rules = kind.rules
    func value<T>(_ change: RuleChange<T>?, _ current: T?) -> T? {
      switch change {
      case .set(let value): value
      case .remove: nil
      case nil: current
      }
    }
    if cooperative == true {
      if target == nil { rules.target = nil }
      if rounds == nil { rules.rounds = nil }
    } else if cooperative == nil, isSet(target) || isSet(rounds) {
      rules.cooperative = false
    }
    let target = value(self.target, rules.target)
    let targetGone = target == nil && rules.target != nil
    let made = try GameRules(
      winner: winner ?? rules.winner, target: target,
      winBy: value(winBy, targetGone && winBy == nil ? nil : rules.winBy),
      rounds: value(rounds, rules.rounds), counted: counted ?? rules.counted,
      cooperative: cooperative ?? rules.cooperative, start: value(start, rules.start),
      bust: bust ?? (targetGone ? false : rules.bust))
    return try KindRules(
      name: kind.name, rules: made, teamSize: value(teamSize, kind.teamSize),
      roundNames: value(roundNames, kind.roundNames) ?? [], source: kind.source)
  }
}

/// Whether `change` gives a value (not nil, not a removal).
private func isSet<T>(_ change: RuleChange<T>?) -> Bool {
  if case .set = change { true } else { false }
}
