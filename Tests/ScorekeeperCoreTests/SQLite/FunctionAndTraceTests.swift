import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore
@testable import ScorekeeperSQLite

@Suite struct FunctionAndTraceTests {
  let directory: TemporaryDirectory
  let db: Database

  init() throws {
    directory = try TemporaryDirectory()
    db = try Database(path: directory.file("test.sqlite"))
  }

  @Test("a Swift closure is callable from SQL with every argument type")
  func customFunction() throws {
    try db.createFunction("describe", argumentCount: -1, deterministic: true) { arguments in
      .text(arguments.map(\.description).joined(separator: "|"))
    }
    #expect(
      try db.fetchOne("SELECT describe(1, 2.5, 'a''b', x'00ff', NULL)") { try $0.text(0) }
        == "1|2.5|'a''b'|x'00ff'|NULL")
  }

  @Test("a function's error fails the statement with its text")
  func throwingFunction() throws {
    struct Refused: Error, CustomStringConvertible { var description: String { "refused by Swift" } }
    try db.createFunction("refuse", argumentCount: 0, deterministic: false) { _ in throw Refused() }
    let error = try #require(throws: DatabaseError.self) { try db.execute("SELECT refuse()") }
    #expect(error == DatabaseError(extendedCode: 1, message: "refused by Swift", sql: "SELECT refuse()"))
  }

  @Test("closing the connection releases what a function captured")
  func functionReleased() throws {
    final class Token {}
    weak var weakToken: Token?
    try {
      let token = Token()
      weakToken = token
      try db.createFunction("token", argumentCount: 0, deterministic: true) { _ in
        _ = token
        return .null
      }
    }()
    #expect(weakToken != nil)
    db.close()
    #expect(weakToken == nil)
  }

  @Test("uuid(), now() and casefold() use the injected dependencies")
  func dependencyFunctions() throws {
    let db = try DatabaseFile.open(
      at: directory.file("store.sqlite"),
      dependencies: Dependencies(
        uuid: .incrementing(startingAt: 41), clock: .constant(testNow), device: .device(1)))
    #expect(
      try db.fetchOne("SELECT uuid(), uuid(), now(), casefold('ÉCOLE Straße')") { row in
        [try row.text(0), try row.text(1), try row.text(2), try row.text(3)]
      } == [
        "00000000-0000-0000-0000-000000000029", "00000000-0000-0000-0000-00000000002a",
        "2026-01-02T03:04:05.678Z", "école straße",
      ])
  }

  @Test("an unimplemented dependency fails loudly, naming itself")
  func unimplemented() throws {
    let db = try Store(
      path: directory.file("store.sqlite"),
      dependencies: Dependencies(uuid: .unimplemented, clock: .constant(testNow), device: .device(1))
    ).database
    let error = try #require(throws: DatabaseError.self) {
      try db.execute("INSERT INTO games (title) VALUES ('Poker')")
    }
    #expect(error.message == UnimplementedDependencyError(name: "uuid").description)
    #expect(try db.fetchOne("SELECT count(*) FROM games") { try $0.int(0) } == 0)
  }

  @Test("the trace shows each statement with its values, and what triggers run as comments")
  func trace() throws {
    var lines: [String] = []
    try db.executeScript(
      """
      CREATE TABLE t (x TEXT);
      CREATE TABLE log (x TEXT);
      CREATE TRIGGER t_logged AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.x); END;
      """)
    db.trace { lines.append($0) }
    try db.execute("INSERT INTO t (x) VALUES (?1)", ["it's"])
    db.trace(nil)
    try db.execute("DELETE FROM t")
    #expect(
      lines == [
        "INSERT INTO t (x) VALUES ('it''s')", "-- TRIGGER t_logged",
        "-- INSERT INTO log VALUES (new.x)",
      ])
  }
}
