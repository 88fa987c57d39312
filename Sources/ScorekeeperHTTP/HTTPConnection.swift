import ScorekeeperSystem

#if canImport(Glibc)
  import Glibc
#endif

/// One client's connection to `HTTPServer`: what it sent and what is
/// waiting to go to it, and by when it must have done its part.
///
/// What it holds is bounded whatever the client does (issue 44): its
/// input is read only while less than `inputLimit` of it waits, and its
/// requests are answered only while less than `answerBacklogLimit` of
/// answers wait unsent; past either, the server stops reading from it,
/// and the kernel's flow control slows the client down instead. So one
/// connection holds at most `inputLimit`, plus `answerBacklogLimit` and
/// one answer (a photo: 10 MiB at most).
final class HTTPConnection {
  let socket: Int32
  /// What the client sent; `input[consumed...]` is not answered yet.
  private(set) var input: [UInt8] = []
  private var consumed = 0
  /// Where the head being read ends, found as its bytes arrive.
  private var scanner = HeadScanner()
  /// Answers waiting to be sent, in order, each sent from `sent` on: the
  /// bytes of a cached answer are shared with the cache, not copied.
  private var output: [[UInt8]] = []
  private var sent = 0
  /// Bytes of `output` not sent yet.
  private(set) var backlog = 0
  /// Close once everything is sent (an error, a client that said close).
  var closesAfterWriting = false
  /// The client closed its side: what it sent before is answered, then
  /// the connection closes.
  private(set) var inputEnded = false
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

  /// Input waiting beyond which none is read: room for the largest head
  /// and then some, so pipelined requests arrive in pieces of this size.
  static let inputLimit = 64 << 10
  /// Unsent answers beyond which no further request is answered.
  static let answerBacklogLimit = 64 << 10

  init(socket: Int32) {
    self.socket = socket
    idleDeadline = .after(HTTPServer.idleLimit)
  }

  var hasOutput: Bool { backlog > 0 }

  /// Input not answered yet, in bytes.
  var pendingInput: Int { input.count - consumed }

  /// Whether the server should read from it now: an event stream's or a
  /// closing connection's input is read to be dropped (so its closing
  /// shows); another's only while there is room for it and its answers.
  var wantsInput: Bool {
    guard !inputEnded else { return false }
    if channel != nil || closesAfterWriting { return true }
    return pendingInput < Self.inputLimit && backlog < Self.answerBacklogLimit
  }

  /// Whether another request may be answered now.
  var mayAnswer: Bool {
    channel == nil && !closesAfterWriting && backlog < Self.answerBacklogLimit
  }

  func queue(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    if !hasOutput { writeDeadline = .after(HTTPServer.writeLimit) }
    output.append(bytes)
    backlog += bytes.count
  }

  /// The next request's head, once it has all arrived: `.ended` with its
  /// length from `unanswered`'s start; `consume` it once taken.
  func scanHead() -> HeadScanner.Result {
    scanner.scan(input[consumed...])
  }

  /// The input not answered yet.
  var unanswered: ArraySlice<UInt8> { input[consumed...] }

  /// Drops the first `count` bytes of the unanswered input (a head taken).
  func consume(_ count: Int) {
    consumed += count
    scanner = HeadScanner()
    if consumed == input.count {
      input.removeAll(keepingCapacity: true)
      consumed = 0
    } else if consumed >= Self.inputLimit {
      input.removeFirst(consumed)
      consumed = 0
    }
  }

  /// Drops all unanswered input (an event stream's, a refused head's).
  func discardInput() {
    input.removeAll(keepingCapacity: input.capacity <= Self.inputLimit)
    consumed = 0
    scanner = HeadScanner()
  }

  enum ReadResult { case open, ended, failed }

  /// Reads what the client sent into `buffer` (the server's, for every
  /// client) and keeps it: at most 16 buffers a call, so one client
  /// sending without end cannot hold up the others, and only while
  /// `wantsInput`; `.ended` once the client closed its side.
  func read(through buffer: inout [UInt8]) -> ReadResult {
    for _ in 0..<16 where wantsInput {
      let count = recv(socket, &buffer, buffer.count, 0)
      if count > 0 {
        // An event stream's or a closing connection's input is read and
        // dropped: what such a client sends never grows the server.
        if channel == nil && !closesAfterWriting {
          if pendingInput == 0 && headDeadline == nil { headDeadline = .after(HTTPServer.headLimit) }
          input += buffer[..<count]
        }
        // Less than asked for: nothing more waits (no second call to hear so).
        if count < buffer.count { return .open }
        continue
      }
      if count == 0 {
        inputEnded = true
        return .ended
      }
      return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .open : .failed
    }
    return .open  // more may wait: the next poll says so
  }

  /// Sends what the socket takes now; false when the client is gone.
  func write() -> Bool {
    while let first = output.first {
      let count = first[sent...].withUnsafeBytes {
        send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count > 0 {
        sent += count
        backlog -= count
        writeDeadline = .after(HTTPServer.writeLimit)
        if sent == first.count {
          output.removeFirst()
          sent = 0
        }
        continue
      }
      return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
    }
    writeDeadline = nil
    return true
  }

  /// The earliest time this connection needs looking at.
  /// The idle limit counts only for a connection between requests: an
  /// event stream, or one sending an answer, is not idle. (A limit past
  /// that no longer applies would wake the server's poll at once, again
  /// and again.)
  var deadline: Deadline {
    // (Computed at every wake for every client: no array, no allocation.)
    var earliest = isIdle ? idleDeadline : Deadline.after(3600)
    if let limit = headDeadline { earliest = earliest.earlier(than: limit) }
    if let limit = writeDeadline { earliest = earliest.earlier(than: limit) }
    if let limit = heartbeat { earliest = earliest.earlier(than: limit) }
    return earliest
  }

  /// Between requests: nothing to send, no event stream.
  var isIdle: Bool { channel == nil && !hasOutput }

  func close() {
    _ = shutdown(socket, Int32(SHUT_RDWR))
    _ = Glibc.close(socket)
  }
}
