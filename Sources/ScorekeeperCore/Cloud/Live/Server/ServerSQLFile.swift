/// One of the server's SQL files, as the build embedded it from
/// `Cloud/Live/Server/SQL` (the `EmbedServerSQL` plugin writes `embedded`).
///
/// The layout (the Flyway discipline):
/// - `versioned/V<n>__<name>.sql`: tables, types, roles and data changes,
///   applied once each, in order, and never edited once shipped: the
///   server's ledger keeps each one's SHA-256, and `server install`
///   refuses a server whose ledger disagrees with a shipped file.
/// - `repeatable/R__<order>_<name>.sql`: functions, policies and grants,
///   written to be run again (`CREATE OR REPLACE`, `DROP … IF EXISTS`),
///   applied after the versioned files whenever their text changed.
///   Versioned files never call them.
/// - `testing/`: switches for tests only, which no install applies.
///
/// Every file after V001 runs as the owner role (`SET LOCAL ROLE`), and
/// names the two roles as the psql variables `:"owner"` and `:"users"`, so
/// `psql -1 -v owner=… -v users=… -f FILE` runs it as the installer does.
struct ServerSQLFile: Sendable {
  /// The path under `Cloud/Live/Server/SQL`, as "versioned/V002__cloud.sql".
  let path: String
  let text: String

  var name: String { String(path.split(separator: "/").last ?? "") }
  var folder: String { String(path.split(separator: "/").first ?? "") }

  /// The SHA-256 of the file's bytes, as lowercase hex (as `sha256sum`).
  var sha256: String { SHA256.hex(of: Array(text.utf8)) }

  /// The version and name of a versioned file, from "V002__cloud.sql".
  var versioned: (version: Int, identifier: String)? {
    guard folder == "versioned", name.hasPrefix("V"), name.hasSuffix(".sql"),
      let separator = name.firstRange(of: "__"),
      let version = Int(name[name.index(after: name.startIndex)..<separator.lowerBound])
    else { return nil }
    return (version, String(name[separator.upperBound...].dropLast(".sql".count)))
  }

  static func files(in folder: String) -> [ServerSQLFile] {
    embedded.filter { $0.folder == folder }.sorted { $0.name < $1.name }
  }
}
