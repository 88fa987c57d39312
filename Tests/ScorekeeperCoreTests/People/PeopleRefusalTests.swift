import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// `merge-people`, `split-person` and `rename-person` refuse what makes no sense with the
/// words that say why, and change nothing: no row, no change waiting to
/// sync, nothing for `undo`.
@Suite struct PeopleRefusalTests {
  /// Every row of every table.
  private func everything(_ store: Store) throws -> [String: [[SQLValue]]] {
    var tables: [String: [[SQLValue]]] = [:]
    for table in try store.database.tableNames() {
      tables[table] = try store.database.rows(of: table, columns: try store.database.columnNames(of: table))
    }
    return tables
  }

  @Test("each refusal says why and changes nothing")
  func refusals() throws {
    let test = try TestStore()
    let store = test.store
    let hearts = try store.addGame(title: "Hearts")
    for name in ["Bob", "Robert", "Ann"] { _ = try store.addPlayer(to: "Hearts", name: name) }
    _ = try store.people.merge("Bob", "Robert")
    let before = try everything(store)
    #expect(throws: StoreError.samePerson(reference: "bob", other: " BOB ", person: "Bob")) {
      try store.people.merge("bob", " BOB ")
    }
    #expect(throws: StoreError.samePerson(reference: "Robert", other: "Bob", person: "Bob")) {
      try store.people.merge("Robert", "Bob")
    }
    #expect(throws: StoreError.personNotFound(reference: "Bobb", suggestions: ["Bob"])) {
      try store.people.merge("Ann", "Bobb")
    }
    #expect(
      throws: StoreError.playerNotFound(
        reference: "Cy", game: hearts, suggestions: [])
    ) {
      try store.people.split("Cy", games: ["Hearts"])
    }
    #expect(throws: StoreError.gameNotFound(reference: "Chess", suggestions: [])) {
      try store.people.split("Ann", games: ["Hearts", "Chess"])
    }
    #expect(throws: StoreError.personNameTaken(name: "ann", person: "Bob", other: "Ann")) {
      try store.people.rename("Robert", to: "ann")
    }
    #expect(throws: StoreError.personNamedAlready(name: "Bob")) {
      try store.people.rename("robert", to: " Bob ")
    }
    #expect(throws: StoreError.personNotFound(reference: "Bobb", suggestions: ["Bob"])) {
      try store.people.rename("Bobb", to: "Rob")
    }
    #expect(throws: InvalidTextError.self) { try store.people.rename("Bob", to: "Rob\u{202E}") }
    #expect(try everything(store) == before)
    #expect(
      StoreError.personNameTaken(name: "ann", person: "Bob", other: "Ann").description
        == "\"Ann\" is another person already: to make \"Bob\" and \"Ann\" one person, merge-people \"Ann\" \"Bob\". "
        + "Nothing was changed.")
    #expect(
      StoreError.samePerson(reference: "bob", other: " BOB ", person: "Bob").description
        == "\"bob\" is one person: there is no one to merge them with. Name two people. Nothing was changed.")
    #expect(
      StoreError.samePerson(reference: "Robert", other: "Bob", person: "Bob").description
        == "\"Robert\" and \"Bob\" are one person already (\"Bob\"): there is nothing to merge. Nothing was changed."
    )
    #expect(
      StoreError.personNotFound(reference: "Bobb", suggestions: ["Bob"]).description
        == "No one named \"Bobb\" played in any game here. Did you mean \"Bob\"? Run \"scorekeeper people\" to see everyone."
    )
  }
}
