import Foundation
import ScorekeeperTestSupport
import Testing

/// The tags that make a run fast or slow are honest: a suite that starts
/// the built binary is tagged `process`, and a suite with a slow tag
/// carries `.runAsTagged`, which acts on it (without it, the tag would
/// leave the suite in `make test-fast` and on the cooperative pool).
@Suite struct TestKindsTests {
  /// Each test file's path under `Tests/` and its text, for the files that
  /// declare a suite.
  static func suiteFiles() throws -> [(path: String, text: String)] {
    let root = packageRoot + "/Tests"
    return try FileManager.default.enumerator(atPath: root)!.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") }.sorted().compactMap { path in
        let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
        return text.contains("@Suite") ? (path, text) : nil
      }
  }

  @Test("a suite starting the binary is tagged process; a suite with a slow tag runs as tagged")
  func tagsAreActedOn() throws {
    let files = try Self.suiteFiles()
    #expect(files.count > 100, "the suites were not found")
    let startsBinary = files.filter { file in
      ["BinaryProcess(", "CLIWorld(", "SharedCopies.builtBinary", "TranscriptRunner("].contains {
        file.text.contains($0)
      }
    }
    #expect(startsBinary.filter { !$0.text.contains(".tags(.process") }.map(\.path) == [])
    let tagged = files.filter { $0.text.contains(/@Suite\(\.tags\(\.(process|postgres|random|browser)/) }
    #expect(tagged.filter { !$0.text.contains(".runAsTagged") }.map(\.path) == [])
  }
}
