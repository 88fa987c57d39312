/// A use case that could not run as asked; nothing was changed.
public enum StoreError: Error, Equatable, CustomStringConvertible {
  /// No game has that title or id. `suggestions` are titles close to it.
  case gameNotFound(reference: String, suggestions: [Game])
  /// The game named is a read-only copy (`archivedGames`) of a game no
  /// longer shared with this user, or of the user's own (`owner` empty)
  /// deleted since a backup restored here: it is only listed, revived or
  /// deleted.
  case archivedGame(title: String, owner: String)
  /// No player of `game` has that name or id.
  case playerNotFound(reference: String, game: Game, suggestions: [Player])
  /// A team named where a player is needed (a round alone takes a team's points).
  case teamIsNoPlayer(team: String, game: Game)
  /// Several games match; their ids tell them apart.
  case ambiguousGame(reference: String, candidates: [GameSummary])
  /// Several players of `game` match.
  case ambiguousPlayer(reference: String, game: Game, candidates: [Player])
  /// The change would take the score past a 64-bit integer.
  case scoreOutOfRange(player: Player, change: ScoreChange, game: Game)
  /// No score change made on this device is left to revert.
  case nothingToUndo
  /// This device's last change (not yet reverted) was not a score change;
  /// `description` says what it did.
  case lastChangeNotAScore(description: String)
  /// Reverting the change would take the score past 64 bits (other
  /// changes came after it).
  case undoOutOfRange(player: Player, reverted: ScoreEvent, game: Game)
  /// `=N` from the current score is a change too large for one event.
  case changeTooLarge(player: Player, change: ScoreChange, game: Game)
  /// The game is shared with this user read-only.
  case readOnlyGame(game: Game, owner: String)
  /// The game is shared with this user as a scorer, and the change is
  /// more than scoring.
  case scorerOnly(game: Game, owner: String)
  /// The game is shared with this user to score for one player only.
  case onlyOnePlayer(game: Game, owner: String, player: String)
  /// A scorer correcting or undoing a round someone else entered.
  case notYourRound(game: Game, number: Int, author: String)
  /// The player has no photo to show or remove.
  case noPhoto(player: Player, game: Game)
  /// The game is finished: its points and roster no longer change.
  case gameFinished(game: Game)
  /// `finish` of a game already finished.
  case alreadyFinished(game: Game)
  /// `set-rules` of a finished game's winner, target or rounds (its
  /// counting and kind still change).
  case rulesOfFinishedGame(game: Game)
  /// `finish` of a co-operative game without the table's result, or
  /// naming winners of one.
  case tableResultNeeded(game: Game)
  /// `finish --cooperative` naming winners too: the table wins or loses whole.
  case winnersOfTableResult(game: Game)
  /// `add-player` or `rename-player` to a name (in any case) another
  /// player of the game has.
  case playerExists(Player, game: Game)
  /// `reopen` of a game in progress.
  case gameNotFinished(game: Game)
  /// A round names the same player twice.
  case playerTwiceInRound(player: Player, game: Game)
  /// A round naming a team that a player is also named (schema v27).
  case teamAndPlayerNamed(team: String, player: Player, game: Game)
  /// `round --fix K` of a round the game does not have.
  case noSuchRound(number: Int, game: Game, roundsPlayed: Int)
  /// `add-game --result` naming no one.
  case resultWithoutPlayers(title: String)
  /// `add-game --result` naming a player twice.
  case resultNamesTwice(name: String, title: String)
  /// `add-game --result --winner` naming someone not in the result.
  case resultWinnerNotPlaying(winner: String, title: String, names: [String])
  /// `add-game --result --winner` for a result its rules end by themselves.
  case resultEndedByRules(title: String)
  /// `rename-person` to the name the person is shown as.
  case personNamedAlready(name: String)
  /// `rename-person` to a name another person is shown as.
  case personNameTaken(name: String, person: String, other: String)
  /// `--at` a time after now.
  case timeInFuture(Timestamp, now: Timestamp)
  /// `--at` a time before the game's first change.
  case timeBeforeGameBegan(Timestamp, began: Timestamp, game: Game)
  /// `round --name` of a name one of the game's rounds has.
  case roundNameTaken(name: String, number: Int, game: Game)
  /// `round --fix NAME` of a name no round of the game has.
  case noRoundNamed(name: String, game: Game, names: [String])
  /// `set-rules --rounds N` below the rounds already played.
  case roundLimitBelowPlayed(limit: Int, game: Game, roundsPlayed: Int)
  /// No player in any game is that person. `suggestions` are names close to it.
  case personNotFound(reference: String, suggestions: [String])
  /// No game is of that kind (`--kind`). `suggestions` are kinds close to it.
  case kindNotFound(reference: String, suggestions: [String])
  /// `kinds --forget` of a kind the user set no rules for.
  case noOwnKindRules(reference: String, suggestions: [String])
  /// A new kind close to a known one (`add-game --kind Heartz`): likely
  /// a typo, which would start a game without the kind's rules.
  case kindLikeKnown(reference: String, suggestions: [String])
  /// `merge-people` of two names of one person (or one name twice):
  /// the first as typed, the second, and the person they both are.
  case samePerson(reference: String, other: String, person: String)

  public var description: String {
    switch self {
    case .gameNotFound(let reference, let suggestions):
      return "No game \(namedOrIdentified(reference))."
        + Suggestion.didYouMean(suggestions.map(\.title))
    case .archivedGame(let title, let owner) where owner.isEmpty:
      return
        "\(quote(title)) is a read-only copy of your game, deleted since the backup restored here was made."
    case .archivedGame(let title, let owner):
      return "\(quote(title)) is a read-only copy of \(owner)'s game, which is no longer shared with you."
    case .playerNotFound(let reference, let game, let suggestions):
      return "No player \(namedOrIdentified(reference)) in \(quote(game.title))."
        + Suggestion.didYouMean(suggestions.map(\.name))
    case .teamIsNoPlayer(let team, let game):
      return
        "No player named \(quote(team)) in \(quote(game.title)): \(quote(team)) is a team. Name a player "
        + "here; a round gives a team points of its own (round GAME TEAM=N). Nothing was changed."
    case .ambiguousGame(let reference, let candidates):
      return ambiguity(
        "\(quote(reference)) matches \(candidates.count) games:",
        candidates.map { ($0.game.id, "\($0.game.title) (\(players($0.playerCount)))") })
    case .ambiguousPlayer(let reference, let game, let candidates):
      return ambiguity(
        "\(quote(reference)) matches \(candidates.count) players in \(quote(game.title)):",
        candidates.map { ($0.id, "\($0.name) (\(points($0.score)))") })
    case .scoreOutOfRange(let player, let change, let game):
      return "Can't apply \(change.description) to \(quote(player.name)) in \(quote(game.title)): "
        + "the score \(player.score) would go past the \(isUpward(change) ? "largest" : "smallest") "
        + "possible score (\(isUpward(change) ? Points.max : Points.min)). Nothing was changed."
    case .nothingToUndo:
      return "Nothing to undo: no score change made on this device is left to revert."
    case .lastChangeNotAScore(let description):
      return "Can't undo: the last change made on this device \(description), and undo reverts "
        + "score changes only. Nothing was changed."
    case .undoOutOfRange(let player, let reverted, let game):
      return "Can't undo \(reverted.signedDelta) for \(quote(player.name)) in \(quote(game.title)): "
        + "the score \(player.score) would go past the \(reverted.delta < 0 ? "largest" : "smallest") "
        + "possible score. Nothing was changed."
    case .changeTooLarge(let player, let change, let game):
      return "Can't apply \(change.description) to \(quote(player.name)) in \(quote(game.title)): "
        + "going from \(player.score) is a change of more than \(Int64.max) points, which cannot be "
        + "recorded; change it in smaller steps. Nothing was changed."
    case .readOnlyGame(let game, let owner):
      return "\(quote(game.title)) is \(owner)'s game, shared with you read-only: you cannot "
        + "change it. Nothing was changed."
    case .scorerOnly(let game, let owner):
      return "\(quote(game.title)) is \(owner)'s game, shared with you as a scorer: you may add score "
        + "changes and rounds, and undo or correct your own; ask \(owner) or an editor for anything else. "
        + "Nothing was changed."
    case .onlyOnePlayer(let game, let owner, let player):
      return "\(quote(game.title)) is \(owner)'s game, shared with you to score for \(quote(player)) "
        + "only: you may add and undo \(quote(player))'s score changes, not rounds or anyone else's. "
        + "Nothing was changed."
    case .notYourRound(let game, let number, let author):
      return "Round \(number) of \(quote(game.title)) was entered by \(author): as a scorer you may "
        + "correct or undo only your own rounds. Nothing was changed."
    case .noPhoto(let player, let game):
      return "\(quote(player.name)) in \(quote(game.title)) has no photo."
    case .gameFinished(let game):
      return "\(quote(game.title)) is finished: its scores and players no longer change. Nothing was changed."
    case .alreadyFinished(let game):
      return "\(quote(game.title)) is already finished. Nothing was changed."
    case .rulesOfFinishedGame(let game):
      return "\(quote(game.title)) is already finished: its winner, target and rounds no longer change "
        + "(--counted, --not-counted and --kind still do). Nothing was changed."
    case .tableResultNeeded(let game):
      let title = quote(game.title)
      return "\(title) is co-operative: the players win or lose together, so say how the table did: "
        + "scorekeeper finish \(title) --cooperative won (or lost). Nothing was changed."
    case .winnersOfTableResult(let game):
      return "In \(quote(game.title)) the table wins or loses together: name no winners with --cooperative. "
        + "Nothing was changed."
    case .playerExists(let player, let game):
      return
        "\(quote(game.title)) has a player named \(quote(player.name)) already (\(IDFragment.short(player.id))): "
        + "give another name, such as \(quote(player.name + " 2")). Nothing was changed."
    case .gameNotFinished(let game):
      return "\(quote(game.title)) is in progress: there is nothing to reopen. Nothing was changed."
    case .playerTwiceInRound(let player, let game):
      return "\(quote(player.name)) is named twice in one round of \(quote(game.title)): give each "
        + "player's points once. Nothing was changed."
    case .teamAndPlayerNamed(let team, let player, let game):
      return "\(quote(player.name)) in \(quote(game.title)) is both a player and the team \(quote(team)): "
        + "which one's points these are cannot be told. Rename the player (rename-player) or the team "
        + "(set-team) first. Nothing was changed."
    case .roundNameTaken(let name, let number, let game):
      return "\(quote(game.title)) has a round \(quote(name)) already (round \(number)): "
        + "correct it with --fix \(quote(name)), or give this round another name. Nothing was changed."
    case .noRoundNamed(let name, let game, let names):
      return "\(quote(game.title)) has no round named \(quote(name)): "
        + (names.isEmpty
          ? "none of its rounds has a name."
          : "its named rounds are \(names.map(quote).joined(separator: ", ")).")
        + " Nothing was changed."
    case .resultWithoutPlayers(let title):
      return
        "A result names who played: add-game \(quote(title)) --result Ann=87 Bob=79. Nothing was changed."
    case .resultNamesTwice(let name, let title):
      return "\(quote(name)) is named twice in the result of \(quote(title)): give each player once. "
        + "Nothing was changed."
    case .resultWinnerNotPlaying(let winner, let title, let names):
      return "\(quote(winner)) is not in the result of \(quote(title)): the winner is one of "
        + names.map(quote).joined(separator: ", ") + ". Nothing was changed."
    case .resultEndedByRules(let title):
      return "The points of \(quote(title)) end it by its rules, which say who won: leave out --winner. "
        + "Nothing was changed."
    case .personNamedAlready(let name):
      return
        "\(quote(name)) is shown as \(quote(name)) already: there is nothing to rename. Nothing was changed."
    case .personNameTaken(_, let person, let other):
      return "\(quote(other)) is another person already: to make \(quote(person)) and \(quote(other)) one "
        + "person, merge-people \(quote(other)) \(quote(person)). Nothing was changed."
    case .timeInFuture(let time, let now):
      return "\(time.iso8601) is in the future (it is \(now.iso8601) now): --at says when something "
        + "already happened. Nothing was changed."
    case .timeBeforeGameBegan(let time, let began, let game):
      return "\(time.iso8601) is before \(quote(game.title)) began (\(began.iso8601), its first change). "
        + "Nothing was changed."
    case .noSuchRound(let number, let game, let played):
      return "\(quote(game.title)) has no round \(number): "
        + (played == 0
          ? "no round was played yet."
          : played == 1 ? "it has played round 1 only." : "its rounds are 1 to \(played).")
        + " Nothing was changed."
    case .roundLimitBelowPlayed(let limit, let game, let played):
      return "\(quote(game.title)) already played \(played) rounds: a limit of \(limit) would end it "
        + "in the past. Give \(played) or more. Nothing was changed."
    case .personNotFound(let reference, let suggestions):
      return "No one named \(quote(reference)) played in any game here."
        + Suggestion.didYouMean(suggestions) + " Run \"scorekeeper people\" to see everyone."
    case .kindNotFound(let reference, let suggestions):
      return "No game is of the kind \(quote(reference))." + Suggestion.didYouMean(suggestions)
    case .noOwnKindRules(let reference, let suggestions):
      return "You set no rules for the kind \(quote(reference)): there are none to forget."
        + Suggestion.didYouMean(suggestions) + " Nothing was changed."
    case .kindLikeKnown(let reference, let suggestions):
      return "No game is of the kind \(quote(reference)), and scorekeeper knows no such kind."
        + Suggestion.didYouMean(suggestions)
        + " To start a new kind this close to a known one, give it rules first: scorekeeper kinds --set "
        + "\(quote(reference)). Nothing was changed."
    case .samePerson(let reference, let other, let person):
      if Person.key(of: reference) == Person.key(of: other) {
        return "\(quote(reference)) is one person: there is no one to merge them with. Name two people. "
          + "Nothing was changed."
      }
      return "\(quote(reference)) and \(quote(other)) are one person already (\(quote(person))): "
        + "there is nothing to merge. Nothing was changed."
    }
  }

  /// "named "Bob"", or "named or with the id "3f2a"" when the reference
  /// could also be an id fragment.
  private func namedOrIdentified(_ reference: String) -> String {
    IDFragment(reference) == nil
      ? "named \(quote(reference))" : "named or with the id \(quote(reference))"
  }

  /// The candidates, one a line with the short id that names it.
  private func ambiguity(_ heading: String, _ candidates: [(id: String, text: String)]) -> String {
    ([heading] + candidates.map { "  \(IDFragment.short($0.id))  \($0.text.visible)" }).joined(
      separator: "\n")
      + "\nName one by its id, for example \(quote(IDFragment.short(candidates[0].id)))."
  }

  private func isUpward(_ change: ScoreChange) -> Bool {
    if case .add(let delta) = change { return delta >= 0 }
    return true
  }
}

/// "1 player", "3 players".
public func players(_ count: Int) -> String {
  count == 1 ? "1 player" : "\(count) players"
}

/// "1 point", "-3 points", "0.5 points".
public func points(_ score: Points) -> String {
  score == 1 ? "1 point" : "\(score) points"
}
