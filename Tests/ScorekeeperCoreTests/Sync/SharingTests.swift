import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Alice shares games with Bob through the engine: each sharing path, and
/// the two users' devices converging on what each may see.
@Suite final class SharingTests {
  private(set) var world: SyncScenario!
  private(set) var alice: TestDevice!
  private(set) var bob: TestDevice!

  /// Alice's device and bob's, on a fresh cloud of the test's backing.
  func start(_ backing: CloudBacking) throws {
    world = try SyncScenario(devices: 1, backing: backing)
    alice = world[0]
    bob = try TestDevice(2, user: "bob", cloud: world.cloud, clock: world.clock)
  }

  func id(_ device: UInt64, _ n: UInt64) -> String { UUIDGenerator.format(device << 32 + n) }

  /// Alice's "Poker" with Ann (3 points), never synced.
  func poker() throws -> String {
    let game = try alice.store.addGame(title: "Poker")
    _ = try alice.store.addPlayer(to: "Poker", name: "Ann", score: 3)
    return game.id
  }

  @Test(
    "a game not yet on the cloud is sent, then shared; sharing again gives the same link",
    arguments: CloudBacking.backends)
  func shareBeforeFirstSync(backing: CloudBacking) throws {
    try start(backing)
    let game = try poker()
    let first = try alice.engine().share(gameID: game, permission: nil)
    #expect(first.isNew && first.permission == .readWrite && first.participants == [])
    #expect(try alice.unsynced() == [])
    let second = try alice.engine().share(gameID: game, permission: nil)
    #expect(second == GameShare(link: first.link, permission: .readWrite, participants: [], isNew: false))
    #expect(try alice.store.gamesWithAccess().map(\.access) == [.sharedByMe(link: first.link)])
  }

  @Test(
    "a participant sees the game, adds players and scores; the owner sees it all",
    arguments: CloudBacking.backends)
  func participantWrites(backing: CloudBacking) throws {
    try start(backing)
    let game = try poker()
    let share = try alice.engine().share(gameID: game, permission: nil)
    let joined = try bob.engine().accept(link: share.link)
    #expect(joined == AcceptedShare(gameID: game, owner: "alice", permission: .readWrite))
    #expect(try bob.contents() == alice.contents())
    _ = try bob.store.addPlayer(to: "Poker", name: "Bob", score: 2)
    _ = try bob.store.score(in: "Poker", "Ann", .add(1))
    _ = try bob.store.renameGame("Poker", to: "Poker night")
    try bob.sync()
    try alice.sync()
    expectNoDifference(try alice.contents(), try bob.contents())
    #expect(try alice.store.players(of: "Poker night").map(\.score) == [4, 2])
    #expect(
      try alice.engine().participants(gameID: game).participants.map(\.description) == [
        "bob: read-write, accepted"
      ])
    #expect(try bob.unsynced() == [] && alice.unsynced() == [])
  }

  @Test(
    "joining succeeds even when the game cannot be fetched right after: it says why, and the next sync brings it",
    arguments: CloudBacking.backends)
  func joinedButNotFetched(backing: CloudBacking) throws {
    try start(backing)
    let game = try poker()
    let share = try alice.engine().share(gameID: game, permission: nil)
    world.cloud.inject(CloudFault(.quotaExceeded, on: .databaseChanges))
    let joined = try bob.engine().accept(link: share.link)
    #expect(
      joined
        == AcceptedShare(
          gameID: game, owner: "alice", permission: .readWrite, later: .stopped(.quotaExceeded, pending: 0)))
    #expect(try bob.contents() == [])
    #expect(
      try alice.engine().participants(gameID: game).participants.map(\.description) == [
        "bob: read-write, accepted"
      ])
    #expect(try bob.sync().received == 3)
    expectNoDifference(try alice.contents(), try bob.contents())
  }

  @Test(
    "changing a share's permission says what it was: every participant's changes with it",
    arguments: CloudBacking.backends)
  func permissionChange(backing: CloudBacking) throws {
    try start(backing)
    let game = try poker()
    let share = try alice.engine().share(gameID: game, permission: nil)
    _ = try bob.engine().accept(link: share.link)
    let changed = try alice.engine().share(gameID: game, permission: .readOnly)
    // (bob's participant also carries when he joined: the cloud's time.)
    #expect(
      changed
        == GameShare(
          link: share.link, permission: .readOnly, participants: changed.participants, isNew: false,
          changedFrom: .readWrite))
    #expect(changed.participants.map(\.description) == ["bob: read-only, accepted"])
    #expect(try alice.engine().share(gameID: game, permission: .readOnly).changedFrom == nil)
  }

  @Test(
    "a read-only participant's changes are refused before anything is written",
    arguments: CloudBacking.backends)
  func readOnly(backing: CloudBacking) throws {
    try start(backing)
    let game = try poker()
    let share = try alice.engine().share(gameID: game, permission: .readOnly)
    _ = try bob.engine().accept(link: share.link)
    let before = try bob.contents()
    let refusal = StoreError.readOnlyGame(game: Game(id: game, title: "Poker"), owner: "alice")
    #expect(throws: refusal) { try bob.store.score(in: "Poker", "Ann", .add(1)) }
    #expect(throws: refusal) { try bob.store.addPlayer(to: "Poker", name: "Bob") }
    #expect(throws: refusal) { try bob.store.renameGame("Poker", to: "Mine") }
    #expect(throws: refusal) { try bob.store.renamePlayer(in: "Poker", "Ann", to: "Annie") }
    #expect(throws: refusal) { try bob.store.removePlayer(from: "Poker", "Ann") }
    #expect(throws: refusal) { try bob.store.deleteGame("Poker") }
    #expect(throws: refusal) {
      try bob.store.photos.set(in: "Poker", "Ann", bytes: TestImages.gif(width: 1, height: 1))
    }
    #expect(throws: refusal) { try bob.store.photos.remove(in: "Poker", "Ann") }
    #expect(try bob.contents() == before)
    #expect(try bob.unsynced() == [])
  }

  @Test(
    "stopping sharing removes the participant's copy; the old link leads nowhere; a new share has a new link",
    arguments: CloudBacking.backends)
  func stopAndShareAgain(backing: CloudBacking) throws {
    try start(backing)
    let game = try poker()
    let share = try alice.engine().share(gameID: game, permission: nil)
    _ = try bob.engine().accept(link: share.link)
    try alice.engine().stopSharing(gameID: game)
    let kept = try bob.contents()
    try bob.sync()
    // It leaves bob's games; a read-only copy of it stays, unsynced.
    #expect(try bob.store.games() == [] && bob.unsynced() == [])
    #expect(try bob.store.archivedGames().map(\.summary.game.id) == [game])
    #expect(try bob.contents() == kept)
    #expect(throws: SharingError.badLink(share.link)) { try bob.engine().accept(link: share.link) }
    let again = try alice.engine().share(gameID: game, permission: nil)
    #expect(again.isNew && again.link != share.link)
    _ = try bob.engine().accept(link: again.link)
    #expect(try bob.contents() == alice.contents())
  }

  @Test("the owner deleting a shared game deletes it for everyone", arguments: CloudBacking.backends)
  func ownerDeletes(backing: CloudBacking) throws {
    try start(backing)
    let game = try poker()
    let share = try alice.engine().share(gameID: game, permission: nil)
    _ = try bob.engine().accept(link: share.link)
    _ = try alice.store.deleteGame("Poker")
    try alice.sync()
    try bob.sync()
    // Gone from both; bob keeps a read-only copy, unsynced.
    #expect(try bob.store.games() == [] && alice.contents() == [])
    #expect(try bob.store.archivedGames().map(\.summary.game.id) == [game])
    #expect(try bob.unsynced() == [] && alice.unsynced() == [])
  }

  @Test("a participant leaving keeps the owner's data whole", arguments: CloudBacking.backends)
  func participantLeaves(backing: CloudBacking) throws {
    try start(backing)
    let game = try poker()
    let share = try alice.engine().share(gameID: game, permission: nil)
    _ = try bob.engine().accept(link: share.link)
    try bob.engine().leave(gameID: game)
    #expect(try bob.contents() == [])
    try alice.sync()
    #expect(try alice.contents().count == 3)
    #expect(try alice.engine().participants(gameID: game).participants == [])
    #expect(throws: SharingError.notShared(game: game)) { try bob.engine().leave(gameID: game) }
  }

  @Test("only the owner shares; nobody joins their own share", arguments: CloudBacking.backends)
  func ownerOnly(backing: CloudBacking) throws {
    try start(backing)
    let game = try poker()
    let share = try alice.engine().share(gameID: game, permission: nil)
    _ = try bob.engine().accept(link: share.link)
    #expect(throws: SharingError.notOwner(game: "Poker", owner: "alice")) {
      try bob.engine().share(gameID: game, permission: nil)
    }
    #expect(throws: SharingError.ownShare(share.link)) { try alice.engine().accept(link: share.link) }
  }

  @Test("a user who never got the link sees nothing of the game", arguments: CloudBacking.backends)
  func strangersSeeNothing(backing: CloudBacking) throws {
    try start(backing)
    let game = try poker()
    _ = try alice.engine().share(gameID: game, permission: nil)
    let carol = try TestDevice(3, user: "carol", cloud: world.cloud, clock: world.clock)
    try carol.sync()
    #expect(try carol.contents() == [])
  }
}
