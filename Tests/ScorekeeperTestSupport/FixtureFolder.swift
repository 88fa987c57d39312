import Foundation
import Testing

/// A folder of fixtures made by shipped versions, `v1.sqlite`, `v2.sqlite`,
/// …, each pinned by its line in the folder's `SHA256SUMS`.
public struct FixtureFolder: Sendable {
  public let path: String

  public init(_ path: String) {
    self.path = path
  }

  public func file(_ version: Int) -> String {
    path + "/v\(version).sqlite"
  }

  /// A copy of a version's fixture at `destination`: a fixture is never
  /// opened in place, since opening upgrades it.
  public func copy(_ version: Int, to destination: String) throws {
    try FileManager.default.copyItem(atPath: file(version), toPath: destination)
  }

  /// Expects `SHA256SUMS` to list a fixture for each of `versions`, in
  /// order, and no other, each with the hash of the file as it is: a
  /// fixture is never edited.
  public func expectManifest(versions: [Int], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let manifest = try String(contentsOfFile: path + "/SHA256SUMS", encoding: .utf8)
    let recorded = manifest.split(separator: "\n").map { line in
      let parts = line.split(separator: " ", omittingEmptySubsequences: true)
      return (name: String(parts[1]), hash: String(parts[0]))
    }
    // In version order (v2 before v10).
    let files = try FileManager.default.contentsOfDirectory(atPath: path)
      .filter { $0.hasSuffix(".sqlite") }
      .sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
    #expect(recorded.map(\.name) == files, sourceLocation: sourceLocation)
    #expect(files == versions.map { "v\($0).sqlite" }, sourceLocation: sourceLocation)
    for (name, hash) in recorded {
      #expect(
        try sha256Hex(fileAt: path + "/" + name) == hash, "\(name) was changed",
        sourceLocation: sourceLocation)
    }
  }
}
