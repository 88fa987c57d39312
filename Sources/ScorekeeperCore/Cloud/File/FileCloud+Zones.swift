extension FileCloud {
  func modifyZones(
    saving zones: [ZoneID], deleting zoneIDs: [ZoneID], as userName: String, in scope: DatabaseScope
  ) throws -> ModifyZonesResult {
    try perform(.modifyZones, as: userName, writes: true) { store in
      let count = zones.count + zoneIDs.count
      guard count <= Self.itemLimit else {
        throw CloudRefusal.tooManyItems(count).error
      }
      var result = ModifyZonesResult()
      for zone in zones {
        result.saveResults[zone] = try Self.saveZone(zone, as: userName, in: scope, store: store)
      }
      for zone in zoneIDs {
        result.deleteResults[zone] = try Self.deleteZone(zone, as: userName, in: scope, store: store)
      }
      return result
    }
  }

  private static func saveZone(
    _ zone: ZoneID, as userName: String, in scope: DatabaseScope, store: ServerStore
  ) throws -> Result<ZoneID, CloudError> {
    // NB: Zones are created only by their owner, in the private database;
    // a shared database shows other people's zones and cannot add to them.
    guard scope == .private, zone.ownerName == userName else {
      return .failure(CloudRefusal.cannotCreateZone(zone, by: userName).error)
    }
    // Saving a zone that exists changes nothing and succeeds.
    if try store.zone(zone) == nil {
      try store.createZone(zone, at: try store.nextSequence())
    }
    return .success(zone)
  }

  private static func deleteZone(
    _ zone: ZoneID, as userName: String, in scope: DatabaseScope, store: ServerStore
  ) throws -> Result<Void, CloudError> {
    guard scope == .private else {
      return .failure(CloudRefusal.cannotDeleteZone(zone, by: userName).error)
    }
    guard try store.zoneIsVisible(zone, to: userName, in: scope) else {
      return .failure(.zoneNotFound(zone))
    }
    // Everyone who had joined a share in it loses it with the zone.
    let members = try store.acceptedUsers(in: zone)
    let sequence = try store.nextSequence()
    try store.deleteZone(zone, at: sequence)
    try store.recordAccessChange(of: members, to: zone, at: sequence)
    return .success(())
  }
}
