import ScorekeeperCore

/// Prints a score sheet as a grid that fits `width` columns:
///
///     Hearts (lowest wins, ends at 100; round 2)
///     Round   Ann  Bob  Cy
///         1     5   13   0
///         2*    6    0  20
///     score    +4
///     Total    15   13  20
///     Rank      2    1   3
///     * corrected
///
/// A bust (`--bust`) is marked "!" and counted 0. A team given points of
/// its own has a column after the players', headed by its name and in
/// itself on the Team row; it has no rank of its own (the Teams
/// standings below rank it).
///
/// Names longer than their numbers are shortened (by display width, with
/// "…") when the grid would not fit; a grid that still does not fit is
/// printed in parts, each with the label column.
struct SheetTable {
  let sheet: ScoreSheet
  let width: Int

  /// A column's header and cells, as text, and their widths (measured
  /// once: a sheet may have thousands of rows).
  private struct Column {
    private(set) var name: String
    private(set) var team: String?
    let cells: [String]
    /// The widest cell: numbers, so characters are columns.
    let numberWidth: Int
    private(set) var width: Int

    init(name: String, team: String?, cells: [String]) {
      (self.name, self.team, self.cells) = (name, team, cells)
      numberWidth = cells.map(\.count).max() ?? 0
      width = max(name.displayWidth, team?.displayWidth ?? 0, numberWidth)
    }

    /// Names and team shortened to `cap` columns, or their numbers' width.
    mutating func shorten(to cap: Int) {
      name = SheetTable.shortened(name, to: cap)
      team = team.map { SheetTable.shortened($0, to: cap) }
      width = max(name.displayWidth, team?.displayWidth ?? 0, numberWidth)
    }
  }

  func print(to output: Output) {
    let parts = [players(sheet.players.count)] + sheet.state.headerParts
    output.line("\(sheet.game.game.title.visible) (\(parts.joined(separator: "; ")))")
    guard !sheet.players.isEmpty else { return }
    let (labels, columns) = grid()
    let labelWidth = labels.map(\.displayWidth).max() ?? 0
    let hasTeams = sheet.state.hasTeams
    var fitted = columns
    let room = width - labelWidth
    if fitted.reduce(0, { $0 + 2 + $1.width }) > room {
      // Shorten names to their numbers' width (at least 6), then wrap.
      for index in fitted.indices { fitted[index].shorten(to: max(fitted[index].numberWidth, 6)) }
    }
    var start = 0
    while start < fitted.count {
      var end = start
      var used = labelWidth
      while end < fitted.count, end == start || used + 2 + fitted[end].width <= width {
        used += 2 + fitted[end].width
        end += 1
      }
      let part = fitted[start..<end]
      if start > 0 { output.line() }
      output.line(row("Round".padding(to: labelWidth), part.map { ($0.name, $0.width) }, alignLeft: true))
      if hasTeams {
        output.line(
          row("Team".padding(to: labelWidth), part.map { ($0.team ?? "", $0.width) }, alignLeft: true))
      }
      for (line, label) in labels.enumerated() {
        output.line(
          row(label.padding(to: labelWidth), part.map { ($0.cells[line], $0.width) }, alignLeft: false))
      }
      start = end
    }
    if sheet.rounds.contains(where: \.corrected) { output.line("* corrected") }
    if sheet.rounds.contains(where: { !$0.busts.isEmpty }) || sheet.changes.contains(where: \.bust) {
      output.line("! bust: past the target, counted 0")
    }
    let names = Dictionary(
      sheet.players.map { ($0.player.id, $0.player.name) }, uniquingKeysWith: { a, _ in a })
    sheet.state.printFooter(names: names, to: output)
  }

  /// The label of each row and each player's (and team's) column of cells.
  private func grid() -> (labels: [String], columns: [Column]) {
    var labels: [String] = []
    let ids = sheet.players.map(\.player.id) + sheet.teamColumns.map(\.id)
    var cells: [[String]] = Array(repeating: [], count: ids.count)
    for row in sheet.rows {
      switch row {
      case .changes(let label, let points, let busts):
        labels.append(label)
        for (index, id) in ids.enumerated() {
          cells[index].append(points[id].map { $0.signed + (busts.contains(id) ? "!" : "") } ?? "")
        }
      case .round(let round):
        labels.append(
          (round.name?.visible ?? String(round.number).padding(to: 5, leading: true))
            + (round.corrected ? "*" : ""))
        for (index, id) in ids.enumerated() {
          cells[index].append((round.points[id] ?? 0).description + (round.busts.contains(id) ? "!" : ""))
        }
      }
    }
    labels.append("Total")
    for (index, id) in ids.enumerated() { cells[index].append((sheet.totals[id] ?? 0).description) }
    let ranks = self.ranks()
    labels.append("Rank")
    for (index, id) in ids.enumerated() { cells[index].append(ranks[id].map(String.init) ?? "") }
    let columns =
      sheet.players.enumerated().map { index, entry in
        Column(name: entry.player.name.visible, team: entry.team?.visible, cells: cells[index])
      }
      + sheet.teamColumns.enumerated().map { index, column in
        Column(
          name: column.team.visible, team: column.team.visible, cells: cells[sheet.players.count + index])
      }
    return (labels, columns)
  }

  /// Each player's rank under the rules, by the totals that count; in a
  /// game its finish placed (winners named, places given), its side's
  /// place, as `list` shows it.
  private func ranks() -> [String: Int] {
    if sheet.state.outcome.isPlacedByFinish { return sheet.state.placeOfPlayer }
    let entries = sheet.players.map {
      Ranking.Entry(id: $0.player.id, total: sheet.totals[$0.player.id] ?? 0)
    }
    var ranks: [String: Int] = [:]
    for place in Ranking.places(of: entries, under: sheet.state.rules) { ranks[place.id] = place.rank }
    return ranks
  }

  private func row(_ label: String, _ cells: [(String, Int)], alignLeft: Bool) -> String {
    var line = label
    for (text, width) in cells {
      line += "  " + (alignLeft ? text.padding(to: width) : text.padding(to: width, leading: true))
    }
    while line.hasSuffix(" ") { line.removeLast() }
    return line
  }

  /// `text` cut to `width` display columns, ending in "…" when cut.
  static func shortened(_ text: String, to width: Int) -> String {
    guard text.displayWidth > width else { return text }
    var result = ""
    var used = 0
    for character in text {
      let next = String(character).displayWidth
      if used + next > width - 1 { break }
      result.append(character)
      used += next
    }
    return result + "…"
  }
}
