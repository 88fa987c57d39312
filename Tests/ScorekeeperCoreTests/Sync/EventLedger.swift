import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Every score event the devices of a random test made, and the oracle for
/// which of them must survive: each event whose player survives, unless
/// that player was removed after the event was made. Removing a player
/// removes its events; an import can then bring the player back from a
/// file written before the events were (by an id the file still has), and
/// the events stay removed, as they should.
///
/// An event made on a device that still held a player another device had
/// already removed may go either way: a deletion wins, so it is dropped
/// when it meets the deletion, unless an import brought the player back
/// first. Such events may be there or not, but only with their player.
struct EventLedger {
  /// Event id → its player's id, for every event made.
  private var playerOfEvent: [String: String] = [:]
  /// Events whose player was removed after they were made.
  private var removedWithPlayer: Set<String> = []
  /// Players some device held and then no more: removed there or elsewhere.
  private var removedPlayers: Set<String> = []
  /// Events made for a player already removed on another device.
  private var madeOnRemovedPlayer: Set<String> = []
  /// The players each device held when last looked at, by device name.
  private var playersHeld: [String: Set<String>] = [:]

  /// Notes the events `device` made itself (its own device id), and those
  /// its imports of BG Stats' backups made (the device "bgstats": every
  /// device importing a play makes the same).
  mutating func record(madeOn device: TestDevice) throws {
    for (id, player) in try device.store.database.fetchAll(
      "SELECT id, playerID FROM scoreEvents WHERE device IN ((SELECT id FROM localDevice), 'bgstats')", [],
      { (try $0.text(0), try $0.text(1)) })
    {
      if playerOfEvent[id] == nil, removedPlayers.contains(player) { madeOnRemovedPlayer.insert(id) }
      playerOfEvent[id] = player
    }
  }

  /// Looks at every device's players: one that a device held last time
  /// and holds no more was removed (there or on another device), and so
  /// were the events made for it so far.
  mutating func observe(_ devices: [TestDevice]) throws {
    for device in devices {
      let held = Set(try device.store.database.fetchAll("SELECT id FROM players") { try $0.text(0) })
      let removed = playersHeld[device.name, default: []].subtracting(held)
      if !removed.isEmpty {
        removedWithPlayer.formUnion(playerOfEvent.filter { removed.contains($0.value) }.keys)
        removedPlayers.formUnion(removed)
      }
      playersHeld[device.name] = held
    }
  }

  /// Expects `contents` (a converged device's) to hold exactly the events
  /// owed: those whose player is there and was never removed since, and
  /// of the others only events whose player is there.
  func expectOwedEvents(
    in contents: [String], _ comment: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let players = Set(contents.filter { $0.hasPrefix("player ") }.map { String($0.split(separator: " ")[1]) })
    let events = Set(contents.filter { $0.hasPrefix("event ") }.map { String($0.split(separator: " ")[1]) })
    let ofLivePlayers = Set(playerOfEvent.filter { players.contains($0.value) }.keys)
    let mayGo = removedWithPlayer.union(madeOnRemovedPlayer)
    expectNoDifference(
      events.subtracting(mayGo), ofLivePlayers.subtracting(mayGo), comment, sourceLocation: sourceLocation)
    #expect(events.isSubset(of: ofLivePlayers), "\(comment)", sourceLocation: sourceLocation)
  }
}
