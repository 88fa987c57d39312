import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

@testable import scorekeeper

/// scorekeeper(1): the committed page is what the specs make, and it
/// renders cleanly with the system's man.
@Suite(.tags(.process), .runAsTagged) struct ManPageTests {
  static let path = packageRoot + "/Docs/scorekeeper.1"

  @Test("Docs/scorekeeper.1 is the page the command specs make (make golden writes it again)")
  func upToDate() throws {
    let rendered = ManPage.render()
    if ProcessInfo.processInfo.environment["SCOREKEEPER_RECORD"] == "1" {
      try rendered.write(toFile: Self.path, atomically: true, encoding: .utf8)
    }
    let committed = try String(contentsOfFile: Self.path, encoding: .utf8)
    expectNoDifference(committed, rendered)
  }

  @Test("the page renders without a warning in 80 columns, with every section and every command")
  func renders() throws {
    let directory = try TemporaryDirectory()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // man -l must take it; groff shows it as a reader sees it in 80
    // columns, as plain text (-P-cbou: no colours, bold or underlining),
    // with every warning on (-ww, to stderr).
    process.arguments = [
      "-c", "man -l \"$1\" > /dev/null && groff -man -Tutf8 -ww -rLL=78n -P-cbou \"$1\"", "sh", Self.path,
    ]
    process.environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "MANWIDTH": "80", "PAGER": "cat"]
    let result = try process.startCapturing(in: directory, name: "man")()
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    let headings = lines.filter { !$0.isEmpty && !$0.hasPrefix(" ") }.map(String.init)
    #expect(
      Array(headings.dropFirst().dropLast()) == [
        "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS",
        "SEE ALSO",
      ])
    #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
    for command in Command.all {
      #expect(lines.contains { $0.hasPrefix("   \(command.spec.name) ") || $0 == "   \(command.spec.name)" })
    }
  }

  @Test("every command has an example, and the page shows examples under every command's entry")
  func everyCommandHasAnExample() {
    for command in Command.all {
      #expect(!command.spec.examples.isEmpty, "\(command.spec.name) has no example")
    }
    let entries = ManPage.render().components(separatedBy: "\n.SS ").dropFirst()
    #expect(entries.count == Command.all.count)
    for entry in entries {
      #expect(entry.contains("\nExamples:\n"), "no example under \(entry.prefix(40))")
    }
  }
}
