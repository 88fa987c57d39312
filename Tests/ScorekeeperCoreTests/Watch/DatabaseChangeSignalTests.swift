import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// `DatabaseChangeSignal` (the start of issue 34's `watch`): a commit by
/// another connection ends a wait, nothing else does, and no commit is
/// lost between waits.
@Suite struct DatabaseChangeSignalTests {
  let directory: TemporaryDirectory
  let dependencies = Dependencies(uuid: .incrementing(), clock: .constant(testNow), device: .device(1))

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test("a commit by another connection or process ends the wait; reads and an idle deadline do not")
  func commitEndsWait() throws {
    let path = directory.file("games.sqlite")
    let watcher = try Store(path: path, dependencies: dependencies)
    let writer = try Store(path: path, dependencies: dependencies)
    defer {
      watcher.close()
      writer.close()
    }
    let waiter = try DatabaseChangeSignal(database: watcher.database)
    // Nothing committed: the deadline ends it, whatever the watcher reads.
    _ = try watcher.gamesWithAccess()
    #expect(try waiter.wait(until: .after(0.2)) == false)
    // A commit made while nobody waits is not lost: the next wait returns at once.
    _ = try writer.addGame(title: "Poker")
    #expect(try waiter.wait(until: .after(0)) == true)
    #expect(try waiter.wait(until: .after(0.1)) == false)
    // A commit by another process, made while the wait sleeps, wakes it
    // (the deadline is far beyond the commit's delay). (localDevice has no
    // trigger: the sqlite3 tool lacks scorekeeper's functions.)
    let later = Process()
    later.executableURL = URL(fileURLWithPath: "/bin/sh")
    later.arguments = [
      "-c", "sleep 0.1; exec sqlite3 \"$0\" \"UPDATE localDevice SET file = 'elsewhere'\"", path,
    ]
    try later.run()
    #expect(try waiter.wait(until: .after(30)) == true)
    later.waitUntilExit()
    #expect(later.terminationStatus == 0)
    #expect(try watcher.database.fetchOne("SELECT file FROM localDevice") { try $0.text(0) } == "elsewhere")
    #expect(try watcher.gamesWithAccess().map(\.summary.game.title) == ["Poker"])
  }
}

extension DatabaseChangeSignalTests {
  @Test(
    "a folder that cannot be followed fails with the call and the system's words, not as a database error")
  func unfollowableFolder() throws {
    try FileManager.default.createDirectory(
      atPath: directory.file("gone"), withIntermediateDirectories: false)
    let path = directory.file("gone/games.sqlite")
    let store = try Store(path: path, dependencies: dependencies)
    defer { store.close() }
    // The open connection keeps the file; its folder is no more.
    try FileManager.default.removeItem(atPath: directory.file("gone"))
    let error = try #require(throws: ChangeSignalError.self) {
      try DatabaseChangeSignal(database: store.database)
    }
    #expect(
      error
        == ChangeSignalError(
          call: "inotify_add_watch", path: directory.file("gone"), reason: "No such file or directory"))
    #expect(
      error.description
        == "Can't follow changes: inotify_add_watch failed for \(quote(directory.file("gone"))): No such file or "
        + "directory. Nothing was changed.")
  }
}
