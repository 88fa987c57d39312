@_spi(Testing) import ScorekeeperCore
import Synchronization

/// A clock a test moves by hand, shared by every device of a scenario (and
/// the mock cloud; a live server keeps its own), so "later" means later
/// everywhere.
public final class ManualClock: Sendable {
  private let current: Mutex<Timestamp>

  public init(_ start: Timestamp = testNow) {
    current = Mutex(start)
  }

  public var now: Timestamp { current.withLock { $0 } }

  /// Moves the clock forward by `milliseconds`.
  public func advance(milliseconds: Int64 = 1000) {
    current.withLock { $0 = Timestamp(millisecondsSince1970: $0.millisecondsSince1970 + milliseconds) }
  }

  public var clock: Clock { Clock { self.now } }
}

/// One device of one user: its own database file (ids in a range of its
/// own, so two devices never make the same id), syncing with a shared
/// cloud in virtual time.
public final class TestDevice {
  public let name: String
  public let user: String
  public let store: Store
  public let cloud: TestCloud
  private let directory: TemporaryDirectory
  private let number: UInt64
  private let clock: ManualClock

  /// Device `number` makes ids 0000000N-…-000000000001, …0002, … and has
  /// the device id d0000000-…-00000000000N.
  public convenience init(_ number: UInt64, user: String = "alice", cloud: TestCloud, clock: ManualClock)
    throws
  {
    try self.init(number, user: user, cloud: cloud, clock: clock, directory: TemporaryDirectory())
  }

  /// A copy of `other`'s database file, made while no command runs (as
  /// `cp` would): a device of its own, `number`, from then on.
  public convenience init(copying other: TestDevice, as number: UInt64) throws {
    let directory = try TemporaryDirectory()
    try other.store.database.execute(
      "VACUUM INTO ?1", [.text(directory.file("device\(number).sqlite"))])
    try self.init(number, user: other.user, cloud: other.cloud, clock: other.clock, directory: directory)
  }

  private init(
    _ number: UInt64, user: String, cloud: TestCloud, clock: ManualClock, directory: TemporaryDirectory
  ) throws {
    name = "device \(number)"
    self.user = user
    self.cloud = cloud
    self.number = number
    self.clock = clock
    self.directory = directory
    store = try Store(
      path: directory.file("device\(number).sqlite"),
      dependencies: Dependencies(
        uuid: .incrementing(startingAt: number << 32 + 1), clock: clock.clock, device: .device(number)))
  }

  /// Another connection to this device's database, as a second process
  /// on the same machine opens it; its ids come from a range of their own
  /// (…0001_0000_0001 on).
  public func secondProcess() throws -> Store {
    try Store(
      path: store.database.path,
      dependencies: Dependencies(
        uuid: .incrementing(startingAt: number << 32 + 1 << 16 + 1), clock: clock.clock,
        device: .device(number)))
  }

  /// An engine whose cloud runs `action` while the first save is out.
  public func engine(whileSending action: @escaping () throws -> Void) -> SyncEngine {
    SyncEngine(
      store: store, container: InterceptingContainer(cloud.container(user), whileSending: action),
      cloudLocation: cloud.location, timing: .virtual(budget: 30))
  }

  public func engine(budget: Double = 30, fetchPageSize: Int = 400, observer: SyncObserver = SyncObserver())
    -> SyncEngine
  {
    SyncEngine(
      store: store, container: cloud.container(user), cloudLocation: cloud.location,
      timing: .virtual(budget: budget), fetchPageSize: fetchPageSize, observer: observer)
  }

  @discardableResult
  public func sync() throws -> SyncReport { try engine().sync() }

  /// A sync through `container` (this device's user's, wrapped).
  @discardableResult
  public func sync(through container: any CloudContainer) throws -> SyncReport {
    try SyncEngine(
      store: store, container: container, cloudLocation: cloud.location, timing: .virtual(budget: 30)
    )
    .sync()
  }

  @discardableResult
  public func send() throws -> SyncReport { try engine().send() }

  @discardableResult
  public func fetch() throws -> SyncReport { try engine().fetch() }

  /// Every photo's bytes by player id (nil: removed), for comparing two
  /// devices' photos byte for byte; `contents` shows only their hashes.
  public func photoBytes() throws -> [String: [UInt8]?] {
    var photos: [String: [UInt8]?] = [:]
    try store.database.forEachRow("SELECT id, bytes FROM playerPhotos") { row in
      photos[try row.text(0)] = row.value(1) == .null ? .some(nil) : try row.blob(1)
    }
    return photos
  }

  /// Whether every photo's bytes hash to the `sha256` kept beside them.
  public func photosMatchHashes() throws -> Bool {
    var intact = true
    try store.database.forEachRow("SELECT sha256, bytes FROM playerPhotos WHERE bytes IS NOT NULL") { row in
      let (hash, bytes) = (try row.text(0), try row.blob(1))
      intact = intact && hash == sha256Hex(bytes)
    }
    return intact
  }

  /// Everything a user could see, in a stable order: each game's title and
  /// players with their scores and score events (of one game, if given),
  /// and (of every game) who is who.
  /// Devices that converged have equal contents.
  public func contents(ofGame game: String? = nil) throws -> [String] {
    try store.database.fetchAll(
      """
      SELECT 'game ' || g.id || ' ' || quote(g.title) || iif(g.kind IS NULL, '', ' kind ' || quote(g.kind))
      FROM games AS g WHERE ?1 IS NULL OR g.id = ?1
      UNION ALL
      SELECT 'player ' || p.id || ' in ' || p.gameID || ' ' || quote(p.name) || ' score ' || p.score
        || iif(p.team IS NULL, '', ' team ' || quote(p.team)) || iif(p.isTeam IS NULL, '', ' (the team''s own)')
      FROM players AS p WHERE ?1 IS NULL OR p.gameID = ?1
      UNION ALL
      SELECT 'event ' || e.id || ' of ' || e.playerID || ' ' || e.delta
        || ifnull(' thousandths ' || e.thousandths, '') || ' by ' || e.device
        || ' at ' || e.time || ifnull(' undoes ' || e.undoes, '') || ifnull(' round ' || e.roundID, '')
      FROM scoreEvents AS e JOIN players AS p ON p.id = e.playerID WHERE ?1 IS NULL OR p.gameID = ?1
      UNION ALL
      SELECT 'round ' || r.id || ' of ' || r.gameID || ' by ' || r.device || ' at ' || r.madeAt
        || ifnull(' fixes ' || r.fixes, '') || ifnull(' undoes ' || r.undoes, '')
      FROM rounds AS r WHERE ?1 IS NULL OR r.gameID = ?1
      UNION ALL
      SELECT 'game event ' || x.id || ' of ' || x.gameID || ' ' || x.kind || ' by ' || x.device || ' at '
        || x.time || ifnull(' winner ' || x.winner, '') || ifnull(' target ' || x.target, '')
        || ifnull(' rounds ' || x.roundLimit, '') || ifnull(' winners ' || x.winners, '')
        || ifnull(' target thousandths ' || x.targetThousandths, '') || ifnull(' places ' || x.places, '')
        || ifnull(' counted ' || x.counted, '')
      FROM gameEvents AS x WHERE ?1 IS NULL OR x.gameID = ?1
      UNION ALL
      SELECT 'photo of ' || f.id || ' ' || ifnull(
          f.type || ' ' || f.width || 'x' || f.height || ' ' || f.byteCount || ' bytes sha256 ' || f.sha256
            || ' begins ' || hex(substr(f.bytes, 1, 16)) || ' length ' || length(f.bytes),
          'removed')
      FROM playerPhotos AS f JOIN players AS p ON p.id = f.id WHERE ?1 IS NULL OR p.gameID = ?1
      UNION ALL
      SELECT 'person link ' || l.id || ' ' || l.kind || ' by ' || l.device || ' at ' || l.time
        || ifnull(' person ' || quote(l.person), '') || ifnull(' other ' || quote(l.other), '')
        || ifnull(' name ' || quote(l.name), '') || ifnull(' games ' || l.games, '')
        || ifnull(' undoes ' || l.undoes, '')
      FROM personLinks AS l WHERE ?1 IS NULL
      UNION ALL
      SELECT 'kind rules ' || k.id || ' ' || k.change || ' ' || quote(k.name) || ' by ' || k.device || ' at '
        || k.time || ifnull(' winner ' || k.winner, '') || ifnull(' target ' || k.target, '')
        || ifnull(' rounds ' || k.roundLimit, '') || ifnull(' teams ' || k.teamSize, '')
        || ifnull(' round names ' || k.roundNames, '') || ifnull(' undoes ' || k.undoes, '')
      FROM kindRules AS k WHERE ?1 IS NULL
      ORDER BY 1
      """, [game.map { .text($0) } ?? .null]
    ) { try $0.text(0) }
  }

  /// Metadata rows not synced: "<recordName> <state>", in order. Empty once
  /// everything is sent and nothing waits for a parent.
  public func unsynced() throws -> [String] {
    try store.database.fetchAll(
      "SELECT recordName || ' ' || state FROM syncRecords WHERE state <> 'synced' ORDER BY 1"
    ) { try $0.text(0) }
  }

  /// Each player's score is the sum of its events, clamped to 64 bits, and
  /// the exact parts hold the sum (the cached totals are right): summed
  /// here in 128 bits, independently of the triggers.
  public func scoresMatchEvents() throws -> Bool {
    // In thousandths of a point: each event's whole part and thousandths.
    var sums: [String: Int128] = [:]
    try store.database.forEachRow("SELECT playerID, delta, coalesce(thousandths, 0) FROM scoreEvents") {
      row in
      sums[try row.text(0), default: 0] += Int128(try row.int64(1)) * 1000 + Int128(try row.int64(2))
    }
    return try store.database.fetchAll(
      "SELECT id, score, scoreHigh, scoreLow, scoreThousandths FROM players"
    ) { row in
      let sum = sums[try row.text(0)] ?? 0
      let (whole, rest) = sum.quotientAndRemainder(dividingBy: 1000)
      let floor = rest < 0 ? whole - 1 : whole
      let exact =
        (Int128(try row.int64(2)) << 32 + Int128(try row.int64(3))) * 1000 + Int128(try row.int64(4))
      return try row.int64(1) == Int64(clamping: floor) && exact == sum
        && (0...999).contains(try row.int64(4))
    }.allSatisfy { $0 }
  }
}

extension Store {
  /// A game's players in standings order, collected.
  public func players(of game: String, archived: Bool = false) throws -> [Player] {
    var players: [Player] = []
    try standings(
      of: game, order: .descending, archived: archived, header: { _ in }, row: { players.append($0.player) })
    return players
  }
}
