/// Says when a live server notifies this user that a zone they may read
/// changed (R__10_notifications.sql): a connection of its own, listening
/// on the user's secret channel. A notification carries nothing; the
/// caller fetches by change token, as a sync always does, so one missed
/// while the connection was down is caught up by the next fetch.
public final class LiveChangeSignal: ChangeSignal {
  private let connection: PGConnection
  public let descriptor: Int32

  init(listeningOn connection: PGConnection) {
    self.connection = connection
    descriptor = connection.socket
  }

  /// True when a notification came since the last call. Throws (as the
  /// cloud's own calls do, a network failure) once the connection is lost.
  public func takeChange() throws -> Bool {
    do {
      return !(try connection.takeNotifications().isEmpty)
    } catch let error as PGError {
      throw LiveCloud.cloudError(for: error)
    }
  }
}

extension LiveCloud {
  /// Connects (as the cloud's calls do, with the password given at the
  /// prompt if there was one) and listens on this user's channel, within
  /// the deadline set by `answer(by:)` or `timeLimit`.
  public func changeSignal() throws -> LiveChangeSignal {
    let (password, deadline) = state.withLock { ($0.password, $0.deadline ?? .after(timeLimit)) }
    do {
      let (connection, asked) = try PGConnection.connecting(
        connectionString, password: password, ask: self.password, deadline: deadline)
      if let asked { state.withLock { $0.password = asked } }
      _ = try Self.checkSchema(on: connection)
      let answer = try Self.answers(to: [("my_channel", [])], on: connection)[0]
      // Quoted as an identifier below: only what the server makes is taken.
      guard let channel = answer.stringValue, channel.wholeMatch(of: /sk_[0-9a-f]{32}/) != nil else {
        throw LiveCloudError.unreadableAnswer("a channel name, not \(LiveRecordCoding.describe(answer))")
      }
      _ = try connection.query("LISTEN \"\(channel)\"")
      return LiveChangeSignal(listeningOn: connection)
    } catch let error as PGError {
      throw Self.cloudError(for: error)
    }
  }
}
