#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A new, empty file beside a target (`mkstemp`, so readable by its owner
/// alone): filled first, then renamed over the target in one step, so the
/// target is never half written. In the target's folder, since a rename
/// only moves a file within one file system.
public struct TemporaryFile {
  public let path: String
  /// Open for writing; the caller closes it.
  public let descriptor: Int32

  /// Nil, with `errno` saying why, when the folder cannot take it.
  /// - Parameter purpose: in its name (`.scorekeeper-<purpose>-XXXXXX`).
  public init?(beside target: String, purpose: String) {
    let directory = target.lastIndex(of: "/").map { String(target[...$0]) } ?? ""
    var template = Array((directory + ".scorekeeper-\(purpose)-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return nil }
    self.descriptor = descriptor
    path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
