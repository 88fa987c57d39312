/// One change of who is who (schema v15's `personLinks`): made by
/// `merge-people`, `split-person` or `rename-person`, or an undo of one. Append-only and
/// synced to the user's other devices; `PeopleDirectory` replays them.
public struct PersonLink: Hashable, Sendable {
  public enum Change: Hashable, Sendable {
    /// `merged` is the same person as `kept` from now on (person ids).
    case merge(kept: String, merged: String)
    /// In `games`, the players named `name` (by `Person.key`) are a
    /// person of their own.
    case split(nameKey: String, name: String, games: [String])
    /// The link of this id no longer counts.
    case undo(String)
    /// `person` (the person as the link was made) is shown as `name` from
    /// now on (issue 48): no game's roster changes.
    case rename(person: String, name: String)
  }

  public var id: String
  public var change: Change
  public var time: Timestamp
  public var device: String
}

extension PersonLink {
  /// The link a row holds, or nil for a row this version cannot read (a
  /// later version's kind, a malformed copy from another device): it is
  /// passed over, as a later version's game events are.
  init?(row: Row) throws {
    id = try row.text(0)
    time = try row.timestamp(2)
    device = try row.text(3)
    let person = try row.optionalText(4)
    let other = try row.optionalText(5)
    switch try row.text(1) {
    case "merge":
      guard let person, let other else { return nil }
      change = .merge(kept: person, merged: other)
    case "split":
      guard let person, let name = try row.optionalText(6),
        case .array(let items)? = try row.optionalText(7).flatMap({ try? JSON.parse($0) })
      else { return nil }
      change = .split(
        nameKey: person, name: name,
        games: items.compactMap { if case .string(let id) = $0 { id } else { nil } })
    case "undo":
      guard let undoes = try row.optionalText(8) else { return nil }
      change = .undo(undoes)
    case "rename":
      guard let person, let name = try row.optionalText(6) else { return nil }
      change = .rename(person: person, name: name)
    default:
      return nil
    }
  }

  /// The columns `init(row:)` reads, in order.
  static let columns = "id, kind, time, device, person, other, name, games, undoes"
}
