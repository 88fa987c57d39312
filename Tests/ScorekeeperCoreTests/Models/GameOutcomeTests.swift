import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Rules, ranks, teams and endings as pure functions of a game's log: the
/// model the rounds and results of issue 31 are built on.
@Suite struct GameOutcomeTests {
  static let ann = "a", bob = "b", cy = "c", dee = "d"
  static let four: [(id: String, team: String?)] = [(ann, nil), (bob, nil), (cy, nil), (dee, nil)]

  /// Change `n` of a log, a minute after the one before it.
  static func at(_ n: Int64) -> Timestamp { Timestamp(millisecondsSince1970: 1_000_000 + n * 60_000) }

  static func round(_ n: Int64, _ points: [String: Points]) -> GameOutcome.Change {
    GameOutcome.Change(id: "r\(n)", time: at(n), kind: .points(points, rounds: 1))
  }

  static func rules(_ winner: GameRules.Winner = .highest, target: Points? = nil, rounds: Int? = nil)
    -> GameRules
  {
    try! GameRules(winner: winner, target: target, rounds: rounds)
  }

  @Test(
    "ties share a rank and the next is skipped; lowest-wins reverses the order; ties keep the given order")
  func ranks() {
    let entries = [
      Ranking.Entry(id: Self.ann, total: 5), Ranking.Entry(id: Self.bob, total: 9),
      Ranking.Entry(id: Self.cy, total: 5), Ranking.Entry(id: Self.dee, total: 1),
    ]
    #expect(
      Ranking.places(of: entries, under: Self.rules(.highest)).map { "\($0.rank) \($0.id) \($0.total)" }
        == ["1 b 9", "2 a 5", "2 c 5", "4 d 1"])
    #expect(
      Ranking.places(of: entries, under: Self.rules(.lowest)).map { "\($0.rank) \($0.id) \($0.total)" }
        == ["1 d 1", "2 a 5", "2 c 5", "4 b 9"])
  }

  @Test("with teams, sides are teams ranked by their members' sum; a player without a team plays alone")
  func teams() {
    let entries = [
      Ranking.Entry(id: Self.ann, total: 3, team: "Owls"),
      Ranking.Entry(id: Self.bob, total: 4, team: "Larks"),
      Ranking.Entry(id: Self.cy, total: 4, team: "Owls"), Ranking.Entry(id: Self.dee, total: 7),
    ]
    let places = Ranking.places(of: entries, under: Self.rules())
    #expect(
      places == [
        Ranking.Place(rank: 1, team: "Owls", total: 7, members: [Self.ann, Self.cy]),
        Ranking.Place(rank: 1, team: nil, total: 7, members: [Self.dee]),
        Ranking.Place(rank: 3, team: "Larks", total: 4, members: [Self.bob]),
      ])
    #expect(Ranking.winners(of: places).flatMap(\.members) == [Self.ann, Self.cy, Self.dee])
  }

  @Test("a target or a number of rounds must be 1 or more, and the error quotes it")
  func badRules() {
    #expect(throws: GameRulesError.targetNotPositive(0)) { try GameRules(target: 0) }
    #expect(throws: GameRulesError.targetNotPositive(-5)) { try GameRules(target: -5) }
    #expect(throws: GameRulesError.roundsNotPositive(0)) { try GameRules(rounds: 0) }
    #expect(
      "\(GameRulesError.targetNotPositive(-5))"
        == "The target -5 is not a total a game can reach: give a number above 0 "
        + "(0 only for a countdown: --start above it and --lowest-wins).")
  }

  @Test("Hearts: reaching 100 ends the game at that round, the lowest total wins, later points do not count")
  func hearts() {
    let log = [
      Self.round(1, [Self.ann: 26, Self.bob: 0, Self.cy: 0, Self.dee: 0]),
      Self.round(2, [Self.ann: 60, Self.bob: 13, Self.cy: 13, Self.dee: 0]),
      Self.round(3, [Self.ann: 20, Self.bob: 6, Self.cy: 0, Self.dee: 0]),
      Self.round(4, [Self.ann: 0, Self.bob: 26, Self.cy: 0, Self.dee: 0]),
    ]
    let outcome = GameOutcome(replaying: log, players: Self.four, rules: Self.rules(.lowest, target: 100))
    #expect(outcome.totals == [Self.ann: 106, Self.bob: 19, Self.cy: 13, Self.dee: 0])
    #expect(outcome.roundsPlayed == 3)
    #expect(outcome.finish == GameOutcome.Finish(.target, by: "r3"))
    #expect(outcome.notCounted == ["r4"])
    #expect(outcome.winners(players: Self.four) == [Self.dee])
  }

  @Test("Catan: a tie below the target is no win; the round that reaches 10 ends it; two reaching it tie")
  func catan() {
    let two: [(id: String, team: String?)] = [(Self.ann, nil), (Self.bob, nil)]
    var log = [Self.round(1, [Self.ann: 9, Self.bob: 9])]
    let tied = GameOutcome(replaying: log, players: two, rules: Self.rules(target: 10))
    #expect(!tied.isFinished)
    #expect(tied.winners(players: two) == nil)
    log.append(Self.round(2, [Self.bob: 1]))
    let won = GameOutcome(replaying: log, players: two, rules: Self.rules(target: 10))
    #expect(won.finish == GameOutcome.Finish(.target, by: "r2"))
    #expect(won.winners(players: two) == [Self.bob])
    let both = GameOutcome(
      replaying: [Self.round(1, [Self.ann: 10, Self.bob: 10])], players: two, rules: Self.rules(target: 10))
    #expect(both.winners(players: two) == [Self.ann, Self.bob])
  }

  @Test("ping-pong to 11, win by 2: 10-10 goes on, 11-10 goes on, the first two-point lead ends it")
  func winBy() throws {
    let two: [(id: String, team: String?)] = [(Self.ann, nil), (Self.bob, nil)]
    let rules = try GameRules(target: 11, winBy: 2)
    // Point by point from 9-9: Ann, Bob, Ann, Bob, Ann, Ann.
    var log = [Self.round(1, [Self.ann: 9, Self.bob: 9])]
    for (n, player) in [Self.ann, Self.bob, Self.ann, Self.bob, Self.ann, Self.ann].enumerated() {
      log.append(Self.round(Int64(n + 2), [player: 1]))
    }
    let states = (1...log.count).map { count in
      let outcome = GameOutcome(replaying: Array(log.prefix(count)), players: two, rules: rules)
      return "\(outcome.totals[Self.ann]!)-\(outcome.totals[Self.bob]!) \(outcome.isFinished ? "over" : "on")"
    }
    #expect(states == ["9-9 on", "10-9 on", "10-10 on", "11-10 on", "11-11 on", "12-11 on", "13-11 over"])
    let over = GameOutcome(replaying: log, players: two, rules: rules)
    #expect(over.finish == GameOutcome.Finish(.target, by: "r7"))
    #expect(over.winners(players: two) == [Self.ann])
    // A lead at once is enough; one side alone needs none.
    let straight = GameOutcome(
      replaying: [Self.round(1, [Self.ann: 11, Self.bob: 4])], players: two, rules: rules)
    #expect(straight.finish == GameOutcome.Finish(.target, by: "r1"))
    let alone = GameOutcome(
      replaying: [Self.round(1, [Self.ann: 11])], players: [(Self.ann, nil)], rules: rules)
    #expect(alone.isFinished)
  }

  @Test("win by: the lowest total leads in a lowest-wins game, teams lead as sides, the rounds still end it")
  func winByLowestTeamsRounds() throws {
    let lowest = try GameRules(winner: .lowest, target: 100, winBy: 10)
    // Bob reaches 100; Ann, lowest, leads Cy by 5, then by 15.
    let close = [Self.round(1, [Self.ann: 40, Self.bob: 100, Self.cy: 45])]
    let three = Array(Self.four.prefix(3))
    #expect(!GameOutcome(replaying: close, players: three, rules: lowest).isFinished)
    let clear = close + [Self.round(2, [Self.cy: 10])]
    let ended = GameOutcome(replaying: clear, players: three, rules: lowest)
    #expect(ended.finish == GameOutcome.Finish(.target, by: "r2"))
    #expect(ended.winners(players: three) == [Self.ann])
    // Teams: Owls (Ann, Cy) 11 against Larks (Bob, Dee) 10 is no lead of 2.
    let teams: [(id: String, team: String?)] = [
      (Self.ann, "Owls"), (Self.bob, "Larks"), (Self.cy, "Owls"), (Self.dee, "Larks"),
    ]
    let sides = try GameRules(target: 11, winBy: 2)
    let level = [Self.round(1, [Self.ann: 6, Self.bob: 5, Self.cy: 5, Self.dee: 5])]
    #expect(!GameOutcome(replaying: level, players: teams, rules: sides).isFinished)
    let ahead = level + [Self.round(2, [Self.cy: 1])]
    #expect(
      GameOutcome(replaying: ahead, players: teams, rules: sides).winners(players: teams) == [
        Self.ann, Self.cy,
      ])
    // A number of rounds ends the game whatever the lead.
    let capped = try GameRules(target: 11, winBy: 2, rounds: 1)
    let two: [(id: String, team: String?)] = [(Self.ann, nil), (Self.bob, nil)]
    let last = GameOutcome(
      replaying: [Self.round(1, [Self.ann: 11, Self.bob: 10])], players: two, rules: capped)
    #expect(last.finish == GameOutcome.Finish(.rounds, by: "r1"))
  }

  @Test("a lead to win by must be 1 or more and needs a target; removing the target removes it")
  func badWinBy() throws {
    #expect(throws: GameRulesError.winByNotPositive(0)) { try GameRules(target: 11, winBy: 0) }
    #expect(throws: GameRulesError.winByWithoutTarget(2)) { try GameRules(winBy: 2) }
    #expect(
      "\(GameRulesError.winByWithoutTarget(2))"
        == "To win by 2, a game needs a target to reach first: give --target too.")
    #expect(
      "\(GameRulesError.winByNotPositive(-1))"
        == "A game cannot be won by -1: give a lead of 1 or more to win by.")
    let rules = try GameRules(target: 11, winBy: 2)
    #expect(rules.changed(winner: nil, target: 0, rounds: nil) == .classic)
    #expect(rules.changed(winner: nil, target: nil, winBy: 0, rounds: nil) == (try GameRules(target: 11)))
    #expect(rules.changed(winner: nil, target: 21, rounds: nil) == (try GameRules(target: 21, winBy: 2)))
  }

  /// Darts 501: each player starts at 501 (a change outside the rounds),
  /// the lowest wins, the game ends at 0.
  static func darts(bust: Bool) throws -> (GameRules, [GameOutcome.Change]) {
    let rules = try GameRules(winner: .lowest, target: 0, start: 501, bust: bust)
    let starts = [Self.ann, Self.bob].enumerated().map { index, player in
      GameOutcome.Change(id: "s\(index)", time: Self.at(0), kind: .points([player: 501], rounds: 0))
    }
    return (rules, starts)
  }

  @Test(
    "a countdown ends when a total comes down to the target; a side not yet given its start has not reached it"
  )
  func countdown() throws {
    let (rules, starts) = try Self.darts(bust: false)
    let two: [(id: String, team: String?)] = [(Self.ann, nil), (Self.bob, nil)]
    // Before anyone's start, both sides are at 0 and nothing has ended.
    #expect(!GameOutcome(replaying: [], players: two, rules: rules).isFinished)
    #expect(!GameOutcome(replaying: Array(starts.prefix(1)), players: two, rules: rules).isFinished)
    let log =
      starts + [
        Self.round(1, [Self.ann: -180, Self.bob: -100]), Self.round(2, [Self.ann: -180, Self.bob: -140]),
        Self.round(3, [Self.ann: -150, Self.bob: -60]), Self.round(4, [Self.bob: -20]),
      ]
    // Without a bust, Ann's -150 from 141 takes her below 0: that ends it.
    let outcome = GameOutcome(replaying: log, players: two, rules: rules)
    #expect(outcome.totals == [Self.ann: -9, Self.bob: 201])
    #expect(outcome.finish == GameOutcome.Finish(.target, by: "r3"))
    #expect(outcome.notCounted == ["r4"])
    #expect(outcome.busts == [:])
    #expect(outcome.winners(players: two) == [Self.ann])
  }

  @Test("a bust counts 0 for the side it would take past the target, so a countdown ends at exactly 0")
  func bust() throws {
    let (rules, starts) = try Self.darts(bust: true)
    let two: [(id: String, team: String?)] = [(Self.ann, nil), (Self.bob, nil)]
    let log =
      starts + [
        Self.round(1, [Self.ann: -180, Self.bob: -100]), Self.round(2, [Self.ann: -180, Self.bob: -140]),
        Self.round(3, [Self.ann: -150, Self.bob: -60]),
        GameOutcome.Change(id: "c4", time: Self.at(4), kind: .points([Self.ann: -141], rounds: 0)),
        Self.round(5, [Self.bob: -20]),
      ]
    let outcome = GameOutcome(replaying: log, players: two, rules: rules)
    #expect(outcome.busts == ["r3": [Self.ann]])
    #expect(outcome.totals == [Self.ann: 0, Self.bob: 201])
    #expect(outcome.finish == GameOutcome.Finish(.target, by: "c4"))
    #expect(outcome.notCounted == ["r5"])
    #expect(!outcome.countsEveryPoint)
    // A team busts whole: Owls at 10 with -6 and -6 passes 0, though
    // each alone would not; Larks' -10 reaches it exactly.
    let teams: [(id: String, team: String?)] = [
      (Self.ann, "Owls"), (Self.bob, "Larks"), (Self.cy, "Owls"), (Self.dee, "Larks"),
    ]
    let small = try GameRules(winner: .lowest, target: 0, start: 5, bust: true)
    let teamStarts = GameOutcome.Change(
      id: "s", time: Self.at(0),
      kind: .points([Self.ann: 5, Self.bob: 5, Self.cy: 5, Self.dee: 5], rounds: 0))
    let teamLog = [
      teamStarts, Self.round(1, [Self.ann: -6, Self.cy: -6, Self.bob: -4, Self.dee: -6]),
    ]
    let teamOutcome = GameOutcome(replaying: teamLog, players: teams, rules: small)
    #expect(teamOutcome.busts == ["r1": [Self.ann, Self.cy]])
    #expect(teamOutcome.totals == [Self.ann: 5, Self.bob: 1, Self.cy: 5, Self.dee: -1])
    #expect(teamOutcome.finish == GameOutcome.Finish(.target, by: "r1"))
    #expect(teamOutcome.winners(players: teams) == [Self.bob, Self.dee])
    // Counting up, a bust is passing the target from below.
    let up = try GameRules(target: 21, bust: true)
    let upLog = [Self.round(1, [Self.ann: 15]), Self.round(2, [Self.ann: 7]), Self.round(3, [Self.ann: 6])]
    let upOutcome = GameOutcome(replaying: upLog, players: two, rules: up)
    #expect(upOutcome.busts == ["r2": [Self.ann]])
    #expect(upOutcome.finish == GameOutcome.Finish(.target, by: "r3"))
  }

  @Test("a start, a bust and a target of 0 must fit together, and each refusal says why")
  func badCountdown() throws {
    #expect(throws: GameRulesError.startNotPositive(0)) { try GameRules(start: 0) }
    #expect(throws: GameRulesError.bustWithoutTarget) { try GameRules(bust: true) }
    #expect(throws: GameRulesError.targetNotPositive(0)) { try GameRules(winner: .lowest, target: 0) }
    #expect(throws: GameRulesError.startAtTarget(100)) { try GameRules(target: 100, start: 100) }
    #expect(throws: GameRulesError.countdownHighestWins(start: 501, target: 0)) {
      try GameRules(target: 0, start: 501)
    }
    #expect(
      "\(GameRulesError.countdownHighestWins(start: 501, target: 0))"
        == "Starting at 501, the target 0 is reached by counting down, where the lowest total wins: "
        + "add --lowest-wins (darts 501), or give a target above the start.")
    #expect(
      "\(GameRulesError.bustWithoutTarget)"
        == "A bust is a score that would pass the target: give --target too (darts: --start 501 --target 0 --bust)."
    )
    // Counting up from a start is no countdown; Hearts from 50 to 100 is fine.
    #expect(!(try GameRules(winner: .lowest, target: 100, start: 50)).isCountdown)
    // A target of 0 is kept only when logged as one; removing the target removes the bust.
    let (rules, _) = try Self.darts(bust: true)
    let logged = GameRules.classic.changed(
      winner: .lowest, target: 0, targetZero: true, rounds: nil, start: 501, bust: true)
    #expect(logged == rules)
    #expect(rules.changed(winner: nil, target: 0, rounds: nil).target == nil)
    #expect(rules.changed(winner: nil, target: 0, rounds: nil).bust == false)
  }

  @Test("a set number of rounds ends the game after the last; score changes outside rounds are no round")
  func roundLimit() {
    let log = [
      Self.round(1, [Self.ann: 2]),
      GameOutcome.Change(id: "s2", time: Self.at(2), kind: .points([Self.bob: 5], rounds: 0)),
      Self.round(3, [Self.bob: 1]), Self.round(4, [Self.ann: 1]),
    ]
    let outcome = GameOutcome(replaying: log, players: Self.four, rules: Self.rules(rounds: 2))
    #expect(outcome.roundsPlayed == 2)
    #expect(outcome.finish == GameOutcome.Finish(.rounds, by: "r3"))
    #expect(outcome.winners(players: Self.four) == [Self.bob])
    #expect(outcome.notCounted == ["r4"])
  }

  @Test("finish names the winners of a game without points; reopen resumes it, and the next change is judged")
  func finishAndReopen() {
    let two: [(id: String, team: String?)] = [(Self.ann, nil), (Self.bob, nil)]
    let chess = GameOutcome(
      replaying: [GameOutcome.Change(id: "f1", time: Self.at(1), kind: .finish(winners: [Self.bob]))],
      players: two, rules: .classic)
    #expect(chess.finish == GameOutcome.Finish(.byHand(winners: [Self.bob]), by: "f1"))
    #expect(chess.winners(players: two) == [Self.bob])

    let log = [
      Self.round(1, [Self.ann: 10]),
      GameOutcome.Change(id: "o2", time: Self.at(2), kind: .reopen),
      Self.round(3, [Self.bob: 3]),
    ]
    let reopened = GameOutcome(replaying: Array(log.prefix(2)), players: two, rules: Self.rules(target: 10))
    #expect(!reopened.isFinished)
    let again = GameOutcome(replaying: log, players: two, rules: Self.rules(target: 10))
    #expect(again.finish == GameOutcome.Finish(.target, by: "r3"))
    #expect(again.totals == [Self.ann: 10, Self.bob: 3])
  }

  static func placed(_ outcome: GameOutcome, _ players: [(id: String, team: String?)]) -> [String] {
    outcome.places(players: players).map { "\($0.rank) \($0.id) \($0.total)" }
  }

  @Test("winners named by finish rank first in every view, then the others by their totals")
  func namedWinnersFirst() {
    // Ann leads, Bob is named: Bob first, then Ann, Cy and Dee by totals (Cy and Dee tie).
    let log = [
      Self.round(1, [Self.ann: 9, Self.bob: 2, Self.cy: 5, Self.dee: 5]),
      GameOutcome.Change(id: "f2", time: Self.at(2), kind: .finish(winners: [Self.bob])),
    ]
    let outcome = GameOutcome(replaying: log, players: Self.four, rules: .classic)
    #expect(outcome.isPlacedByFinish)
    #expect(Self.placed(outcome, Self.four) == ["1 b 2", "2 a 9", "3 c 5", "3 d 5"])
    #expect(outcome.winners(players: Self.four) == [Self.bob])
    // Without a finish naming anyone, the totals place them.
    let byTotals = GameOutcome(replaying: [log[0]], players: Self.four, rules: .classic)
    #expect(!byTotals.isPlacedByFinish)
    #expect(Self.placed(byTotals, Self.four) == ["1 a 9", "2 c 5", "2 d 5", "4 b 2"])
  }

  @Test("a finish's places place the sides as given; those it leaves out share the place after the last")
  func givenPlaces() {
    // BG Stats' ranks: Cy and Ann tie on points, Cy ranked first; Dee
    // has neither score nor rank.
    let log = [
      Self.round(1, [Self.ann: 7, Self.bob: 3, Self.cy: 7]),
      GameOutcome.Change(
        id: "f2", time: Self.at(2), kind: .finish(winners: nil, places: [[Self.cy], [Self.ann], [Self.bob]])),
    ]
    let outcome = GameOutcome(replaying: log, players: Self.four, rules: .classic)
    #expect(Self.placed(outcome, Self.four) == ["1 c 7", "2 a 7", "3 b 3", "4 d 0"])
    #expect(outcome.winners(players: Self.four) == [Self.cy])
    // Shared places, and teams: a team takes its best member's place.
    let teams: [(id: String, team: String?)] = [
      (Self.ann, "Owls"), (Self.bob, "Larks"), (Self.cy, "Owls"), (Self.dee, nil),
    ]
    let shared = GameOutcome(
      replaying: [
        GameOutcome.Change(
          id: "f1", time: Self.at(1), kind: .finish(winners: nil, places: [[Self.bob, Self.dee], [Self.cy]]))
      ], players: teams, rules: .classic)
    #expect(
      shared.places(players: teams) == [
        Ranking.Place(rank: 1, team: "Larks", total: 0, members: [Self.bob]),
        Ranking.Place(rank: 1, team: nil, total: 0, members: [Self.dee]),
        Ranking.Place(rank: 3, team: "Owls", total: 0, members: [Self.ann, Self.cy]),
      ])
  }

  @Test("a rule change keeps a game out of statistics, finished or not, and later ones count it again")
  func counting() throws {
    let two: [(id: String, team: String?)] = [(Self.ann, nil), (Self.bob, nil)]
    let notCounted = GameRules.classic.changed(winner: nil, target: nil, rounds: nil, counted: false)
    let log = [
      Self.round(1, [Self.ann: 3]),
      GameOutcome.Change(id: "f2", time: Self.at(2), kind: .finish(winners: nil)),
      GameOutcome.Change(id: "s3", time: Self.at(3), kind: .rules(notCounted)),
    ]
    let outcome = GameOutcome(replaying: log, players: two, rules: .classic)
    #expect(outcome.rules == (try GameRules(counted: false)))
    #expect(outcome.winners(players: two) == [Self.ann])
    #expect(notCounted.changed(winner: .lowest, target: nil, rounds: nil).counted == false)
    #expect(notCounted.changed(winner: nil, target: nil, rounds: nil, counted: true) == .classic)
  }

  @Test("changes count by when they were made, whatever order they arrive in: every device agrees")
  func arrivalOrderDoesNotMatter() {
    // Round 3 was made offline before round 4 ended the game elsewhere,
    // and arrives last: it counts, and it is what ends the game.
    let made = [
      Self.round(1, [Self.ann: 5]), Self.round(2, [Self.bob: 5]), Self.round(3, [Self.ann: 5]),
      Self.round(4, [Self.bob: 5]),
    ]
    let arrived = [made[0], made[1], made[3], made[2]]
    let outcome = GameOutcome(replaying: arrived, players: Self.four, rules: Self.rules(target: 10))
    #expect(outcome == GameOutcome(replaying: made, players: Self.four, rules: Self.rules(target: 10)))
    #expect(outcome.finish == GameOutcome.Finish(.target, by: "r3"))
    #expect(outcome.winners(players: Self.four) == [Self.ann])
    #expect(outcome.notCounted == ["r4"])
  }

  @Test("a rule change that the totals already meet ends the game at that change")
  func ruleChangeEnds() {
    let log = [
      Self.round(1, [Self.ann: 7]),
      GameOutcome.Change(id: "t2", time: Self.at(2), kind: .rules(Self.rules(target: 5))),
    ]
    let outcome = GameOutcome(replaying: log, players: Self.four, rules: .classic)
    #expect(outcome.finish == GameOutcome.Finish(.target, by: "t2"))
    #expect(outcome.winners(players: Self.four) == [Self.ann])
  }

  @Test("with teams the target is reached by a team's sum, and the team's win is each member's")
  func teamTarget() {
    let quiz: [(id: String, team: String?)] = [
      (Self.ann, "Owls"), (Self.bob, "Larks"), (Self.cy, "Owls"), (Self.dee, "Larks"),
    ]
    let log = [
      Self.round(1, [Self.ann: 4, Self.bob: 5, Self.cy: 3, Self.dee: 1]),
      Self.round(2, [Self.ann: 2, Self.bob: 2, Self.cy: 3, Self.dee: 1]),
    ]
    let outcome = GameOutcome(replaying: log, players: quiz, rules: Self.rules(target: 12))
    #expect(outcome.finish == GameOutcome.Finish(.target, by: "r2"))
    #expect(
      outcome.places(players: quiz) == [
        Ranking.Place(rank: 1, team: "Owls", total: 12, members: [Self.ann, Self.cy]),
        Ranking.Place(rank: 2, team: "Larks", total: 9, members: [Self.bob, Self.dee]),
      ])
    #expect(outcome.winners(players: quiz) == [Self.ann, Self.cy])
  }
}

extension GameOutcomeTests {
  @Test(
    "naming everyone is a draw when the finish says competitive, the table's win when co-operative; older finishes as they meant"
  )
  func drawsAndTableResults() throws {
    let two: [(id: String, team: String?)] = [(Self.ann, nil), (Self.bob, nil)]
    func state(_ finish: GameOutcome.Change.Kind, rules: GameRules = .classic) -> GameState {
      let outcome = GameOutcome(
        replaying: [
          Self.round(1, [Self.ann: 3, Self.bob: 1]),
          GameOutcome.Change(id: "f", time: Self.at(2), kind: finish),
        ], players: two, rules: rules)
      return GameState(outcome: outcome, players: two)
    }
    func seen(_ state: GameState) -> String {
      "\(state.verdict.map(\.rawValue) ?? "-"): winners \(state.winners.sorted()), "
        + state.places.map { "\($0.rank) \($0.id)" }.joined(separator: ", ")
    }
    let both = [Self.ann, Self.bob]
    #expect(
      [
        // Competitive (v19): naming both is a draw; a tie on points too.
        seen(state(.finish(winners: both, cooperative: false))),
        seen(state(.finish(winners: [Self.bob], cooperative: false))),
        // Co-operative: the table won, or lost; no one above another.
        seen(state(.finish(winners: both, cooperative: true))),
        seen(state(.finish(winners: [], cooperative: true))),
        // Older finishes: naming everyone or no one was co-operative.
        seen(state(.finish(winners: both))), seen(state(.finish(winners: []))),
        // Not finished by hand: the standings decide.
        seen(state(.finish(winners: nil, cooperative: false))),
      ] == [
        "draw: winners [], 1 a, 1 b",
        "winners: winners [\"b\"], 1 b, 2 a",
        "table won: winners [\"a\", \"b\"], 1 a, 1 b",
        "table lost: winners [], 1 a, 1 b",
        "table won: winners [\"a\", \"b\"], 1 a, 1 b",
        "table lost: winners [], 1 a, 1 b",
        "winners: winners [\"a\"], 1 a, 2 b",
      ])
    // A co-operative game's target never ends it: finish says how the table did.
    #expect(throws: GameRulesError.cooperativeEndsByItself) { try GameRules(target: 5, cooperative: true) }
    let tied = GameOutcome(
      replaying: [Self.round(1, [Self.ann: 2, Self.bob: 2])], players: two, rules: .classic)
    #expect(!tied.isFinished)
  }
}
