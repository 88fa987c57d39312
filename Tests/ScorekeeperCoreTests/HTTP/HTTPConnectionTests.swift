import Testing

@testable import ScorekeeperCore
@testable import ScorekeeperHTTP

/// When `HTTPServer` must next look at a connection: never at a limit
/// that does not apply to it, which would wake the server's poll at once,
/// again and again (a spinning CPU).
@Suite struct HTTPConnectionTests {
  @Test("an event stream's connection is not idle: its next look is its heartbeat, whatever its idle limit")
  func eventStream() {
    let connection = HTTPConnection(socket: -1)
    connection.channel = "game"
    connection.idleDeadline = .after(-1)
    connection.heartbeat = .after(15)
    #expect(connection.deadline.remaining > 14)
  }

  @Test("a connection sending an answer is not idle: its next look is when its writing must have moved")
  func writing() {
    let connection = HTTPConnection(socket: -1)
    connection.queue([1, 2, 3])  // (not sent: the socket is none)
    connection.idleDeadline = .after(-1)
    #expect(connection.deadline.remaining > HTTPServer.writeLimit - 1)
  }

  @Test("an idle connection's next look is its idle limit")
  func idle() {
    let connection = HTTPConnection(socket: -1)
    connection.idleDeadline = .after(5)
    #expect(connection.deadline.remaining > 4 && connection.deadline.remaining <= 5)
  }
}
