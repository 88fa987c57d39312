/// What an imported row names of another (a round's `fixes` or `undoes`,
/// a score change's or a person link's `undoes`) must be there, in the
/// same game, and must not lead round in a loop back to the row: the
/// store would follow such a chain without end, or undo nothing.
///
/// A row usually comes after what it names (an export orders each game's
/// rows by time), but not always (a device whose clock was behind undid a
/// round): one naming a row not here yet is noted, and checked when its
/// game ends (person links: when the import ends). A loop needs one such
/// row, so only those are followed.
extension RowImporter {
  struct Reference {
    let table: String
    let id: String
    let column: String
    let target: String
    /// Where the row is in the file, for the message.
    let location: String?
  }

  /// Checks what a row of `table` (`values` in its columns' order) names
  /// now, or notes it for later.
  func noteReferences(of table: TransferTable, _ values: [SQLValue]) throws {
    for index in table.references {
      guard case .text(let target) = values[index], case .text(let id) = values[0] else { continue }
      if table.name == TransferTable.scoreEvents.name { try flush() }  // (it may be in the batch)
      guard try !isHere(table.name, target) || target == id else { continue }
      references.append(
        Reference(
          table: table.name, id: id, column: table.columns[index].name, target: target, location: location()))
    }
  }

  /// Checks the references noted: a game's (`ofGame`), or the person links'.
  func resolveReferences(ofGame: Bool) throws {
    let due = references.filter { Self.isGameTable($0.table) == ofGame }
    guard !due.isEmpty else { return }
    references.removeAll { Self.isGameTable($0.table) == ofGame }
    for reference in due {
      guard try isHere(reference.table, reference.target) else {
        throw RowProblem(
          "\(reference.column) \(quote(reference.target)) is not \(Self.kind(of: reference.table)), in this "
            + "database or in the file", location: reference.location)
      }
      // Followed from what it names: back to the row, or round in a loop.
      var visited: Set<String> = [reference.id]
      var next: String? = reference.target
      while let current = next {
        guard visited.insert(current).inserted else {
          throw RowProblem(
            "\(reference.column) \(quote(reference.target)), which leads round in a loop back "
              + "\(current == reference.id ? "to this row" : "to \(quote(current))"): no row can undo or fix itself",
            location: reference.location)
        }
        next = try named(by: reference.table, current)
      }
    }
  }

  /// "a round of this game", …
  private static func kind(of table: String) -> String {
    switch table {
    case "rounds": "a round of this game"
    case "scoreEvents": "a score change of this game"
    case "kindRules": "a change of a kind's rules"
    default: "a person link"
    }
  }

  private static func isGameTable(_ table: String) -> Bool {
    !TransferTable.ofUser.contains { $0.name == table }
  }

  /// Whether `table`'s row `id` is here (of the game at hand, for a game's table).
  private func isHere(_ table: String, _ id: String) throws -> Bool {
    switch table {
    case "rounds": return hasRound(id)
    case "scoreEvents":
      return try database.fetchOne(
        "SELECT 1 FROM scoreEvents AS e JOIN players AS p ON p.id = e.playerID WHERE e.id = ?1 AND p.gameID = ?2",
        [.text(id), .text(game?.id ?? "")]
      ) { _ in true } ?? false
    default:
      return try database.fetchOne("SELECT 1 FROM \(table) WHERE id = ?1", [.text(id)]) { _ in true } ?? false
    }
  }

  /// What `table`'s row `id` names, if anything.
  private func named(by table: String, _ id: String) throws -> String? {
    let sql =
      table == "rounds"
      ? "SELECT coalesce(fixes, undoes) FROM rounds WHERE id = ?1"
      : "SELECT undoes FROM \(table) WHERE id = ?1"
    return try database.fetchOne(sql, [.text(id)]) { try $0.optionalText(0) } ?? nil
  }
}
