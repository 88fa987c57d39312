import Foundation
import ScorekeeperTestSupport
import Testing

@testable import scorekeeper

/// The README's table of commands against the commands themselves: a
/// command added without a row, a row for a command that is gone, or an
/// option the table names that the command does not take (or takes and
/// the table leaves out) fails here, not in a newcomer's hands.
@Suite struct ReadmeCommandTableTests {
  /// Each usage the table's first column shows ("`rename-game GAME TITLE`,
  /// `rename-player …`" is two), with the row's words after it.
  static func usages() throws -> [(usage: String, row: String)] {
    let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
    let lines = readme.split(separator: "\n").map(String.init)
    guard let header = lines.firstIndex(of: "| command | what it does |") else { return [] }
    var usages: [(String, String)] = []
    for line in lines[(header + 2)...] {
      guard line.hasPrefix("| ") else { break }
      // The first cell ends at the first " | " outside backticks.
      var inCode = false
      var end = line.index(line.startIndex, offsetBy: 2)
      while end < line.endIndex {
        if line[end] == "`" { inCode.toggle() }
        if !inCode && line[end...].hasPrefix(" | ") { break }
        end = line.index(after: end)
      }
      let cell = line[line.index(line.startIndex, offsetBy: 2)..<end]
      for match in cell.matches(of: /`([^`]+)`/) {
        usages.append((String(match.output.1).replacing("\\|", with: "|"), String(line[end...])))
      }
    }
    return usages
  }

  @Test("every command has a row, and every row names a command")
  func everyCommand() throws {
    let named = Set(try Self.usages().map { String($0.usage.split(separator: " ")[0]) })
    let commands = Set(Command.all.map(\.spec.name))
    #expect(commands.subtracting(named).sorted() == [], "commands without a row")
    #expect(named.subtracting(commands).sorted() == [], "rows of no command")
  }

  @Test("each option a row shows is one its command takes, and each option a command takes is in the table")
  func everyOption() throws {
    let global = Set(Program.globalOptions.map(\.name))
    // What a usage shows must be the command's; what the row's words
    // mention may be another's ("as `--as-of` takes them").
    var shown: [String: Set<String>] = [:]
    var mentioned: [String: Set<String>] = [:]
    func options(_ text: String) -> [String] {
      (" " + text).matches(of: /[^A-Za-z-](--[a-z][a-z-]*)/).map { String($0.output.1) }
    }
    for (usage, row) in try Self.usages() {
      let name = String(usage.split(separator: " ")[0])
      shown[name, default: []].formUnion(options(usage))
      mentioned[name, default: []].formUnion(options(usage + " " + row))
    }
    for command in Command.all {
      let name = command.spec.name
      let takes = Set(command.spec.options.map(\.name))
      let inUsages = shown[name, default: []].subtracting(global)
      #expect(inUsages.subtracting(takes).sorted() == [], "\(name): the table shows what it does not take")
      let inRows = mentioned[name, default: []].subtracting(global)
      #expect(takes.subtracting(inRows).sorted() == [], "\(name): options the table leaves out")
    }
  }
}
