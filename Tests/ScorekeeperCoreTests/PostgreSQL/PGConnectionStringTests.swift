import CScorekeeperPQ
import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore
@testable import ScorekeeperPostgreSQL

/// Connection strings are read without libpq (so naming a live cloud never
/// loads it), exactly as libpq reads them: the same settings, or the same
/// complaint, for hand-picked strings of both forms and for thousands of
/// random ones made of their pieces.
@Suite struct PGConnectionStringTests {
  /// What libpq itself makes of `text`: its settings in its order, or its
  /// message.
  func libpq(_ text: String) throws -> Result<[String], PGError> {
    let api = try LibPQ.functions()
    var error: UnsafeMutablePointer<CChar>?
    guard let options = api.PQconninfoParse(text, &error) else {
      defer { error.map { api.PQfreemem($0) } }
      return .failure(PGError(message: PGConnection.trimmed(error.map { String(cString: $0) } ?? "")))
    }
    defer { api.PQconninfoFree(options) }
    var settings: [String] = []
    var option = options
    while let keyword = option.pointee.keyword {
      if let value = option.pointee.val {
        settings.append("\(String(cString: keyword))=\(String(cString: value))")
      }
      option += 1
    }
    return .success(settings)
  }

  func ours(_ text: String) -> Result<[String], PGError> {
    Result { try PGConnectionString(text).settings.map { "\($0.key)=\($0.value)" } }
      .mapError { $0 as! PGError }
  }

  @Test(
    "each form and its corners read as libpq reads them",
    arguments: [
      "postgresql://alice@db.example.org:6432/scores?sslmode=verify-full", "postgres:///scores",
      "postgresql://",
      "postgresql://[::1]:5433/db", "postgresql://h1:1,h2:2,h3/db", "postgresql://a%40b@h/d%20b",
      "postgresql://h/db?ssl=true", "postgresql://h?application_name=x%26y&connect_timeout=3",
      "postgresql://alice:s3cret@h/db", "postgresql://:pw@h", "postgresql://h/db?",
      "postgresql://h/db?&&user=u",
      "service=club", "host=/run/postgresql dbname='my scores'", "  user = bob  ", "dbname=a\\ b",
      "password='it\\'s'", "options='-c x=1' user=a user=b", "", "   ", "host=", "host=''",
      // Refused, with libpq's words.
      "host='unclosed", "postgresql://x/y?nonsense=1", "hots=x", "host", "postgresql://[::1/db",
      "postgresql://h/%zz", "postgresql://h/a%00", "postgresql://h?a=b=c", "postgresql://[::1]x/db", "=x",
    ])
  func corners(text: String) throws {
    #expect(ours(text) == (try libpq(text)), "\(text)")
  }

  @Test("random strings of connection-string pieces read as libpq reads them", arguments: 1...20)
  func random(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let pieces = [
      "postgresql://", "postgres://", "host", "port", "user", "dbname", "sslmode", "nonsense", "=", " ", "  ",
      "'",
      "\\", "\\'", "@", ":", "/", "?", "&", ",", "[", "]", "::1", "%20", "%4", "%zz", "h", "5432", "a b", "é",
      "require", "ssl=true", "x",
    ]
    var differences: [String] = []
    for _ in 0..<500 {
      let text = (0..<Int.random(in: 1...8, using: &random)).map { _ in pieces.randomElement(using: &random)!
      }
      .joined()
      let (mine, theirs) = (ours(text), try libpq(text))
      if mine != theirs { differences.append("\(text)\n  ours:  \(mine)\n  libpq: \(theirs)") }
    }
    #expect(differences.isEmpty, "\(differences.prefix(3).joined(separator: "\n"))")
  }
}
