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
/// a client does not read for `writeLimit` (or beyond `backlogLimit`)
/// closes it, and connections beyond `connectionLimit` are closed at once.
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
      connection.queue(event)
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
        pollfd(fd: $0.socket, events: Int16(POLLIN | ($0.hasOutput ? POLLOUT : 0)), revents: 0)
      }
      let wake = clients.reduce(deadline) { $0.earlier(than: $1.deadline) }
      let count = poll(&entries, nfds_t(entries.count), wake.pollMilliseconds)
      if count < 0 && errno != EINTR {
        throw DatabaseError(extendedCode: 1, message: "poll failed: \(String(cString: strerror(errno)))")
      }
      if count > 0 && entries[0].revents != 0 { acceptAll() }
      for (offset, client) in clients.enumerated() {
        let revents = count > 0 ? Int32(entries[1 + extra.count + offset].revents) : 0
        serve(client, readable: revents & (POLLIN | POLLERR | POLLHUP) != 0, writable: revents & POLLOUT != 0)
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

  private func serve(_ connection: HTTPConnection, readable: Bool, writable: Bool) {
    if readable && !connection.read() {
      drop(connection)
      return
    }
    // An event stream's client has nothing more to ask: what it sends is
    // read (so its closing shows) and dropped, never kept.
    if connection.channel != nil { connection.input.removeAll(keepingCapacity: true) }
    if connection.channel == nil && !connection.closesAfterWriting { answerRequests(on: connection) }
    if connection.hasOutput && !connection.write() {
      drop(connection)
      return
    }
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
      || (connection.isIdle && connection.idleDeadline.hasPassed && connection.input.isEmpty)
    {
      drop(connection)
    } else if connection.headDeadline?.hasPassed == true {
      refuse(connection, 408)
    }
  }

  /// Answers each whole request the client has sent, in order.
  private func answerRequests(on connection: HTTPConnection) {
    while connection.channel == nil && !connection.closesAfterWriting {
      switch HTTPRequest.parse(connection.input) {
      case .incomplete: return
      case .refused(let status): refuse(connection, status)
      case .request(let request, let length):
        connection.input.removeFirst(length)
        connection.headDeadline = connection.input.isEmpty ? nil : .after(Self.headLimit)
        connection.idleDeadline = .after(Self.idleLimit)
        let head = request.method == "HEAD"
        guard request.method == "GET" || head else {
          var response = HTTPResponse.error(405)
          response.headers.append(("Allow", "GET, HEAD"))
          connection.queue(response.bytes(includingBody: true, keepAlive: request.keepsAlive))
          connection.closesAfterWriting = !request.keepsAlive
          continue
        }
        switch handler(request) {
        case .response(let response):
          connection.queue(response.bytes(includingBody: !head, keepAlive: request.keepsAlive))
          connection.closesAfterWriting = !request.keepsAlive
        case .events where head:
          let response = HTTPResponse(status: 200, contentType: "text/event-stream; charset=utf-8", body: [])
          connection.queue(response.bytes(includingBody: false, keepAlive: request.keepsAlive))
          connection.closesAfterWriting = !request.keepsAlive
        case .events(let channel, let first):
          connection.queue(HTTPResponse.eventStreamHead() + Self.event(first))
          connection.channel = channel
          connection.heartbeat = .after(Self.heartbeatInterval)
          connection.headDeadline = nil
        }
      }
    }
  }

  /// Answers with an error status and closes once it is sent.
  private func refuse(_ connection: HTTPConnection, _ status: Int) {
    connection.input = []
    connection.headDeadline = nil
    connection.queue(HTTPResponse.error(status).bytes(includingBody: true, keepAlive: false))
    connection.closesAfterWriting = true
  }

  private func drop(_ connection: HTTPConnection) {
    connection.close()
    connections[connection.socket] = nil
  }
}
