#if canImport(Glibc)
  import Glibc
#endif

/// One client's connection to `HTTPServer`: what it sent and what is
/// waiting to go to it, and by when it must have done its part.
final class HTTPConnection {
  let socket: Int32
  var input: [UInt8] = []
  private(set) var output: [UInt8] = []
  /// Sent of `output` so far.
  private var sent = 0
  /// Close once everything is sent (an error, a client that said close).
  var closesAfterWriting = false
  /// The event stream it follows, once it asked for one.
  var channel: String?
  /// When the head of the request being read must be complete (from its
  /// first byte), so a client sending it a byte at a time is cut off.
  var headDeadline: Deadline?
  /// When an idle connection (between requests) is closed.
  var idleDeadline: Deadline
  /// When waiting output must have moved (a client that stopped reading).
  var writeDeadline: Deadline?
  /// When an event stream next gets a comment, so proxies and the client
  /// see it alive.
  var heartbeat: Deadline?

  init(socket: Int32) {
    self.socket = socket
    idleDeadline = .after(HTTPServer.idleLimit)
  }

  var hasOutput: Bool { sent < output.count }

  /// Waiting output, in bytes.
  var backlog: Int { output.count - sent }

  func queue(_ bytes: [UInt8]) {
    if !hasOutput { writeDeadline = .after(HTTPServer.writeLimit) }
    output += bytes
  }

  /// Reads what the client sent (at most 256 KiB a call, so one client
  /// sending without end cannot hold up the others); false when it
  /// closed or failed.
  func read() -> Bool {
    var buffer = [UInt8](repeating: 0, count: 16384)
    for _ in 0..<16 {
      let count = recv(socket, &buffer, buffer.count, 0)
      if count > 0 {
        // Beyond what a head may be (which the parser refuses), or once
        // the connection is closing, bytes are read and dropped: what a
        // client sends never grows the server past that.
        guard !closesAfterWriting, input.count <= HTTPRequest.requestLineLimit + HTTPRequest.headerLimit
        else { continue }
        if input.isEmpty && headDeadline == nil { headDeadline = .after(HTTPServer.headLimit) }
        input += buffer[..<count]
        continue
      }
      if count == 0 { return false }
      return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR
    }
    return true  // more may wait: the next poll says so
  }

  /// Sends what the socket takes now; false when the client is gone.
  func write() -> Bool {
    while hasOutput {
      let count = output[sent...].withUnsafeBytes {
        send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count > 0 {
        sent += count
        writeDeadline = .after(HTTPServer.writeLimit)
        continue
      }
      return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
    }
    output.removeAll(keepingCapacity: true)
    sent = 0
    writeDeadline = nil
    return true
  }

  /// The earliest time this connection needs looking at.
  /// The idle limit counts only for a connection between requests: an
  /// event stream, or one sending an answer, is not idle. (A limit past
  /// that no longer applies would wake the server's poll at once, again
  /// and again.)
  var deadline: Deadline {
    var limits = [headDeadline, writeDeadline, heartbeat]
    if isIdle { limits.append(idleDeadline) }
    return limits.compactMap { $0 }.reduce(Deadline.after(3600)) { $0.earlier(than: $1) }
  }

  /// Between requests: nothing to send, no event stream.
  var isIdle: Bool { channel == nil && !hasOutput }

  func close() {
    _ = shutdown(socket, Int32(SHUT_RDWR))
    _ = Glibc.close(socket)
  }
}
