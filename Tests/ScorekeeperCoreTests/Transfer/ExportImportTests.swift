import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// scorekeeper's own export, imported in process (`store.transfer`): the
/// fixture data (every table, odd names, extreme scores, rounds, teams,
/// photos, person links) travels whole; a second import adds nothing; a
/// dry run and every refusal leave the database as it was.
@Suite struct ExportImportTests {
  let source: TestStore
  let file: [UInt8]

  init() throws {
    source = try TestStore()
    try FixtureDataSet.fill(source.store, version: Schema.currentVersion)
    file = try Self.export(source.store)
  }

  static func export(_ store: Store) throws -> [UInt8] {
    var bytes: [UInt8] = []
    try store.transfer.exportJSON(games: []) { bytes.append(contentsOf: $0) }
    return bytes
  }

  /// Every row of every table an import writes, sorted: what must not
  /// change when nothing is imported.
  static func contents(_ test: TestStore) throws -> [String: [[SQLValue]]] {
    var tables = ["games": try test.database.rows(of: "games", columns: ["id", "title"])]
    for table in TransferTable.ofGame + [.personLinks] {
      let columns = table.columns.map(\.name) + (table.gameColumn.map { [$0] } ?? [])
      tables[table.name] = try test.database.rows(of: table.name, columns: columns)
    }
    return tables
  }

  func importing(_ bytes: [UInt8], into test: TestStore, dryRun: Bool = false) throws -> ImportSummary {
    try test.store.transfer.importExport(from: ImportSource(bytes: bytes), dryRun: dryRun)
  }

  @Test("an export imported into an empty database holds the same rows: exported again, byte for byte")
  func roundTrip() throws {
    let target = try TestStore()
    let summary = try importing(file, into: target)
    #expect(try Self.export(target.store) == file)
    #expect(try Self.contents(target) == Self.contents(source))
    let counts = try Self.contents(source).mapValues(\.count).filter { $0.value > 0 }
    #expect(summary == ImportSummary(added: counts))
  }

  @Test("a team's own points travel whole: its seat comes back a seat, the teams' totals alike")
  func teamPointsRoundTrip() throws {
    let source = try TestStore()
    _ = try source.store.addGame(title: "Spades")
    for (name, team) in [("Ann", "N/S"), ("Bob", "E/W")] {
      _ = try source.store.addPlayer(to: "Spades", name: name, team: team)
    }
    _ = try source.store.addRound(in: "Spades", [("N/S", 120), ("Bob", 5)])
    let bytes = try Self.export(source.store)
    #expect(String(decoding: bytes, as: UTF8.self).contains(#""team": "N/S", "isTeam": 1}"#))
    let target = try TestStore()
    _ = try importing(bytes, into: target)
    #expect(try Self.export(target.store) == bytes)
    #expect(try Self.contents(target) == Self.contents(source))
    #expect(
      try target.store.gameStandings(of: "Spades").header.state.places.map {
        "\($0.rank) \($0.team ?? "-") \($0.total) own \($0.teamPoints)"
      } == ["1 N/S 120 own 120", "2 E/W 5 own 0"])
  }

  @Test("imported again, every row is here already: nothing added, nothing changed")
  func secondImport() throws {
    let target = try TestStore()
    _ = try importing(file, into: target)
    let before = try Self.contents(target)
    let summary = try importing(file, into: target)
    #expect(summary.added == [:])
    #expect(summary.alreadyHere == before.mapValues(\.count).filter { $0.value > 0 })
    #expect(try Self.contents(target) == before)
  }

  @Test("a dry run counts what it would add, and changes nothing")
  func dryRun() throws {
    let target = try TestStore()
    let before = try Self.contents(target)
    let summary = try importing(file, into: target, dryRun: true)
    let counts = try Self.contents(source).mapValues(\.count).filter { $0.value > 0 }
    #expect(summary == ImportSummary(added: counts, dryRun: true))
    #expect(try Self.contents(target) == before)
  }

  @Test(
    "a bad file is refused where it is wrong, in words, and nothing is imported",
    arguments: [
      (
        #"{"format": "scorekeeper-export", "version": 2, "games": []}"#, "$.version (line 1, column 45)",
        "version 2 is newer than this scorekeeper reads (1); update scorekeeper to import it"
      ),
      (
        #"{"format": "scorekeeper-export", "version": 1, "games": [{"id": "g1", "title": 7}]}"#,
        "$.games[0].title (line 1, column 80)", "a string was expected, found a number"
      ),
      // (The command says "the file is empty" before choosing a format.)
      ("", "$ (line 1, column 1)", "an object was expected, the file ended"),
    ])
  func refused(text: String, location: String, problem: String) throws {
    let target = try TestStore()
    _ = try importing(file, into: target)
    let before = try Self.contents(target)
    #expect(throws: ImportError(location: location, problem: problem)) {
      try importing(Array(text.utf8), into: target)
    }
    #expect(try Self.contents(target) == before)
  }

  @Test("a file cut short fails at its end, after rows were read, and none of them is kept")
  func truncated() throws {
    let target = try TestStore()
    let before = try Self.contents(target)
    let cut = Array(file.prefix(file.count * 2 / 3))
    let error = try #require(throws: ImportError.self) { try importing(cut, into: target) }
    // (Two thirds of the fixture's export end inside the fourth game.)
    #expect(
      error
        == ImportError(
          location: "$.games[3].players[0].id (line 83, column 16)",
          problem: "a string was not closed before the file ended"))
    #expect(try Self.contents(target) == before)
  }
}
