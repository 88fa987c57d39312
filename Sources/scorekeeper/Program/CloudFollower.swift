import ScorekeeperCore

/// Keeps a long-running command (`watch`) up to date with the cloud: it
/// fetches at once, again whenever the cloud signals a change (a live
/// server's notification on the user's channel, a commit to the mock's
/// file), and every `safetyInterval` whatever it signals. Fetches go by
/// change token, so a change whose notification was lost (the connection
/// was down) comes with the next fetch all the same.
///
/// When the cloud fails, the follower says so once on stderr, drops its
/// signal and tries again after 1 s, then 2, 4, … up to `longestRetry`;
/// once a fetch works again it says so. Nothing here ends the command but
/// a database bound to another cloud, which no retry mends.
final class CloudFollower {
  enum Connection: Equatable {
    /// Not tried yet.
    case starting
    /// Fetched lately, and following the cloud's signal.
    case live
    /// The last try failed, with these words; the next is due at `retryAt`.
    case offline(String, retryAt: Deadline)
  }

  /// Fetches at least this often while live, signal or not (seconds).
  static let safetyInterval = 30.0
  /// The longest wait between two tries while offline (seconds).
  static let longestRetry = 30.0

  private let invocation: Invocation
  private let command: String
  private(set) var connection = Connection.starting
  /// What the cloud's signal is on, while live.
  private(set) var signal: (any ChangeSignal)?
  private var nextFetch = Deadline.after(0)
  /// Whether losing and finding the cloud is said on stderr (not when a
  /// full-screen view says it in its header).
  var saysOnStandardError = true
  private var retryDelay = 1.0

  /// Nil when the command works offline. `command` names it in what it says.
  init?(_ invocation: Invocation, command: String) throws {
    guard try !invocation.settings.offline.get() else { return nil }
    self.invocation = invocation
    self.command = command
  }

  /// When the follower next has work to do without a signal.
  var deadline: Deadline {
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

  /// Does what is due: a fetch (listening first, if it is not), or a
  /// retry. Returns true when a fetch brought this database up to date.
  func step() throws -> Bool {
    guard deadline.hasPassed else { return false }
    do {
      if signal == nil { signal = try makeSignal() }
      _ = try invocation.syncEngine(automatic: false).fetch()
    } catch {
      if case .boundElsewhere? = error as? SyncError { throw error }
      fail(error)
      return false
    }
    if case .offline = connection, saysOnStandardError {
      invocation.errors.line("\(command): following the cloud again.")
      invocation.errors.flush()
    }
    connection = .live
    retryDelay = 1
    nextFetch = .after(Self.safetyInterval)
    return true
  }

  /// The cloud's signal: a live server's notifications, or the mock's file.
  private func makeSignal() throws -> (any ChangeSignal)? {
    switch try invocation.cloud()?.backend {
    case .live(let live)?:
      try invocation.requireClientLibrary()
      live.answer(by: .after(try invocation.settings.networkTimeLimit()))
      return try live.changeSignal()
    case .file(let mock)?: return try mock.changeSignal()
    case nil: return nil
    }
  }

  private func fail(_ error: any Error) {
    signal = nil
    let words = ErrorWords.of(error)
    let errors = invocation.errors
    // Each failure once, however many retries meet it.
    var repeated = false
    if case .offline(let said, _) = connection { repeated = said == words }
    if !repeated && saysOnStandardError {
      errors.warning(
        "\(command): not following the cloud: \(words) Trying again, "
          + "every \(Int(Self.longestRetry)) s at most; changes on this database still show.")
      errors.flush()
    }
    connection = .offline(words, retryAt: .after(retryDelay))
    retryDelay = min(retryDelay * 2, Self.longestRetry)
  }
}
