import Foundation
import ScorekeeperTestSupport
import Testing

/// The README's examples are transcripts too, so the documentation
/// cannot drift from what the program prints.
@Suite(.tags(.process), .runAsTagged) struct ReadmeExampleTests {
  @Test("README examples print what the README says")
  func readme() throws {
    let path = packageRoot + "/README.md"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let document = MarkdownExamples(parsing: text)
    #expect(document.text == text, "reading and writing the README must not change it")
    #expect(document.transcript.commands.count >= 5, "the README shows few examples")
    let actual = document.replacingOutputs(try TranscriptRunner().run(document.transcript))
    guard actual.text != text else { return }
    let diff = renderDiff(
      lineDiff(
        expected: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
        actual: actual.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)))
    if TranscriptRunner.isRecording {
      try actual.text.write(toFile: path, atomically: true, encoding: .utf8)
      expectMatched(.recorded(diff: diff), "README.md")
    } else {
      expectMatched(.mismatch(diff: diff), "README.md")
    }
  }
}
