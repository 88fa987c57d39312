import ScorekeeperSystem

#if canImport(Glibc)
  import Glibc
#endif

/// A small HTTP/1.1 server on the POSIX socket API, for `serve` (issue
/// 34): one thread, non-blocking sockets, one poll(2) for everything
/// (and for the caller's own descriptors, so it can follow changes in the
/// same loop). GET and HEAD only; keep-alive; event streams (Server-Sent
/// Events) that the caller feeds by channel.
///
/// Every client is bounded: a request head must arrive whole within
/// `headLimit` of its first byte (a client sending a byte at a time is
/// cut off with 408), an idle connection closes after `idleLimit`, output
/// a client does not read for `writeLimit` (or an event stream's beyond
/// `backlogLimit`) closes it, connections beyond `connectionLimit` are
/// closed at once, and what one connection holds is bounded
/// (`HTTPConnection`): pipelined requests are each answered, in order,
/// as fast as the client reads the answers.
public final class HTTPServer {
  public enum Reply {
    case response(HTTPResponse)
    /// An event stream on `channel`: the head and `first` now, then
    /// whatever `broadcast` sends the channel.
    case events(channel: String, first: String)
  }

  static let headLimit = 10.0
  static let idleLimit = 60.0
  static let writeLimit = 30.0
  static let heartbeatInterval = 15.0
  /// Bytes waiting for one client beyond which it is dropped.
  static let backlogLimit = 4 << 20

  public let port: Int
  private let listener: Int32
  /// A descriptor kept open to be given up when the process runs out of
  /// them, so a connection can still be accepted and closed (otherwise
  /// the listener stays readable and the loop spins).
  private var spare: Int32
  private var connections: [Int32: HTTPConnection] = [:]
  /// Where every client's input is read into first, made once.
  private var readBuffer = [UInt8](repeating: 0, count: 16384)
  public let connectionLimit: Int
  private let handler: (HTTPRequest) -> Reply

  /// Listens on `address` (an IPv4 or IPv6 literal) and `port` (0: any free one).
  public init(address: String, port: Int, handler: @escaping (HTTPRequest) -> Reply) throws {
    (listener, self.port) = try Self.listen(address: address, port: port)
    spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
    self.handler = handler
    connectionLimit = Self.raiseDescriptorLimit() - 64
  }

  /// Open connections now.
  public var connectionCount: Int { connections.count }

  /// Channels with at least one client following.
  public var followedChannels: Set<String> { Set(connections.values.compactMap(\.channel)) }

  /// Sends `data` as one event to every client following `channel`.
  public func broadcast(_ data: String, to channel: String) {
    let event = Self.event(data)
    for connection in connections.values where connection.channel == channel {
      connection.queue(event)  // (one array for all: each connection shares it)
      if !connection.write() || connection.backlog > Self.backlogLimit { drop(connection) }
    }
  }

  /// An event's bytes: each line of `data` a `data:` field.
  public static func event(_ data: String) -> [UInt8] {
    Array(
      (data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined() + "\n")
        .utf8)
  }

  /// Serves clients until one of `extra` is readable or `deadline`
  /// passes; returns the indexes of the readable ones in `extra`.
  public func serve(also extra: [Int32], until deadline: Deadline) throws -> [Int] {
    while true {
      let clients = Array(connections.values)
      var entries = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
      entries += extra.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      entries += clients.map {
        pollfd(
          fd: $0.socket, events: Int16(($0.wantsInput ? POLLIN : 0) | ($0.hasOutput ? POLLOUT : 0)),
          revents: 0)
      }
      let wake = clients.reduce(deadline) { $0.earlier(than: $1.deadline) }
      let count = try Poll.wait(&entries, until: wake)
      if count > 0 && entries[0].revents != 0 { acceptAll() }
      let now = Deadline.now()
      for (offset, client) in clients.enumerated() {
        let revents = count > 0 ? Int32(entries[1 + extra.count + offset].revents) : 0
        // A client with nothing to read or send, and no limit passed, has
        // nothing to do: a wake for one client costs the others nothing.
        guard revents != 0 || client.deadline.instant <= now else { continue }
        serve(
          client, readable: revents & (POLLIN | POLLERR | POLLHUP) != 0,
          hungUp: revents & (POLLERR | POLLHUP) != 0)
      }
      let ready = count > 0 ? extra.indices.filter { entries[1 + $0].revents != 0 } : []
      if !ready.isEmpty || deadline.hasPassed { return ready }
    }
  }

  /// Closes every connection, each after what was waiting for it is sent
  /// as far as the socket takes it, and the listener.
  public func close() {
    for connection in connections.values {
      _ = connection.write()
      connection.close()
    }
    connections = [:]
    _ = Glibc.close(listener)
  }

  private func acceptAll() {
    while true {
      let socket = accept(listener, nil, nil)
      if socket < 0 {
        if errno == EMFILE || errno == ENFILE, spare >= 0 {
          // Out of descriptors: free the spare, take the waiting client
          // and close it, and keep the spare again.
          _ = Glibc.close(spare)
          let waiting = accept(listener, nil, nil)
          if waiting >= 0 { _ = Glibc.close(waiting) }
          spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
          continue
        }
        return  // EAGAIN: none waiting; anything else: tried again at the next wake
      }
      guard connections.count < connectionLimit else {
        _ = Glibc.close(socket)
        continue
      }
      _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
      _ = fcntl(socket, F_SETFD, FD_CLOEXEC)
      var yes: Int32 = 1
      setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
      connections[socket] = HTTPConnection(socket: socket)
    }
  }

  /// - Parameter hungUp: poll said the socket is closed or failed: with
  /// nothing to send, the connection goes (reading would not say so when
  /// the server is not reading it, and the poll would wake at once again).
  private func serve(_ connection: HTTPConnection, readable: Bool, hungUp: Bool) {
    if readable && connection.read(through: &readBuffer) == .failed {
      drop(connection)
      return
    }
    if hungUp && !connection.hasOutput && !connection.wantsInput {
      drop(connection)
      return
    }
    // An event stream's client has nothing more to ask: what it sends is
    // read (so its closing shows) and dropped, never kept.
    if connection.channel != nil { connection.discardInput() }
    // Answers, and again while sending them made room for more: the
    // requests are here already, and no poll would wake for them.
    while true {
      let answered = answerRequests(on: connection)
      if connection.hasOutput && !connection.write() {
        drop(connection)
        return
      }
      guard answered, connection.mayAnswer else { break }
    }
    // The client closed its side: what it asked before is answered (the
    // loop above), then the connection closes.
    if connection.inputEnded && connection.channel == nil { connection.closesAfterWriting = true }
    if !connection.hasOutput && connection.closesAfterWriting {
      drop(connection)
      return
    }
    let now = Deadline.after(0)
    if let heartbeat = connection.heartbeat, heartbeat.instant <= now.instant {
      connection.queue(Array(": alive\n\n".utf8))
      connection.heartbeat = .after(Self.heartbeatInterval)
      if !connection.write() { drop(connection) }
      return
    }
    if connection.writeDeadline?.hasPassed == true
      || (connection.isIdle && connection.idleDeadline.hasPassed && connection.pendingInput == 0)
    {
      drop(connection)
    } else if connection.headDeadline?.hasPassed == true {
      refuse(connection, 408)
    }
  }

  /// Answers the whole requests the client has sent, in order, while its
  /// unsent answers leave room (`HTTPConnection.mayAnswer`); whether it
  /// answered any.
  private func answerRequests(on connection: HTTPConnection) -> Bool {
    var answered = false
    while connection.mayAnswer {
      let request: HTTPRequest
      switch connection.scanHead() {
      case .incomplete:
        // Waiting for the rest of a head is timed from its first byte; no head, no limit.
        if connection.pendingInput == 0 { connection.headDeadline = nil }
        return answered
      case .refused(let status):
        refuse(connection, status)
        return true
      case .ended(let length):
        switch HTTPRequest.parse(connection.unanswered.prefix(length)) {
        case .request(let parsed, _): request = parsed
        case .refused(let status):
          refuse(connection, status)
          return true
        case .incomplete: preconditionFailure("a head that ended is whole")
        }
        connection.consume(length)
      }
      answered = true
      connection.headDeadline = connection.pendingInput == 0 ? nil : .after(Self.headLimit)
      connection.idleDeadline = .after(Self.idleLimit)
      let head = request.method == "HEAD"
      guard request.method == "GET" || head else {
        var response = HTTPResponse.error(405)
        response.headers.append(("Allow", "GET, HEAD"))
        queue(response, on: connection, includingBody: true, keepAlive: request.keepsAlive)
        continue
      }
      switch handler(request) {
      case .response(let response):
        queue(response, on: connection, includingBody: !head, keepAlive: request.keepsAlive)
      case .events where head:
        let response = HTTPResponse(status: 200, contentType: "text/event-stream; charset=utf-8", body: [])
        queue(response, on: connection, includingBody: false, keepAlive: request.keepsAlive)
      case .events(let channel, let first):
        connection.queue(HTTPResponse.eventStreamHead() + Self.event(first))
        connection.channel = channel
        connection.heartbeat = .after(Self.heartbeatInterval)
        connection.headDeadline = nil
        connection.discardInput()
      }
    }
    return answered
  }

  /// Queues an answer: its head, and its body as it is (the bytes a
  /// cached answer shares with the cache).
  private func queue(
    _ response: HTTPResponse, on connection: HTTPConnection, includingBody: Bool, keepAlive: Bool
  ) {
    connection.queue(response.head(keepAlive: keepAlive))
    if includingBody { connection.queue(response.body) }
    connection.closesAfterWriting = !keepAlive
  }

  /// Answers with an error status and closes once it is sent.
  private func refuse(_ connection: HTTPConnection, _ status: Int) {
    connection.discardInput()
    connection.headDeadline = nil
    queue(HTTPResponse.error(status), on: connection, includingBody: true, keepAlive: false)
  }

  private func drop(_ connection: HTTPConnection) {
    connection.close()
    connections[connection.socket] = nil
  }
}
