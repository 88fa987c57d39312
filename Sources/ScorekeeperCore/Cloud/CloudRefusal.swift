/// Why the cloud refuses a record, a zone or a whole request, with what it
/// concerns: one closed list for both backends. The mock builds these; the
/// live server sends a refusal's code and arguments, which `init(code:…)`
/// reads back, so both say the same words (`error`).
public enum CloudRefusal: Hashable, Sendable {
  case recordExists(RecordID)
  case unknownRecord(RecordID)
  case typeChange(RecordID, from: String, to: String)
  case parentMissing(RecordID, parent: String)
  case shareMissing(RecordID, share: String)
  case ownerOnlyShareChange(RecordID)
  case shareNeedsRoot(RecordID)
  case ownerOnlySharing(RecordID)
  case orphanInSharedDatabase(RecordID)
  case parentLoop(RecordID, at: String)
  case notShared(RecordID, with: String)
  case sharedReadOnly(RecordID, with: String)
  /// A scorer (`SharePermission.scoring`) changing or deleting a record.
  case scorerAddsOnly(RecordID, user: String)
  /// A scorer adding a record of a type the share's rules do not name.
  case scorerType(RecordID, type: String, user: String)
  /// A scorer's record whose field names a record they did not make.
  case notOwnRecord(RecordID, field: String, target: String, user: String)
  /// A participant limited to one parent saving or deleting elsewhere.
  case outsideParentLimit(RecordID, user: String, limit: String)
  case ownerOnlyRootDeletion(RecordID)
  case childrenRemain(RecordID, children: [String])
  case unnamed(RecordID)
  case shareSettingsMismatch(RecordID)
  case shareWithParent(RecordID)
  case outsideReference(RecordID, to: RecordID)
  case ownParent(RecordID)
  /// A record in a shape no client of ours sends (a modified request).
  case malformed(RecordID, what: String)
  /// An asset saved without its bytes names content the server does not
  /// hold for that field.
  case assetNotUploaded(RecordID, field: String)
  case assetTooLarge(RecordID, field: String, byteCount: Int)
  /// An asset's bytes are not what its hash and size say.
  case assetMismatch(RecordID, field: String)
  /// The save would take the zone owner's asset bytes past their quota.
  case quotaExceeded(RecordID)
  case batchRequestFailed(RecordID)
  case zoneNotFound(ZoneID)
  case cannotCreateZone(ZoneID, by: String)
  case cannotDeleteZone(ZoneID, by: String)
  case tooManyItems(Int)
  case duplicate(RecordID)
  case pageSize(Int)
  case notALink(String)
  case unknownLink(String)
  case notInvited(owner: String, user: String)
  /// The owner removed the user from the share the link leads to.
  case removedFromShare(owner: String, user: String)
  /// The link stopped admitting new people at this time.
  case linkExpired(String, at: Timestamp)
  /// The owner replaced the link with another.
  case linkReplaced(String)
  /// A request in a shape no client of ours sends.
  case malformedRequest(String)
  case noLinkInMetadata

  public var error: CloudError {
    switch self {
    case .recordExists(let id):
      .serverRejectedRequest("\(id) already exists; save the server's copy, with its change tag")
    case .unknownRecord(let id): .unknownRecord(id)
    case .typeChange(let id, let from, let to):
      .invalidArguments("\(id) is a \(quote(from)) record; it cannot become a \(quote(to))")
    case .parentMissing(let id, let parent):
      .referenceViolation(id, "its parent \(quote(parent)) does not exist")
    case .shareMissing(let id, let share):
      .invalidArguments("\(id) refers to share \(quote(share)), which does not exist")
    case .ownerOnlyShareChange(let id):
      .permissionFailure("only \(id.zoneID.ownerName) can change the share \(id)")
    case .shareNeedsRoot(let id):
      .invalidArguments("the share \(id) needs its root record in the same call, or saved before")
    case .ownerOnlySharing(let id):
      .permissionFailure("only \(id.zoneID.ownerName) can share or unshare \(id)")
    case .orphanInSharedDatabase(let id):
      .permissionFailure("\(id) has neither a parent nor a share; the shared database cannot hold it")
    case .parentLoop(let id, let name):
      .invalidArguments("the parent chain of \(id) loops back through \(quote(name))")
    case .notShared(let id, let user): .permissionFailure("\(id) is not shared with \(user)")
    case .sharedReadOnly(let id, let user): .permissionFailure("\(id) is shared with \(user) read-only")
    case .scorerAddsOnly(let id, let user):
      .permissionFailure(
        "\(user) scores in this share, adding records; \(id) cannot be changed or deleted by them")
    case .scorerType(let id, let type, let user):
      .permissionFailure("\(user) scores in this share and cannot add \(id), a \(quote(type)) record")
    case .notOwnRecord(let id, let field, let target, let user):
      .permissionFailure(
        "\(id): its \(quote(field)) names \(quote(target)), which \(user) did not make; "
          + "a scorer undoes and corrects only their own")
    case .outsideParentLimit(let id, let user, let limit):
      .permissionFailure("\(user) may save only records under \(quote(limit)); \(id) is not one")
    case .ownerOnlyRootDeletion(let id):
      .permissionFailure(
        "only \(id.zoneID.ownerName) can delete the shared root \(id); leave the share instead")
    case .childrenRemain(let id, let children):
      .referenceViolation(id, "children still refer to it: " + children.map(quote).joined(separator: ", "))
    case .unnamed(let id): .invalidArguments("\(id) needs a name and a type")
    case .shareSettingsMismatch(let id):
      .invalidArguments(
        "\(id): a record has share settings exactly when its type is \(CloudRecord.shareType)")
    case .shareWithParent(let id): .invalidArguments("the share \(id) cannot have a parent")
    case .outsideReference(let id, let target):
      .invalidArguments("\(id) refers to \(target); references must stay within a zone")
    case .ownParent(let id): .invalidArguments("\(id) cannot be its own parent")
    case .malformed(let id, let what): .invalidArguments("\(id) is malformed: \(what)")
    case .assetNotUploaded(let id, let field):
      .invalidArguments(
        "\(id): the asset \(quote(field)) came without its bytes, and the server holds no such content "
          + "for it; send them")
    case .assetTooLarge(let id, let field, let byteCount):
      .invalidArguments(
        "\(id): the asset \(quote(field)) is \(byteCount) bytes; an asset holds at most "
          + "\(CloudAsset.maximumByteCount)")
    case .assetMismatch(let id, let field):
      .invalidArguments("\(id): the bytes of the asset \(quote(field)) are not what its hash and size say")
    case .quotaExceeded: .quotaExceeded
    case .batchRequestFailed(let id): .batchRequestFailed(id)
    case .zoneNotFound(let zone): .zoneNotFound(zone)
    case .cannotCreateZone(let zone, let user): .permissionFailure("\(user) cannot create the zone \(zone)")
    case .cannotDeleteZone(let zone, let user): .permissionFailure("\(user) cannot delete the zone \(zone)")
    case .tooManyItems(let count): .limitExceeded(count: count, limit: CloudRules.itemLimit)
    case .duplicate(let id): .invalidArguments("\(id) appears more than once in one call")
    case .pageSize(let size):
      .invalidArguments("a page of changes holds 1 to \(CloudRules.itemLimit) items, not \(size)")
    case .notALink(let link):
      .invalidArguments(
        "\(quote(link)) is not a share link; links look like \(ShareLinkGenerator.prefix)<32 hex digits>")
    case .unknownLink(let link): .unknownItem("share link \(quote(link))")
    case .notInvited(let owner, let user):
      .permissionFailure("the share is only for the people \(owner) invited; \(user) is not one of them")
    case .removedFromShare(let owner, let user):
      .permissionFailure("\(owner) removed \(user) from this share")
    case .linkExpired(_, let time):
      .permissionFailure("the link stopped admitting new people at \(time.iso8601)")
    case .linkReplaced:
      .permissionFailure("its owner replaced this link with a new one; ask them for it")
    case .malformedRequest(let what): .invalidArguments("the request is malformed: \(what)")
    case .noLinkInMetadata: .invalidArguments("the metadata has no share link")
    }
  }
}

extension CloudRefusal {
  /// A refusal as the live server sends it: its code, its text arguments
  /// (record names within `zone` first), for a record or zone in `zone`.
  /// Nil for a code or arguments this program does not know.
  public init?(code: String, arguments: [String], zone: ZoneID?) {
    func record(_ index: Int) -> RecordID? {
      guard let zone, index < arguments.count else { return nil }
      return RecordID(name: arguments[index], zoneID: zone)
    }
    func text(_ index: Int) -> String? { index < arguments.count ? arguments[index] : nil }
    let id = record(0)
    let refusal: CloudRefusal? =
      switch code {
      case "exists": id.map { .recordExists($0) }
      case "unknown-record": id.map { .unknownRecord($0) }
      case "type-change":
        id.flatMap { id in text(1).flatMap { from in text(2).map { .typeChange(id, from: from, to: $0) } } }
      case "parent-missing": id.flatMap { id in text(1).map { .parentMissing(id, parent: $0) } }
      case "share-missing": id.flatMap { id in text(1).map { .shareMissing(id, share: $0) } }
      case "owner-only-share-change": id.map { .ownerOnlyShareChange($0) }
      case "share-needs-root": id.map { .shareNeedsRoot($0) }
      case "owner-only-sharing": id.map { .ownerOnlySharing($0) }
      case "orphan-in-shared": id.map { .orphanInSharedDatabase($0) }
      case "parent-loop": id.flatMap { id in text(1).map { .parentLoop(id, at: $0) } }
      case "not-shared": id.flatMap { id in text(1).map { .notShared(id, with: $0) } }
      case "shared-read-only": id.flatMap { id in text(1).map { .sharedReadOnly(id, with: $0) } }
      case "scorer-adds-only": id.flatMap { id in text(1).map { .scorerAddsOnly(id, user: $0) } }
      case "scorer-type":
        id.flatMap { id in text(1).flatMap { type in text(2).map { .scorerType(id, type: type, user: $0) } } }
      case "not-own-record":
        arguments.count == 4
          ? id.map { .notOwnRecord($0, field: arguments[1], target: arguments[2], user: arguments[3]) } : nil
      case "outside-parent-limit":
        id.flatMap { id in
          text(1).flatMap { user in text(2).map { .outsideParentLimit(id, user: user, limit: $0) } }
        }
      case "owner-only-root-deletion": id.map { .ownerOnlyRootDeletion($0) }
      case "children-remain": id.map { .childrenRemain($0, children: Array(arguments.dropFirst())) }
      case "unnamed": id.map { .unnamed($0) }
      case "share-settings-mismatch": id.map { .shareSettingsMismatch($0) }
      case "share-with-parent": id.map { .shareWithParent($0) }
      case "outside-reference":
        id.flatMap { id in
          arguments.count == 4
            ? .outsideReference(
              id,
              to: RecordID(name: arguments[3], zoneID: ZoneID(name: arguments[2], ownerName: arguments[1])))
            : nil
        }
      case "own-parent": id.map { .ownParent($0) }
      case "malformed": id.flatMap { id in text(1).map { .malformed(id, what: $0) } }
      case "asset-not-uploaded": id.flatMap { id in text(1).map { .assetNotUploaded(id, field: $0) } }
      case "asset-too-large":
        id.flatMap { id in
          text(1).flatMap { field in
            text(2).flatMap { Int($0) }.map { .assetTooLarge(id, field: field, byteCount: $0) }
          }
        }
      case "asset-mismatch": id.flatMap { id in text(1).map { .assetMismatch(id, field: $0) } }
      case "quota-exceeded": id.map { .quotaExceeded($0) }
      case "batch-request-failed": id.map { .batchRequestFailed($0) }
      case "zone-not-found":
        arguments.count == 2
          ? .zoneNotFound(ZoneID(name: arguments[1], ownerName: arguments[0]))
          : zone.map { .zoneNotFound($0) }
      case "cannot-create-zone": zone.flatMap { zone in text(0).map { .cannotCreateZone(zone, by: $0) } }
      case "cannot-delete-zone": zone.flatMap { zone in text(0).map { .cannotDeleteZone(zone, by: $0) } }
      case "limit-exceeded": text(0).flatMap { Int($0) }.map { .tooManyItems($0) }
      case "duplicate":
        arguments.count == 3
          ? .duplicate(
            RecordID(name: arguments[2], zoneID: ZoneID(name: arguments[1], ownerName: arguments[0])))
          : nil
      case "page-size": text(0).flatMap { Int($0) }.map { .pageSize($0) }
      case "not-a-link": text(0).map { .notALink($0) }
      case "unknown-link": text(0).map { .unknownLink($0) }
      case "not-invited": text(0).flatMap { owner in text(1).map { .notInvited(owner: owner, user: $0) } }
      case "removed": text(0).flatMap { owner in text(1).map { .removedFromShare(owner: owner, user: $0) } }
      case "link-expired":
        text(0).flatMap { link in
          text(1).flatMap { Int64($0) }.map { .linkExpired(link, at: Timestamp(millisecondsSince1970: $0)) }
        }
      case "link-replaced": text(0).map { .linkReplaced($0) }
      case "malformed-request": text(0).map { .malformedRequest($0) }
      default: nil
      }
    guard let refusal else { return nil }
    self = refusal
  }
}
