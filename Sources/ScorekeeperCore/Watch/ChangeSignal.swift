#if canImport(Glibc)
  import Glibc
#endif

/// Something that says, through a descriptor poll(2) can wait on, that
/// what it follows may have changed: a database file another connection
/// committed to (`DatabaseChangeSignal`), or a cloud that notified
/// (`LiveChangeSignal`). A wake is only a hint; `takeChange` decides.
/// For `watch` and `serve` (issue 34), which follow several at once.
public protocol ChangeSignal: AnyObject {
  /// Readable when a change may have come.
  var descriptor: Int32 { get }
  /// Reads whatever woke the descriptor, without blocking, and says
  /// whether what this follows changed since it last said so. Throws
  /// when the signal is lost (its connection closed): it stays lost, and
  /// the caller makes another.
  func takeChange() throws -> Bool
}

/// Waiting on several change signals (and other descriptors) at once.
public enum ChangeSignals {
  /// At most this long between two looks at every signal, woken or not:
  /// a file system that cannot notify (a network share) delays a change
  /// by this much, never loses it.
  public static let recheckInterval = 1.0

  /// Waits until one of `descriptors` is readable, `recheckInterval`
  /// passes, or `deadline` does, and returns the indexes of the readable
  /// ones (an error or a hang-up counts as readable): none when time ran
  /// out (a signal handled makes a descriptor of its own ready). Either way, the caller asks each
  /// `ChangeSignal` it waits on (`takeChange`), readable or not, so a
  /// change a descriptor could not announce shows within the interval;
  /// other descriptors (a terminal's input) it reads only when readable.
  public static func ready(_ descriptors: [Int32], until deadline: Deadline) throws -> [Int] {
    var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let wait = deadline.earlier(than: .after(recheckInterval))
    do {
      guard try Poll.wait(&entries, until: wait) > 0 else { return [] }
    } catch {
      throw ChangeSignalError(call: "poll", path: nil, reason: error.reason)
    }
    return entries.indices.filter { entries[$0].revents != 0 }
  }
}

extension ChangeSignal {
  /// Returns true as soon as a change is taken (one that came before the
  /// call included); false when `deadline` passes first.
  public func wait(until deadline: Deadline) throws -> Bool {
    while true {
      if try takeChange() { return true }
      if deadline.hasPassed { return false }
      _ = try ChangeSignals.ready([descriptor], until: deadline)
    }
  }
}
