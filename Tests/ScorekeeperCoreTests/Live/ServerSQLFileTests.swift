import Foundation
import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// The server's SQL as the binary carries it is exactly the files in
/// `Cloud/Live/Server/SQL`, and no versioned file changes once shipped.
@Suite struct ServerSQLFileTests {
  static let folder = packageRoot + "/Sources/ScorekeeperCore/Cloud/Live/Server/SQL"

  @Test("the embedded SQL is the files on disk, byte for byte")
  func embeddedIsCurrent() throws {
    let paths = try FileManager.default.subpathsOfDirectory(atPath: Self.folder)
      .filter { $0.hasSuffix(".sql") }.sorted()
    expectNoDifference(ServerSQLFile.embedded.map(\.path), paths)
    for file in ServerSQLFile.embedded {
      let text = try String(contentsOfFile: Self.folder + "/" + file.path, encoding: .utf8)
      #expect(file.text == text, "\(file.path) differs from what was embedded")
    }
  }

  /// Each versioned file's SHA-256 as shipped: a server's ledger holds
  /// it, and `server install` refuses a server whose ledger disagrees. A
  /// failing line means a shipped file was edited (add a new one instead).
  static let shipped = [
    "V001__roles.sql 943e3e5e629843899468457919ae0e5a33a44a8d8d495b25e6e650c39bc5b6e7",
    "V002__cloud.sql 2118f4f7aee2dd6a66e68ce54e1d256d0770280fb08343dce22058c07631bcfc",
    "V003__assets.sql a8dbaecb717a2346c7c3529506b496b97bf777f69d830289f90e5491e16c39a1",
    "V004__v2_repairs.sql c7e7a2ea634bbbe1da1907c22c291b679f2afafa3e4e3a61c4681df29c798e90",
    "V005__channels.sql 6c6fdc66e73afd88e20b341eab90331da50c7cdddb6efc305c8997faa57c5f6e",
    "V006__creators.sql 465e25c7b149c963508ac6f5293e6edc2d434da92a01238bf4dc5be425d59860",
    "V007__roles.sql 5ceae7e7a705095d2cfa0159d64c8460915d32482f833c585ce82f454639331e",
    "V008__incarnation.sql ba5736dfd1a345e7c7b2a002bbdf5d5da71f8252889fc11e13a206e3958c0cd2",
  ]

  @Test("no shipped versioned file ever changes (its hash is pinned as shipped)")
  func versionedFilesAreFrozen() {
    expectNoDifference(ServerMigration.all.map { "\($0.fileName) \($0.sha256)" }, Self.shipped)
  }

  @Test("every file after the first runs as the owner role, and names roles only as psql variables")
  func filesRunAsOwner() {
    for file in ServerSQLFile.embedded where file.name != "V001__roles.sql" {
      let lines = file.text.split(separator: "\n").filter { !$0.hasPrefix("--") && !$0.isEmpty }
      #expect(lines.first == #"SET LOCAL ROLE :"owner";"#, "\(file.path)")
      #expect(lines.last == "RESET ROLE;", "\(file.path)")
      #expect(!file.text.contains("{owner}") && !file.text.contains("{users}"), "\(file.path)")
    }
  }
}
