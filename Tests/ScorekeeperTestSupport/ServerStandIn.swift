import Foundation
import Synchronization
import ThrowawayPostgres

/// A TCP port on 127.0.0.1 that stands in for a server, to show what the
/// client does when the network or the server misbehaves: nothing
/// listening (refused), a server that accepts and never answers, a real
/// server reached through it, or that server frozen mid-session (as
/// `kill -STOP` leaves it: connections open, nothing read or answered).
///
/// The real server is the throwaway cluster's Unix socket, where it
/// trusts the tests' roles, so no password is needed through here.
///
/// Every loop here ends within 50 ms of `stop()` (or deinit), and in any
/// case after `lifetime`: a test that forgets it leaves no thread behind.
public final class ServerStandIn: Sendable {
  public enum Behaviour: Sendable, Equatable {
    /// The port is bound but not listening: connecting is refused.
    case refusing
    /// Connections are accepted; nothing is ever read or answered.
    case silent
    /// Bytes go both ways between the client and the real server.
    case forwarding
    /// Connections stay open, but nothing more goes either way.
    case frozen
    /// The server went down and is starting again: connections open are
    /// cut (each end sees its socket close), and new ones are accepted
    /// and closed at once. `forwarding` again is the server back.
    case down
  }

  public let port: Int
  private let listener: Int32
  /// The real server's Unix socket, for `forwarding`.
  private let target: String?
  private let state: Mutex<State>
  private let stopsAt = Date().addingTimeInterval(ServerStandIn.lifetime)
  static let lifetime: TimeInterval = 300

  private struct State {
    var behaviour: Behaviour
    var listening = false
    var stopped = false
    /// Every socket open here, closed by `stop()`.
    var sockets: [Int32] = []
  }

  /// - Parameter socket: the real server's Unix socket (a file path),
  ///   for `forwarding` and `frozen`.
  public init(_ behaviour: Behaviour, forwardingTo socket: String? = nil) throws {
    let (listener, port) = try TestPostgres.boundLoopbackSocket()
    self.listener = listener
    self.port = port
    target = socket
    state = Mutex(State(behaviour: behaviour, sockets: [listener]))
    set(behaviour)
  }

  deinit { stop() }

  /// Changes how the port behaves from now on, for open connections too.
  public func set(_ behaviour: Behaviour) {
    let startListening = state.withLock { state -> Bool in
      precondition(
        behaviour != .refusing || !state.listening, "a port that listens cannot refuse again")
      state.behaviour = behaviour
      if behaviour == .down {
        for socket in state.sockets where socket != listener { _ = shutdown(socket, Int32(SHUT_RDWR)) }
      }
      guard behaviour != .refusing, !state.listening else { return false }
      state.listening = true
      return true
    }
    guard startListening else { return }
    Glibc.listen(listener, 64)
    Thread { [self] in acceptLoop() }.start()
  }

  /// Closes every connection and the port; the threads end.
  public func stop() {
    let sockets = state.withLock { state -> [Int32] in
      guard !state.stopped else { return [] }
      state.stopped = true
      return state.sockets
    }
    sockets.forEach { _ = Glibc.close($0) }
  }

  private var isRunning: Bool {
    !state.withLock(\.stopped) && Date() < stopsAt
  }

  private var behaviour: Behaviour { state.withLock(\.behaviour) }

  private func acceptLoop() {
    while isRunning {
      guard ready(listener) else { continue }
      let client = accept(listener, nil, nil)
      guard client >= 0 else { continue }
      guard keep(client) else { return }
      if behaviour == .silent { continue }  // held open, never read
      if behaviour == .down {
        _ = shutdown(client, Int32(SHUT_RDWR))
        continue
      }
      guard let server = connectToTarget(), keep(server) else {
        _ = Glibc.close(client)
        continue
      }
      Thread { [self] in pump(client, server) }.start()
    }
  }

  /// Records a socket for `stop()`; false (and closes it) once stopped.
  private func keep(_ socket: Int32) -> Bool {
    let kept = state.withLock { state -> Bool in
      guard !state.stopped else { return false }
      state.sockets.append(socket)
      return true
    }
    if !kept { _ = Glibc.close(socket) }
    return kept
  }

  /// Whether `socket` has something to read within 50 ms.
  private func ready(_ socket: Int32) -> Bool {
    var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 50) > 0
  }

  private func connectToTarget() -> Int32? {
    guard let target else { return nil }
    let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { path in
      for (index, byte) in target.utf8.prefix(path.count - 1).enumerated() { path[index] = byte }
    }
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
      }
    }
    guard connected else {
      Glibc.close(socket)
      return nil
    }
    return socket
  }

  /// Moves bytes both ways while forwarding; holds them while frozen.
  private func pump(_ client: Int32, _ server: Int32) {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while isRunning {
      guard behaviour == .forwarding else {
        usleep(20_000)
        continue
      }
      var descriptors = [
        pollfd(fd: client, events: Int16(POLLIN), revents: 0),
        pollfd(fd: server, events: Int16(POLLIN), revents: 0),
      ]
      guard poll(&descriptors, 2, 50) > 0 else { continue }
      for (from, to) in [(0, server), (1, client)] where descriptors[from].revents != 0 {
        let count = read(descriptors[from].fd, &buffer, buffer.count)
        guard count > 0, writeAll(buffer[..<count], to: to) else {
          _ = shutdown(client, Int32(SHUT_RDWR))
          _ = shutdown(server, Int32(SHUT_RDWR))
          return
        }
      }
    }
  }

  private func writeAll(_ bytes: ArraySlice<UInt8>, to socket: Int32) -> Bool {
    var rest = bytes
    while !rest.isEmpty {
      let written = rest.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard written > 0 else { return false }
      rest = rest.dropFirst(written)
    }
    return true
  }
}
