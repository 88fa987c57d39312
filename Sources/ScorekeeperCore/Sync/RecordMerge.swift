/// Merges two copies of a synced row, field by field.
///
/// Three-way against the last copy both sides agreed on (the merge base,
/// the server record last fetched or saved): a field only one side changed
/// keeps that side's value; a field both changed goes to the later change
/// (`FieldVersion.winner`). The result depends only on the versions, not
/// on which copy arrived first, so every device reaches the same row.
///
/// For example, base title "Poker" at 10:00; this device renamed it
/// "Poker night" at 10:05, another device "Poker club" at 10:07: both end
/// with "Poker club". Had the other device changed only the player count,
/// both would keep "Poker night" and the new count.
public enum RecordMerge {
  public typealias Fields = [String: FieldVersion]

  /// The merge of `local` and `server` against `base`. With `unitKey`,
  /// the fields are one unit (a photo) timed by that field alone: the same
  /// rules pick a side by its version of that field, and the side gives
  /// every field.
  public static func merge(base: Fields, local: Fields, server: Fields, unitKey: String? = nil) -> Fields {
    if let key = unitKey, let mine = local[key], let theirs = server[key] {
      if mine == base[key] { return server }
      if theirs == base[key] { return local }
      return FieldVersion.winner(mine, theirs) == mine ? local : server
    }
    var merged: Fields = [:]
    for key in Set(local.keys).union(server.keys) {
      let baseVersion = base[key]
      switch (local[key], server[key]) {
      case (let mine?, let theirs?):
        if mine == baseVersion {
          merged[key] = theirs  // only the server changed it (or nobody did)
        } else if theirs == baseVersion {
          merged[key] = mine  // only this device changed it
        } else {
          merged[key] = FieldVersion.winner(mine, theirs)
        }
      case (let only?, nil), (nil, let only?):
        merged[key] = only
      case (nil, nil):
        break
      }
    }
    return merged
  }
}
