import ScorekeeperCore

/// An error as a person reads it from this program: the core's sentence
/// about what went wrong (with the data: the file, the user, the game),
/// and, where a command or option mends it, which one. The core never
/// names a command; this is the one place that does, for stderr, `status`
/// and the last error a sync records.
enum ErrorWords {
  static func of(_ error: any Error) -> String {
    let text = "\(error)"
    let unchanged = "Nothing was changed."
    switch error {
    case SyncError.stopped(let answer, _):
      // "The cloud said so. 2 changes kept for the next sync."
      return of(answer) + text.dropFirst("\(answer)".count)
    case SyncError.boundElsewhere(_, let boundUser, let boundCloud, let user, let cloud):
      let fix =
        "use --cloud \(boundCloud); if that cloud moved or was replaced, "
        + "\"scorekeeper sync --rebind\" binds the database to the one you name."
      switch cloud {
      case _ where boundUser != user, nil:
        return amend(
          text, ": use --user \(boundUser), or another --db for the games of \(quote(user)).", unchanged)
      // The cloud named is where the bound one was: advising --cloud with
      // the same path would send the user in a circle.
      case .other(let location)? where location == boundCloud:
        return amend(
          text,
          ": if it is the one to use from now on, \"scorekeeper sync --rebind\" binds the database to it "
            + "(this device's games are sent to it afresh).", unchanged)
      case .missing(let location)? where location == boundCloud:
        return amend(
          text,
          ": if it moved, name its new place with --cloud; if it was lost, \"scorekeeper sync --rebind\" "
            + "makes a new one there and sends this device's games to it.", unchanged)
      case .other?, .missing?:
        return amend(text, ": " + fix, unchanged)
      }
    case SharingError.notSynced:
      return amend(text, "; run \"scorekeeper sync\" and try again.", unchanged)
    case SharingError.leavingOwnGame(let game):
      return amend(text, ". To stop sharing it, run: scorekeeper share \(quote(game)) --stop.", unchanged)
    case StoreError.gameFinished(let game), StoreError.alreadyFinished(let game),
      StoreError.rulesOfFinishedGame(let game):
      return amend(
        text,
        "; to change it, reopen it first: scorekeeper reopen \(ArgumentParser.shellQuoted(game.title)).",
        unchanged)
    case StoreError.kindNotFound:
      return text + " Run \"scorekeeper kinds\" to see them."
    case StoreError.archivedGame(let title, _):
      return amend(
        text,
        ": \"scorekeeper list --archived\" shows it, \"scorekeeper revive-game "
          + "\(ArgumentParser.shellQuoted(title))\" makes it a game again, and delete-game with --archived "
          + "deletes it; nothing else changes it.")
    case LiveCloudError.notInstalled:
      return amend(text, "; an administrator installs it with `scorekeeper server install URL`.")
    case LiveCloudError.olderServer:
      return amend(text, "; an administrator upgrades it with `scorekeeper server install URL`.")
    case LiveCloudError.notAUser(let user, _):
      return amend(text, "; an administrator adds you with `scorekeeper server add-user \(quote(user))`.")
    case CloudError.loginRefused(let why) where why.contains("not permitted to log in"):
      return text + " An administrator lets a removed user in again with `scorekeeper server add-user`."
    default:
      return text
    }
  }

  /// `text` with `advice` put where its last sentence ends: in place of
  /// its full stop, or, when it ends with `tail` (a closing sentence such
  /// as "Nothing was changed."), before that.
  private static func amend(_ text: String, _ advice: String, _ tail: String = "") -> String {
    let body = text.hasSuffix(" " + tail) && !tail.isEmpty ? String(text.dropLast(tail.count + 1)) : text
    let rest = body == text ? "" : " " + tail
    return (body.hasSuffix(".") ? String(body.dropLast()) : body) + advice + rest
  }
}
