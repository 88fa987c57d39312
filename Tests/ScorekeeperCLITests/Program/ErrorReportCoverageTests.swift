import Foundation
import ScorekeeperTestSupport
import Testing

@testable import ScorekeeperCore
@testable import ScorekeeperSQLite
@testable import scorekeeper

/// Every error type the sources declare is either worded by the error
/// report (`Program/ErrorReport.swift` names it) or turned into another
/// before it could reach it (listed here, with where): a new error type
/// that is neither fails here, rather than reaching a person as
/// "Unexpected error: …".
@Suite struct ErrorReportCoverageTests {
  /// The error types caught and turned into another (or kept from a
  /// person) before the report, and where.
  static let caughtBefore: [String: String] = [
    "CloudFaultSyntaxError": "Settings: a UsageError naming the test variable",
    "ColumnError": "the importers (RowProblem, a play's problem) and the sync engine (UnusableRecord)",
    "DatabaseReplaced": "ChangeFeed: watch and serve open the new file",
    "DryRun": "Store.importJSON: the rollback of a dry run",
    "Failure": "ImageHeader: ByteReader.Failure becomes an ImageError",
    "ImageError": "CheckedPhoto: PhotoError.notAnImage",
    "ImportError": "ImportCommand: each problem at its place",
    "Malformed": "KindRulesEntry: a row no program writes is passed over (nil)",
    "ImportProblems": "ImportCommand: the first 50 problems and how many more",
    "JSONSyntaxError": "JSONStreamReader (an ImportError) and LiveCloud (LiveCloudError.unreadableAnswer)",
    "MigrationError": "DatabaseFile (DatabaseFileError) and FileCloud (FileCloudError)",
    "PhotoError": "SetPhotoCommand: a UsageError quoting the file; the importers: a RowProblem",
    "PointsSyntaxError": "ScoreChange (ScoreChangeError), typedPoints (UsageError), the importers",
    "Problem": "BGStatsScore.Problem: a play's problem in ImportProblems",
    "Refusal": "BGStatsPlay.Refusal: its problems in ImportProblems",
    "RowProblem": "the importers: an ImportError at its row",
    "UnimplementedDependencyError": "only tests pass unimplemented dependencies",
    "UnusableRecord": "SyncEngine: the record is kept out and reported in the sync's warnings",
  ]

  /// The names of the types declared conforming to `Error` in `Sources`.
  static func declaredErrors() throws -> Set<String> {
    var names: Set<String> = []
    let root = packageRoot + "/Sources"
    for case let path as String in FileManager.default.enumerator(atPath: root)!
    where path.hasSuffix(".swift") {
      for line in try String(contentsOfFile: root + "/" + path, encoding: .utf8).split(separator: "\n")
      where line.contains("Error") {
        if let match = line.firstMatch(
          of: /(?:struct|enum|class|actor) ([A-Za-z]+)(?:<[^>]*>)?:[^{]*\bError\b/)
        {
          names.insert(String(match.output.1))
        }
      }
    }
    return names
  }

  @Test("every error type is worded by the report or caught before it, and the list names no other")
  func everyErrorIsWorded() throws {
    let report = try String(
      contentsOfFile: packageRoot + "/Sources/scorekeeper/Program/ErrorReport.swift", encoding: .utf8)
    let named = Set(report.matches(of: /\b(?:as|is) ([A-Za-z]+)\b/).map { String($0.output.1) })
    let worded = { (name: String) in named.contains(name) }
    let declared = try Self.declaredErrors()
    #expect(declared.count > 40, "the declarations were not found: \(declared.sorted())")
    #expect(declared.filter { !worded($0) && Self.caughtBefore[$0] == nil }.sorted() == [])
    #expect(Self.caughtBefore.keys.filter { !declared.contains($0) || worded($0) }.sorted() == [])
  }

  @Test("a value of the wrong type read from the database says the file cannot be used (exit 3)")
  func wrongValue() {
    let errors = Output.memory()
    let error = RowDecodingError(
      column: "score", index: 2, expected: "an integer", found: .text("x"),
      sql: "SELECT id, name, score FROM players")
    #expect(ErrorReport(errors: errors).report(error) == .unusableDatabase)
    #expect(
      errors.text
        == "The database cannot be used: Column 2 (\"score\") holds text 'x', not an integer — in "
        + "`SELECT id, name, score FROM players`. Nothing was changed.\n")
  }
}
