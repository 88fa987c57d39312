/// A record as the cloud stores it: typed fields plus the references the
/// service itself understands (parent and share), and the server-assigned
/// change tag and modification time.
///
/// A record is a value: a copy returned by the cloud can be changed freely
/// and sent back in a save; nothing changes on the server until then.
public struct CloudRecord: Hashable, Sendable {
  /// The record type of every share record.
  public static let shareType = "cloudkit.share"

  public let id: RecordID
  public let type: String
  public var fields: [String: CloudValue]
  /// The record this one belongs to, in the same zone. The service uses it
  /// to share a record's children along with it, and refuses a parent's
  /// deletion while children remain.
  public var parent: RecordID?
  /// On a root record: the share record that shares it and its children.
  public var shareID: RecordID?
  /// On a share record (type `cloudkit.share`): who may see the shared tree.
  public var sharing: ShareSettings?
  /// Assigned by the server on every save. Sending it back with a save
  /// means "only if the server's copy is still this one".
  public var changeTag: String?
  /// Assigned by the server on every save, from its clock.
  public var modifiedAt: Timestamp?
  /// The user who first saved the record, as the server knows the caller
  /// (CloudKit's `creatorUserRecordID`): set when the record is created,
  /// kept by every later save, never taken from a client (a save sends
  /// no creator; one set on a copy is ignored). Nil on a record
  /// not yet saved, or saved before the server kept creators.
  public var creatorUserName: String?

  public init(
    id: RecordID, type: String, fields: [String: CloudValue] = [:], parent: RecordID? = nil,
    shareID: RecordID? = nil
  ) {
    self.id = id
    self.type = type
    self.fields = fields
    self.parent = parent
    self.shareID = shareID
  }

  /// A new share record for the tree under a root record; attach it by
  /// setting the root's `shareID` to this record's id and saving both.
  public static func share(
    id: RecordID, publicPermission: SharePermission = .none, participants: [ShareParticipant] = []
  ) -> CloudRecord {
    var record = CloudRecord(id: id, type: shareType)
    record.sharing = ShareSettings(publicPermission: publicPermission, participants: participants)
    return record
  }

  public var isShare: Bool { type == Self.shareType }

  public subscript(key: String) -> CloudValue? {
    get { fields[key] }
    set { fields[key] = newValue }
  }
}
