import Foundation
import ScorekeeperTestSupport
import Testing

/// README's folder map names every folder of the core and of the
/// executable, and no folder that is not there: a folder added or renamed
/// without a word in the map fails here.
@Suite struct ReadmeFolderMapTests {
  /// The folders the map lists under the bullet that starts with `heading`:
  /// its sub-bullets' "`Name/`".
  static func mapped(under heading: String) throws -> [String] {
    let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0.hasPrefix("- `\(heading)`") }, "no bullet for \(heading)")
    return lines[(start + 1)...].prefix { !$0.hasPrefix("- ") && !$0.hasPrefix("#") }
      .compactMap { $0.firstMatch(of: /^  - `([A-Za-z]+)\/`/).map { String($0.output.1) } }
  }

  static func folders(in path: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/" + path).filter { name in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: packageRoot + "/\(path)/\(name)", isDirectory: &isFolder)
        && isFolder.boolValue
    }.sorted()
  }

  @Test(
    "every folder of the core and of the executable is in README's map, in order, and no other",
    arguments: [
      "Sources/ScorekeeperCore", "Sources/scorekeeper",
    ])
  func folderMap(target: String) throws {
    #expect(try Self.mapped(under: target) == Self.folders(in: target))
  }
}
