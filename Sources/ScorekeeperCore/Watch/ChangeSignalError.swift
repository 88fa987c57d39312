#if canImport(Glibc)
  import Glibc
#endif

/// Following changes failed in the system call that waits for them
/// (inotify, poll): no database is at fault, and none was changed.
public struct ChangeSignalError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The call that failed ("inotify_add_watch").
  public let call: String
  /// The folder it was about, if any.
  public let path: String?
  /// The system's words (strerror).
  public let reason: String

  public init(call: String, path: String?, reason: String) {
    self.call = call
    self.path = path
    self.reason = reason
  }

  /// The failure of `call` just now, from `errno`.
  static func now(_ call: String, path: String? = nil) -> Self {
    Self(call: call, path: path, reason: String(cString: strerror(errno)))
  }

  public var description: String {
    "Can't follow changes: \(call) failed" + (path.map { " for \(quote($0))" } ?? "") + ": \(reason). "
      + "Nothing was changed."
  }
}
