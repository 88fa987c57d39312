/// The cloud's half of a `ChangeFeed`: it fetches at once, again whenever
/// the cloud signals a change (a live server's notification on the
/// user's channel, a commit to the file cloud's file), and every
/// `safetyInterval` whatever it signals. Fetches go by change token, so a
/// change whose notification was lost (the connection was down) comes
/// with the next fetch all the same. One sync engine serves every fetch,
/// each a run of its own (`SyncEngine.startRun`); a new one is made only
/// for a database opened again.
///
/// When the cloud fails, the feed reports it once (`Event.lost`), drops
/// its signal and tries again within 1 s, then 2, 4, … up to
/// `longestRetry`; once a fetch works again it reports that. Nothing here
/// ends the feed but a database bound to another cloud, which no retry
/// mends.
public final class CloudFeed {
  public enum Connection: Equatable, Sendable {
    /// Not tried yet.
    case starting
    /// Fetched lately, and following the cloud's signal.
    case live
    /// The last try failed, with these words; the next is due at `retryAt`.
    case offline(String, retryAt: Deadline)
  }

  /// What the feed reports as it loses and finds the cloud.
  public enum Event: Equatable, Sendable {
    /// A try failed with these words, other than the last failure's.
    case lost(String)
    /// A fetch worked after a failure.
    case regained
    /// The cloud cannot say when something changed: it is fetched from
    /// every this many seconds (said once).
    case polling(every: Double)
  }

  /// Fetches at least this often while live, signal or not (seconds).
  public static let safetyInterval = 30.0
  /// The longest wait between two tries while offline (seconds).
  public static let longestRetry = 30.0

  private let makeEngine: () throws -> SyncEngine
  private let errorWords: (any Error) -> String
  private var engine: SyncEngine?
  public private(set) var connection = Connection.starting
  /// What the cloud's signal is on, while live.
  private(set) var signal: (any ChangeSignal)?
  private var nextFetch = Deadline.after(0)
  /// The longest wait before the next retry: it doubles with each
  /// failure; the wait itself is a share of it (`share`, full jitter), so
  /// followers that lost the cloud together do not all come back at once.
  private var retryCeiling = 1.0
  private let share: () -> Double
  private var saidPolling = false
  /// Told of each `Event` (a command saying it on stderr); nil: unsaid.
  public var report: ((Event) -> Void)?

  /// - Parameter engine: makes the sync engine for the database followed,
  ///   on the first fetch and after the database was opened again.
  /// - Parameter errorWords: how a failure reads in `Event.lost` and
  ///   `Connection.offline`.
  /// - Parameter share: a share in [0, 1) of the longest wait, for each
  ///   retry: random for a command, fixed in a test.
  public init(
    engine: @escaping () throws -> SyncEngine, errorWords: @escaping (any Error) -> String = { "\($0)" },
    share: @escaping () -> Double
  ) {
    makeEngine = engine
    self.errorWords = errorWords
    self.share = share
  }

  /// Seconds between fetches while the cloud cannot say when something
  /// changed (`PollingSignal`); nil while it can, or is not followed.
  public var pollingInterval: Double? {
    (signal as? PollingSignal)?.interval
  }

  /// When the feed next has work to do without a signal.
  public var deadline: Deadline {
    if case .offline(_, let retryAt) = connection { return retryAt }
    return nextFetch
  }

  /// Reads the signal, which woke; a change makes the next fetch due now.
  func signalWoke() {
    guard let signal else { return }
    do {
      if try signal.takeChange() { nextFetch = .after(0) }
    } catch {
      fail(error)
    }
  }

  /// The database was opened again: the next fetch is made by a new
  /// engine, on the new connection.
  func databaseReopened() {
    engine = nil
  }

  /// Does what is due: a fetch (listening first, if it is not), or a
  /// retry. Returns true when a fetch brought this database up to date.
  func step() throws -> Bool {
    guard deadline.hasPassed else { return false }
    do {
      let engine = try self.engine ?? makeEngine()
      self.engine = engine
      engine.startRun()
      if signal == nil {
        signal = try engine.container.changeSignal()
        if let polling = signal as? PollingSignal, !saidPolling {
          saidPolling = true
          report?(.polling(every: polling.interval))
        }
      }
      _ = try engine.fetch()
    } catch {
      if case .boundElsewhere? = error as? SyncError { throw error }
      fail(error)
      return false
    }
    if case .offline = connection { report?(.regained) }
    connection = .live
    retryCeiling = 1
    nextFetch = .after(Self.safetyInterval)
    return true
  }

  private func fail(_ error: any Error) {
    signal = nil
    let words = errorWords(error)
    // Each failure once, however many retries meet it.
    var repeated = false
    if case .offline(let said, _) = connection { repeated = said == words }
    if !repeated { report?(.lost(words)) }
    connection = .offline(words, retryAt: .after(retryCeiling * share()))
    retryCeiling = min(retryCeiling * 2, Self.longestRetry)
  }
}
