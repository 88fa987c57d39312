/// Calls said to come next (`CloudDatabase.willModifyRecords`,
/// `willFetchZoneChanges`) run on a thread of their own, so the mock
/// works while its caller does, as a live server does at the other end of
/// its connection. The rules are the live cloud's (`LiveCloud.sendAhead`),
/// so the engine meets one behaviour on both clouds:
///
/// - the call made next with the same arguments takes the answer;
/// - a call said while another is out starts the moment the caller takes
///   that one's answer, unless that one failed;
/// - any other operation first waits for the call that is out and drops
///   its answer, and drops the one queued behind it: the caller then
///   makes that call itself, and sees what the dropped one did.
///
/// Only a call that is out or queued waits for anything, and the work a
/// call does is the same operation, with its own bounds (a file busy
/// past the busy timeout answers "busy").
extension FileCloud {
  /// A call, by who makes it and everything it is made of.
  struct CallAhead: Hashable, @unchecked Sendable {
    let userName: String
    let scope: DatabaseScope
    /// The operation's arguments (a `Hashable` value of the caller's).
    let arguments: AnyHashable
  }

  /// The calls said ahead, and counts of what became of them (for tests).
  struct Ahead {
    var running: (call: CallAhead, work: BackgroundCall<any Sendable>)?
    var queued: (call: CallAhead, work: @Sendable () throws -> any Sendable)?
    /// Answers calls took from a call made ahead.
    var answersTaken = 0
    /// Calls started from the queue.
    var queuedCallsStarted = 0
  }

  /// Starts `work` now, or queues it behind the call that is out.
  /// `work` must not wait for calls ahead (`settling: false`): it is one.
  func startAhead(_ call: CallAhead, _ work: @escaping @Sendable () throws -> any Sendable) {
    ahead.withLock { ahead in
      guard ahead.running?.call != call && ahead.queued?.call != call else { return }
      guard ahead.running == nil else {
        ahead.queued = (call, work)
        return
      }
      if let started = BackgroundCall.start(work) { ahead.running = (call, started) }
    }
  }

  /// The answer of `call`, when it was started ahead; nil when it was not
  /// (the caller makes it now).
  func answerAhead<T>(_ call: CallAhead, as type: T.Type) -> Result<T, any Error>? {
    let running = ahead.withLock { $0.running?.call == call ? $0.running?.work : nil }
    guard let running else { return nil }
    let answer = running.wait()
    ahead.withLock { ahead in
      ahead.answersTaken += 1
      // (Another thread's operation may have settled it meanwhile.)
      guard ahead.running?.work === running else { return }
      ahead.running = nil
      // Not after a failed call: its caller may do something else first.
      if let queued = ahead.queued, case .success = answer, let started = BackgroundCall.start(queued.work) {
        ahead.running = (queued.call, started)
        ahead.queuedCallsStarted += 1
      }
      ahead.queued = nil
    }
    return answer.map { $0 as! T }
  }

  /// Waits for the call that is out and drops its answer, and drops the
  /// one queued: before any other operation.
  func settleAhead() {
    let running = ahead.withLock { ahead in
      ahead.queued = nil
      defer { ahead.running = nil }
      return ahead.running?.work
    }
    _ = running?.wait()
  }

  /// Answers calls took from a call made ahead, and calls started from
  /// the queue (for tests).
  var callsAhead: (answersTaken: Int, queuedCallsStarted: Int) {
    ahead.withLock { ($0.answersTaken, $0.queuedCallsStarted) }
  }
}
