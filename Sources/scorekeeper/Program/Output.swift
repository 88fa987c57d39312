#if canImport(Glibc)
  import Glibc
#endif

/// A buffered text stream: to a file descriptor (stdout, stderr), or to
/// memory for in-process tests. Buffering matters: printing 100,000
/// standings one `write(2)` each would cost more than the query.
final class Output {
  private enum Destination {
    case fileDescriptor(Int32)
    case memory
  }

  private let destination: Destination
  private var buffer: [UInt8] = []
  /// What was written, for `.memory` outputs.
  private(set) var captured: [UInt8] = []

  private static let flushThreshold = 64 * 1024

  private init(_ destination: Destination) {
    self.destination = destination
    buffer.reserveCapacity(Self.flushThreshold)
  }

  static func fileDescriptor(_ descriptor: Int32) -> Output {
    Output(.fileDescriptor(descriptor))
  }

  static func memory() -> Output {
    Output(.memory)
  }

  deinit {
    flush()
  }

  /// The captured text of a `.memory` output.
  var text: String {
    flush()
    return String(decoding: captured, as: UTF8.self)
  }

  func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.flushThreshold { flush() }
  }

  func line(_ text: String = "") {
    write(text)
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count >= Self.flushThreshold { flush() }
  }

  func flush() {
    guard !buffer.isEmpty else { return }
    switch destination {
    case .memory:
      captured.append(contentsOf: buffer)
    case .fileDescriptor(let descriptor):
      buffer.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
          let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            return  // the reader went away (EPIPE) or the disk is full: nothing to tell
          }
          offset += written
        }
      }
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
