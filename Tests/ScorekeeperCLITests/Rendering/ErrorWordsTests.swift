import ScorekeeperCore
import Testing

@testable import scorekeeper

/// The core's errors say what went wrong, with its data; the command line
/// says which command mends it (`ErrorWords`). Each error that has such
/// advice, with the core's words and the program's.
@Suite struct ErrorWordsTests {
  static let cases: [(error: any Error, core: String, program: String)] = [
    (
      SyncError.boundElsewhere(
        database: "a.sqlite", boundUser: "ann", boundCloud: "/c/team.sqlite", user: "bob", cloud: nil),
      "\"a.sqlite\" belongs to \"ann\", not \"bob\". Nothing was changed.",
      "\"a.sqlite\" belongs to \"ann\", not \"bob\": use --user ann, or another --db for the games of \"bob\". "
        + "Nothing was changed."
    ),
    (
      SyncError.boundElsewhere(
        database: "a.sqlite", boundUser: "ann", boundCloud: "/c/team.sqlite", user: "ann",
        cloud: .other("/c/other.sqlite")),
      "\"a.sqlite\" syncs with the cloud \"/c/team.sqlite\"; \"/c/other.sqlite\" is another cloud. Nothing was "
        + "changed.",
      "\"a.sqlite\" syncs with the cloud \"/c/team.sqlite\"; \"/c/other.sqlite\" is another cloud: use --cloud "
        + "/c/team.sqlite; if that cloud moved or was replaced, \"scorekeeper sync --rebind\" binds the database "
        + "to the one you name. Nothing was changed."
    ),
    (
      SyncError.boundElsewhere(
        database: "a.sqlite", boundUser: "ann", boundCloud: "/c/team.sqlite", user: "ann",
        cloud: .missing("/c/team.sqlite")),
      "\"a.sqlite\" syncs with the cloud \"/c/team.sqlite\", which is no longer there (none was created). "
        + "Nothing was changed.",
      "\"a.sqlite\" syncs with the cloud \"/c/team.sqlite\", which is no longer there (none was created): if it "
        + "moved, name its new place with --cloud; if it was lost, \"scorekeeper sync --rebind\" makes a new one "
        + "there and sends this device's games to it. Nothing was changed."
    ),
    (
      SharingError.notSynced(game: "Poker"),
      "\"Poker\" has not reached the cloud yet (it is still pending). Nothing was changed.",
      "\"Poker\" has not reached the cloud yet (it is still pending); run \"scorekeeper sync\" and try again. "
        + "Nothing was changed."
    ),
    (
      SharingError.leavingOwnGame(game: "Poker"),
      "\"Poker\" is your own game, shared by you: there is nothing to leave. Nothing was changed.",
      "\"Poker\" is your own game, shared by you: there is nothing to leave. To stop sharing it, run: "
        + "scorekeeper share \"Poker\" --stop. Nothing was changed."
    ),
    (
      StoreError.archivedGame(title: "Poker", owner: "ann"),
      "\"Poker\" is a read-only copy of ann's game, which is no longer shared with you.",
      "\"Poker\" is a read-only copy of ann's game, which is no longer shared with you: \"scorekeeper list "
        + "--archived\" shows it, \"scorekeeper revive-game Poker\" makes it a game again, and delete-game "
        + "with --archived deletes it; nothing else changes it."
    ),
    (
      StoreError.archivedGame(title: "Poker night", owner: ""),
      "\"Poker night\" is a read-only copy of your game, deleted since the backup restored here was made.",
      "\"Poker night\" is a read-only copy of your game, deleted since the backup restored here was made: "
        + "\"scorekeeper list --archived\" shows it, \"scorekeeper revive-game 'Poker night'\" makes it a game "
        + "again, and delete-game with --archived deletes it; nothing else changes it."
    ),
    (
      StoreError.kindNotFound(reference: "hearst", suggestions: ["Hearts"]),
      "No game is of the kind \"hearst\". Did you mean \"Hearts\"?",
      "No game is of the kind \"hearst\". Did you mean \"Hearts\"? Run \"scorekeeper kinds\" to see them."
    ),
    (
      StoreError.kindNotFound(reference: "Go", suggestions: []),
      "No game is of the kind \"Go\".",
      "No game is of the kind \"Go\". Run \"scorekeeper kinds\" to see them."
    ),
    (
      LiveCloudError.notInstalled(database: "scores"),
      "The database \"scores\" has no scorekeeper schema.",
      "The database \"scores\" has no scorekeeper schema; an administrator installs it with "
        + "`scorekeeper server install URL`."
    ),
    (
      LiveCloudError.notAUser(user: "eve", database: "scores"),
      "The server knows you as \"eve\", who is not a user of the database \"scores\".",
      "The server knows you as \"eve\", who is not a user of the database \"scores\"; an administrator adds "
        + "you with `scorekeeper server add-user \"eve\"`."
    ),
    (
      SyncError.stopped(.loginRefused("role \"eve\" is not permitted to log in"), pending: 2),
      "The server refused the login: role \"eve\" is not permitted to log in. 2 changes kept for the next sync.",
      "The server refused the login: role \"eve\" is not permitted to log in. An administrator lets a removed "
        + "user in again with `scorekeeper server add-user`. 2 changes kept for the next sync."
    ),
  ]

  @Test("the core's words name no command; the program's add which one mends it", arguments: 0..<cases.count)
  func words(index: Int) {
    let (error, core, program) = Self.cases[index]
    #expect("\(error)" == core)
    #expect(ErrorWords.of(error) == program)
    for command in Command.all.map(\.spec.name) {
      #expect(!core.contains("scorekeeper \(command)"), "the core names \(command)")
    }
  }
}
