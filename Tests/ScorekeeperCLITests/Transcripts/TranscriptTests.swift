import Foundation
import ScorekeeperTestSupport
import Testing

/// The golden transcripts in Fixtures/transcripts: the CLI's executable
/// specification. `make golden` re-records them (and fails, for review).
@Suite(.tags(.process), .runAsTagged) struct TranscriptTests {
  static var files: [String] {
    let directory = packageRoot + "/Fixtures/transcripts"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".transcript") }.sorted()
  }

  @Test("golden transcript", arguments: files)
  func transcript(_ name: String) throws {
    let outcome = try TranscriptRunner().check(fileAt: packageRoot + "/Fixtures/transcripts/" + name)
    expectMatched(outcome, name)
  }

  @Test(
    "golden transcript of devices and users syncing, on a live server, directly and through a pooler",
    arguments: ["sync.transcript", "sharing.transcript", "club.transcript"], [CloudBacking.postgres, .pooled])
  func liveTranscript(_ name: String, _ backing: CloudBacking) throws {
    let server = try TestCloud(backing)
    for user in ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "henry"] {
      _ = try server.connectionString(for: user)
    }
    let outcome = try TranscriptRunner(live: server.location).check(
      fileAt: packageRoot + "/Fixtures/transcripts/" + name)
    expectMatched(outcome, "\(name) \(backing)")
  }

  @Test("every transcript file is found")
  func filesExist() {
    #expect(Self.files.count >= 5, "Fixtures/transcripts has \(Self.files)")
  }
}

func expectMatched(
  _ outcome: TranscriptRunner.Outcome, _ name: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  switch outcome {
  case .matched:
    break
  case .mismatch(let diff):
    Issue.record(
      "\(name) does not match (− expected, + actual); run `make golden` to re-record:\n\(diff)",
      sourceLocation: sourceLocation)
  case .recorded(let diff):
    Issue.record(
      "Recorded \(name); review the change and run the tests again:\n\(diff)",
      sourceLocation: sourceLocation)
  }
}
