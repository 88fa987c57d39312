import ScorekeeperCore

/// What a sync did to this database that the user did not ask for, said
/// on stderr by `sync` and by the sync around every other command.
extension Output {
  /// A warning line for each game a sync removed because of what
  /// happened elsewhere: nothing leaves without a word.
  func warn(_ removed: [RemovedGame]) {
    for game in removed {
      let text: String
      switch (game.reason, game.owner.isEmpty) {
      case (.deleted, true):
        text =
          "\(quote(game.title)) was deleted on another device, so it is gone from this one too; to play "
          + "it again, add it as a new game."
      case (.deleted, false):
        text =
          "\(game.owner.visible) deleted \(quote(game.title)), which they shared with you; it was removed from this "
          + "device."
      case (.deletedSinceBackup, _):
        text =
          "\(quote(game.title)) was deleted after the backup restored here was made: it left your games, "
          + "and a read-only copy is kept (scorekeeper list --archived; scorekeeper revive-game "
          + "\(ArgumentParser.shellQuoted(game.title)) makes it a game again)."
      case (.noLongerShared, _):
        text =
          "\(game.owner.visible) no longer shares \(quote(game.title)) with you (they stopped sharing it, removed you, "
          + "or deleted it): it left your games, and a read-only copy is kept (scorekeeper list --archived; "
          + "scorekeeper revive-game \(ArgumentParser.shellQuoted(game.title)) makes it a game of yours again)."
      }
      warning(text)
    }
  }

  /// A warning when the cloud's history went back and a sync repaired it.
  func warnHistoryWentBack(_ happened: Bool) {
    guard happened else { return }
    warning(
      "the cloud's history went back (a standby that was behind took over, or a backup was put back), "
        + "so changes it had acknowledged may be gone: this device sent again everything it "
        + "holds and may change, and fetched everything again.")
  }

  /// A warning line for each copy from the cloud a sync kept out.
  func warn(_ keptOut: [KeptOutRecord]) {
    for record in keptOut {
      let what = "a " + TableNouns.of(record.table).one
      let whose =
        record.owner.isEmpty ? "in one of your games" : "in a game \(record.owner.visible) shares with you"
      warning(
        "\(what) \(whose) was not taken from the cloud: \(record.problem) It was made elsewhere by "
          + "another version of scorekeeper, or another program; it stays out of this database until "
          + "it is changed there.")
    }
  }
}
