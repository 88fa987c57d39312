import Foundation
import ScorekeeperTestSupport
import Testing

/// The sync around a command, seen in its trace: one sync before (one
/// engine run), and a send after only when the command changed data,
/// then exactly one batch for its one change.
@Suite(.tags(.process), .runAsTagged) struct AutomaticSyncTests {
  let process: BinaryProcess

  init() throws {
    process = BinaryProcess(directory: try TemporaryDirectory())
    #expect(try process.run(["add-game", "Poker"]).status == 0)
  }

  /// How many syncs ran (each reads where it starts once) and how many
  /// records the cloud took, in a command's `--trace=all`.
  func syncs(_ arguments: [String], status: Int32 = 0) throws -> (runs: Int, sent: Int) {
    let result = try process.run(["--trace=all"] + arguments)
    #expect(result.status == status, "\(result)")
    let lines = result.stderr.split(separator: "\n")
    return (
      lines.filter { $0.contains("FROM syncState AS s, localDevice AS d") }.count,
      lines.filter { $0.contains("UPDATE syncRecords SET serverChangeTag") }.count
    )
  }

  @Test("a command that changed nothing sends nothing: one sync, before it")
  func unchanged() throws {
    #expect(try syncs(["rename-game", "Poker", "Poker"]) == (1, 0))
    #expect(try syncs(["list"]) == (1, 0))
  }

  @Test("a command that changed something sends it once, after it")
  func changed() throws {
    #expect(try syncs(["rename-game", "Poker", "Chess"]) == (2, 1))
    #expect(try syncs(["score", "Chess", "Ann", "+1"], status: 1) == (1, 0), "refused: nothing changed")
  }
}
