/// Says when a live server notifies this user that a zone they may read
/// changed (R__10_notifications.sql). The cloud's own connection listens
/// on the user's secret channel, between the fetches it makes, so a
/// follower costs the server one connection. A notification carries
/// nothing; the caller fetches by change token, as a sync always does.
/// A connection made again after one was lost listens again as it
/// connects, and the first look after says "changed": what was notified
/// in between was missed, and the fetch catches it up.
public final class LiveChangeSignal: ChangeSignal {
  private let cloud: LiveCloud
  /// The connection (by number) notifications were last taken from.
  private var connectionSeen: Int

  init(cloud: LiveCloud, connectionSeen: Int) {
    self.cloud = cloud
    self.connectionSeen = connectionSeen
  }

  /// The current connection's socket; -1 while there is none (poll(2)
  /// skips it, and the caller looks again within its recheck interval).
  public var descriptor: Int32 {
    cloud.state.withLock { $0.connection?.socket ?? -1 }
  }

  /// True when a notification came since the last call, or the
  /// connection was made again. Throws (as the cloud's own calls do, a
  /// network failure) once the connection is lost.
  public func takeChange() throws -> Bool {
    try cloud.state.withLock { state in
      guard let connection = state.connection, !connection.isBroken else {
        throw CloudError.unreachable("the connection to the server was lost")
      }
      let reconnected = state.connectionsOpened != connectionSeen
      connectionSeen = state.connectionsOpened
      do {
        return try !connection.takeNotifications().isEmpty || reconnected
      } catch let error as PGError {
        throw LiveCloud.cloudError(for: error)
      }
    }
  }
}

extension LiveCloud {
  /// Seconds between a follower's fetches when the server's notifications
  /// cannot reach it: a change shows within this much.
  public static let pollingInterval = 5.0

  /// Listens on this user's channel, on the cloud's connection (made if
  /// need be, within the deadline set by `answer(by:)` or `timeLimit`).
  /// Through a pooler in transaction mode (PgBouncer), which hands the
  /// server session to another client once a transaction ends, a LISTEN
  /// is lost: there, a signal that says "changed" every
  /// `pollingInterval`. The pooler shows itself by the process id it
  /// makes up for its clients, never the serving backend's.
  public func changeSignal() throws -> any ChangeSignal {
    do {
      return try withConnection { connection, _, state -> any ChangeSignal in
        let row = try connection.query("SELECT scorekeeper.my_channel(), pg_backend_pid()").firstRow
        let answer = try? JSON.parse(row?.optionalText(0) ?? "")
        // Quoted as an identifier below: only what the server makes is taken.
        guard let channel = answer?.stringValue, channel.wholeMatch(of: /sk_[0-9a-f]{32}/) != nil else {
          throw LiveCloudError.unreadableAnswer(
            "a channel name, not \(answer.map(LiveRecordCoding.describe) ?? "nothing")")
        }
        guard try row?.int(1) == Int(connection.serverProcessID) else {
          return PollingSignal(interval: Self.pollingInterval)
        }
        try Self.listen(to: channel, on: connection)
        state.listening = channel
        return LiveChangeSignal(cloud: self, connectionSeen: state.connectionsOpened)
      }
    } catch let error as PGError {
      throw Self.cloudError(for: error)
    }
  }

  /// Listens on `channel` (made by the server: `sk_` and hex) on
  /// `connection`: as a follower starts, and again on a connection made
  /// after one was lost.
  static func listen(to channel: String, on connection: PGConnection) throws {
    try connection.query("LISTEN \(quotedIdentifier(channel))")
  }
}
