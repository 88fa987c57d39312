import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Each error the cloud can return, injected, and what the engine does:
/// nothing is ever dropped; transient errors are retried within the budget.
@Suite struct SyncFaultTests {
  func id(_ device: UInt64, _ n: UInt64) -> String { UUIDGenerator.format(device << 32 + n) }

  /// One device with a game of one player, not yet synced (3 pending).
  func world(_ backing: CloudBacking) throws -> SyncScenario {
    let world = try SyncScenario(backing: backing)
    _ = try world[0].store.addGame(title: "Poker")
    _ = try world[0].store.addPlayer(to: "Poker", name: "Ann", score: 2)
    return world
  }

  @Test(
    "transient errors are retried after the server's wait, or a doubling backoff",
    arguments: CloudBacking.backends,
    [
      ("network-unavailable*2", 2), ("request-rate-limited:3", 1), ("service-unavailable:1*3", 3),
      ("zone-busy:2@modify-records", 1), ("account-temporarily-unavailable", 1),
    ])
  func transient(backing: CloudBacking, expected: (faults: String, retries: Int)) throws {
    let world = try world(backing)
    world.cloud.inject(try CloudFault.parse(expected.faults))
    let report = try world[0].sync()
    expectNoDifference(SyncReport.counts(sent: 3, retries: expected.retries), report.counts)
    try world.converge()
  }

  @Test(
    "retries wait exactly the retry-after the server asks for, not a longer backoff",
    arguments: CloudBacking.backends)
  func retryAfterIsHonoured(backing: CloudBacking) throws {
    let world = try world(backing)
    world.cloud.inject(try CloudFault.parse("request-rate-limited:0.3*3"))
    let waited = Locked([Double]())
    let timing = SyncTiming(
      budget: 10, sleep: { seconds in waited.withLock { $0.append(seconds) } },
      elapsed: { waited.withLock { $0.reduce(0, +) } })
    let engine = SyncEngine(
      store: world[0].store, container: world.cloud.container("alice"), cloudLocation: world.cloud.location,
      timing: timing)
    #expect(try engine.sync().counts == SyncReport.counts(sent: 3, retries: 3))
    #expect(waited.withLock { $0 } == [0.3, 0.3, 0.3])
  }

  @Test(
    "a cloud file another process holds is busy: retried within the budget, then reported in words, changes kept"
  )
  func busyCloudFile() throws {
    let world = try SyncScenario(backing: .file)
    _ = try world[0].store.addGame(title: "Poker")
    let holder = try Database(path: world.cloud.path, create: false)
    try holder.execute("BEGIN IMMEDIATE")
    let error = try #require(throws: SyncError.self) { try world[0].engine(budget: 1).sync() }
    #expect(error == .stopped(.serverBusy, pending: 1))
    #expect(
      "\(error)"
        == "The cloud is busy with other requests and did not answer in time. 1 change kept for the next sync."
    )
    try holder.execute("COMMIT")
    #expect(try world[0].sync().counts == SyncReport.counts(sent: 1))
  }

  @Test(
    "a failure that is not the cloud's answer (a cloud file that cannot be used) is not written into the database",
    arguments: CloudBacking.backends)
  func localFailureIsNotRecorded(backing: CloudBacking) throws {
    let world = try world(backing)
    struct FileFailure: Error {}
    let engine = world[0].engine(whileSending: { throw FileFailure() })
    let before = try world[0].store.database.rows(of: "syncState", columns: ["lastSyncAt", "lastError"])
    #expect(throws: FileFailure.self) { try engine.sync() }
    #expect(
      try world[0].store.database.rows(of: "syncState", columns: ["lastSyncAt", "lastError"]) == before)
  }

  @Test(
    "an unanswered sync records an outage whose retry waits 30 s, then twice as long each time; an answer ends it; a refusal is no outage",
    arguments: CloudBacking.backends)
  func outageIsRemembered(backing: CloudBacking) throws {
    let world = try world(backing)
    let device = world[0]
    func failOnce(_ fault: CloudError) {
      world.cloud.inject(Array(repeating: CloudFault(fault), count: 100))
      _ = try? device.engine(budget: 0).sync()
      world.cloud.clearFaults()
    }
    let start = world.clock.now
    func at(_ milliseconds: Int64) -> Timestamp {
      Timestamp(millisecondsSince1970: start.millisecondsSince1970 + milliseconds)
    }
    failOnce(.quotaExceeded)
    #expect(try device.store.syncOutage() == nil)
    // Each wait is the device's share (full jitter, fixed by its id and the
    // time) of the longest its outage's age allows: a second at first,
    // then twice the age.
    let device0 = try device.store.syncStatus().device
    func share(_ at: Timestamp) -> Double { FullJitter.share(device: device0, at: at) }
    failOnce(.networkUnavailable)
    let first = Int64((1_000 * share(start)).rounded(.down))
    #expect(try device.store.syncOutage() == SyncOutage(since: start, retryAt: at(first)))
    world.clock.advance(milliseconds: 31_000)
    failOnce(.serverBusy)
    let second = Int64((62_000 * share(at(31_000))).rounded(.down))
    #expect(try device.store.syncOutage() == SyncOutage(since: start, retryAt: at(31_000 + second)))
    #expect(first != second)
    try device.sync()
    #expect(try device.store.syncOutage() == nil)
  }

  @Test(
    "an outage longer than the budget stops politely; the next sync delivers everything",
    arguments: CloudBacking.backends)
  func outage(backing: CloudBacking) throws {
    let world = try world(backing)
    world.cloud.inject(Array(repeating: CloudFault(.networkUnavailable), count: 100))
    let engine = world[0].engine(budget: 5)
    let error = try #require(throws: SyncError.self) { try engine.sync() }
    #expect(error == .stopped(.networkUnavailable, pending: 3))
    #expect(
      "\(error)" == "The network is unavailable. 3 changes kept for the next sync.")
    #expect(
      try world[0].unsynced() == [
        "\(id(1, 1)):games pendingSave", "\(id(1, 2)):players pendingSave",
        "\(id(1, 3)):scoreEvents pendingSave",
      ])
    #expect(
      try world[0].store.database.fetchOne("SELECT lastError FROM syncState") { try $0.text(0) }
        == "The network is unavailable."
    )
    world.cloud.clearFaults()  // the outage ends
    try world.converge()
    // With nothing waiting (a read during an outage), no "0 changes kept".
    world.cloud.inject(Array(repeating: CloudFault(.networkUnavailable), count: 100))
    let read = try #require(throws: SyncError.self) { try world[0].engine(budget: 1).sync() }
    #expect("\(read)" == "The network is unavailable.")
  }

  @Test(
    "quota exceeded and not signed in stop at once, changes kept",
    arguments: CloudBacking.backends, ["quota-exceeded", "not-authenticated"])
  func terminal(backing: CloudBacking, fault: String) throws {
    let world = try world(backing)
    world.cloud.inject(try CloudFault.parse(fault))
    let error = try #require(throws: SyncError.self) { try world[0].sync() }
    guard case .stopped(let cloudError, pending: 3) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(cloudError.code == fault)
    #expect(try world[0].unsynced().count == 3)
    try world.converge()
  }

  @Test("limit exceeded halves the batch and sends everything", arguments: CloudBacking.backends)
  func limitExceeded(backing: CloudBacking) throws {
    let world = try world(backing)
    world.cloud.inject(CloudFault(.limitExceeded(count: 3, limit: 2), on: .modifyRecords))
    #expect(try world[0].sync().counts == SyncReport.counts(sent: 3))
    try world.converge()
  }

  @Test(
    "a zone the server lost is created again and everything in it sent again",
    arguments: CloudBacking.backends)
  func zoneNotFound(backing: CloudBacking) throws {
    let world = try world(backing)
    try world[0].sync()
    try world[1].sync()
    let zone = ZoneID(name: "game-\(id(1, 1))", ownerName: "alice")
    _ = try world.cloud.container("alice").privateDatabase.modifyRecordZones(deleting: [zone])
    _ = try world[0].store.score(in: "Poker", "Ann", .add(1))
    #expect(try world[0].send().counts == SyncReport.counts(sent: 4))
    let contents = try world.converge()
    #expect(contents.contains("player \(id(1, 2)) in \(id(1, 1)) 'Ann' score 3"))
  }

  @Test(
    "an expired token means a full fetch; pending local changes survive it", arguments: CloudBacking.backends)
  func expiredToken(backing: CloudBacking) throws {
    let world = try world(backing)
    try world[0].sync()
    try world[1].sync()
    _ = try world[0].store.renameGame("Poker", to: "Poker night")
    _ = try world[0].store.removePlayer(from: "Poker night", "Ann")
    try world[0].sync()
    try world.cloud.expireChangeTokens()
    world.clock.advance()
    _ = try world[1].store.addPlayer(to: "Poker", name: "Bob")
    // Received: the rename, and Ann's deletion (her event goes with her),
    // found by the full fetch since its tombstone was purged.
    expectNoDifference(SyncReport.counts(sent: 1, received: 2), try world[1].sync().counts)
    #expect(try world.converge().count == 2)
    #expect(try world[1].store.players(of: "Poker night").map(\.name) == ["Bob"])
  }

  /// The event, then the player, then the game: in the zone's history
  /// each comes after its children (saving a child gives its parent a new
  /// change), and pages of one record split them. What is unsynced after
  /// each page of a fetch on the second device.
  private func pagesWithParentsLast(_ world: SyncScenario) throws -> [[String]] {
    try world[0].sync()
    _ = try world[0].store.renamePlayer(in: "Poker", "Ann", to: "Annie")
    try world[0].sync()
    var afterEachPage: [[String]] = []
    let engine = world[1].engine(
      fetchPageSize: 1,
      observer: SyncObserver(pageApplied: {
        afterEachPage.append((try? world[1].unsynced()) ?? ["unreadable"])
      }))
    expectNoDifference(SyncReport.counts(received: 3), try engine.fetch().counts)
    return afterEachPage
  }

  @Test(
    "a child that arrives before its parent brings the parent with it: nothing waits",
    arguments: CloudBacking.backends)
  func parentsFetchedWithChild(backing: CloudBacking) throws {
    let world = try world(backing)
    // The event's page fetches the player and the game by name; when
    // their turn comes, this device has their tags already.
    #expect(try pagesWithParentsLast(world) == [[], [], []])
    try world.converge()
  }

  @Test(
    "a child whose parent the server does not give is parked, then applied when the parent comes",
    arguments: CloudBacking.backends)
  func parking(backing: CloudBacking) throws {
    let world = try world(backing)
    world.cloud.inject(
      Array(repeating: CloudFault(.serverRejectedRequest("no parents today"), on: .fetchRecords), count: 10))
    #expect(
      try pagesWithParentsLast(world) == [
        ["\(id(1, 3)):scoreEvents parked"],
        ["\(id(1, 2)):players parked", "\(id(1, 3)):scoreEvents parked"],
        [],
      ],
      "the event (parked), the player (parked), then the game, which unparks both")
    world.cloud.clearFaults()
    try world.converge()
  }

  @Test(
    "a change the server refuses for lack of permission gives way to the server's copy",
    arguments: CloudBacking.backends)
  func permissionFailure(backing: CloudBacking) throws {
    let world = try world(backing)
    try world[0].sync()
    // Alice shares the game read-write with Bob, who joins and syncs.
    let alice = world.cloud.container("alice").privateDatabase
    let zone = ZoneID(name: "game-\(id(1, 1))", ownerName: "alice")
    var root = try alice.record(for: RecordID(name: "\(id(1, 1)):games", zoneID: zone))
    var share = CloudRecord.share(
      id: RecordID(name: "share", zoneID: zone),
      participants: [ShareParticipant(userName: "bob", permission: .readWrite)])
    root.shareID = share.id
    share = try alice.modifyRecords(saving: [root, share]).saveResults[share.id]!.get()
    let bobContainer = world.cloud.container("bob")
    _ = try bobContainer.acceptShare(try bobContainer.shareMetadata(for: share.sharing!.link!))
    let bob = try TestDevice(3, user: "bob", cloud: world.cloud, clock: world.clock)
    try bob.sync()
    let before = try bob.contents()
    expectNoDifference(try world[0].contents(), before)

    // Alice makes it read-only; Bob, not knowing yet, changes it.
    share = try alice.record(for: share.id)  // Bob's joining changed it
    share.sharing!.participants[0].permission = .readOnly
    _ = try alice.modifyRecords(saving: [share]).saveResults[share.id]!.get()
    _ = try bob.store.renameGame("Poker", to: "Bob's poker")
    _ = try bob.store.score(in: "Bob's poker", "Ann", .add(1))
    expectNoDifference(SyncReport.counts(refused: 2), try bob.send().counts)
    expectNoDifference(before, try bob.contents())
    #expect(try bob.unsynced() == [])

    // Once Bob has fetched, the same change is refused before it is written.
    try bob.fetch()
    #expect(throws: StoreError.readOnlyGame(game: Game(id: id(1, 1), title: "Poker"), owner: "alice")) {
      try bob.store.score(in: "Poker", "Ann", .add(1))
    }
    expectNoDifference(before, try bob.contents())
  }

  @Test(
    "a server that answers every save with the same stale conflict ends the sync with an error, not a spin",
    arguments: CloudBacking.backends)
  func staleConflictForever(backing: CloudBacking) throws {
    let world = try world(backing)
    try world[0].sync()
    _ = try world[0].store.renamePlayer(in: "Poker", "Ann", to: "Anna")
    // A faulty server: each save "conflicts" with the copy the device
    // already has, so merging changes nothing and it is sent again.
    var calls = 0
    let container = InterceptingContainer(
      world.cloud.container("alice"),
      answering: { saving, real in
        // (Bounded here, so that the spin this test names fails it instead of hanging it.)
        calls += 1
        if calls > 20 { throw StillSending() }
        let ids = saving.map(\.id)
        let copies = try real.records(for: ids)
        var saveResults: [RecordID: Result<CloudRecord, CloudError>] = [:]
        for record in saving {
          saveResults[record.id] = .failure(
            .serverRecordChanged(server: try copies[record.id]!.get(), client: record))
        }
        return ModifyRecordsResult(saveResults: saveResults)
      })
    let pending = try world[0].unsynced()
    #expect(pending == ["\(id(1, 2)):players pendingSave"])
    #expect(throws: SyncError.notConverging(pending: 1, lastError: Self.noProgress)) {
      try world[0].sync(through: container)
    }
    #expect(container.modifyCalls == 3, "three rounds without progress, then the error")
    #expect(try world[0].unsynced() == pending, "the change is kept")
    #expect(try world[0].store.players(of: "Poker").map(\.name) == ["Anna"])
  }

  struct StillSending: Error {}
  static let noProgress = "three rounds in a row left every change as it was"
}

extension SyncFaultTests {
  @Test(
    "the last error a failed sync records is in the program's words (errorWords), the cloud's answer alone")
  func recordedInTheProgramsWords() throws {
    let world = try world(.memory)
    world.cloud.inject(try CloudFault.parse("network-unavailable*100"))
    let engine = world[0].engine(budget: 0)
    engine.errorWords = { "[program] \($0)" }
    #expect(throws: SyncError.stopped(.networkUnavailable, pending: 3)) { try engine.sync() }
    #expect(try world[0].store.syncStatus().lastError == "[program] The network is unavailable.")
  }
}
