import Foundation
import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// `watch GAME` in a pipe (issue 34's first step): the standings at once,
/// then again after each change another process commits to them, and
/// nothing for a change to another game.
@Suite(.tags(.process), .runAsTagged(hardTimeLimit: 120)) struct WatchProcessTests {
  let directory: TemporaryDirectory
  let process: BinaryProcess

  init() throws {
    directory = try TemporaryDirectory()
    process = BinaryProcess(directory: directory, overrides: ["SCOREKEEPER_OFFLINE": "1"])
    for arguments in [["add-game", "Poker"], ["add-player", "Poker", "Ann"]] {
      let result = try process.run(arguments)
      guard result.status == 0 else { throw SetUpFailure("\(arguments): \(result)") }
    }
  }

  /// Starts the binary with `arguments` (a watch), its output in NAME.out.
  func start(_ arguments: [String], name: String) throws -> (Process, () throws -> ProcessResult) {
    let watch = Process()
    watch.executableURL = URL(fileURLWithPath: SharedCopies.builtBinary)
    watch.arguments = arguments
    watch.environment = process.environment
    return (watch, try watch.startCapturing(in: directory, name: name))
  }

  /// The watch's output once it has `count` lines (waiting 30 s at most).
  func lines(_ name: String, count: Int) throws -> [String] {
    try Polling.value({
      try String(contentsOfFile: directory.file(name + ".out"), encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }) { $0.count >= count }
  }

  @Test("--json: one line per change to the game, the list GAME --json object with changedAt")
  func json() throws {
    let (watch, watching) = try start(["watch", "Poker", "--json"], name: "watch")
    func line(score: Int, at time: String) -> String {
      #"{"game":{"id":"00000000-0000-0000-0000-000000000001","title":"Poker","playerCount":1},"standings":"#
        + #"[{"rank":1,"id":"00000000-0000-0000-0000-000000000002","name":"Ann","score":\#(score),"photo":null,"#
        + #""team":null,"winner":false}],"rules":{"winner":"highest","target":null,"winBy":null,"start":null,"bust":false,"rounds":null,"counted":true,"#
        + #""cooperative":false},"state":"in progress","round":0,"result":null,"kind":null,"changedAt":"\#(time)"}"#
    }
    #expect(try lines("watch", count: 1) == [line(score: 0, at: "2026-01-01T00:00:00.000Z")])
    #expect(try process.run(["score", "Poker", "Ann", "+5"]).status == 0)
    #expect(try lines("watch", count: 2).count == 2)
    #expect(try process.run(["add-game", "Chess"]).status == 0)  // another game: no line
    #expect(try process.run(["score", "Poker", "Ann", "+1"]).status == 0)
    let all = try lines("watch", count: 3)
    watch.terminate()  // SIGTERM
    let result = try watching()
    expectNoDifference(
      all,
      [
        line(score: 0, at: "2026-01-01T00:00:00.000Z"), line(score: 5, at: "2026-01-01T00:00:00.000Z"),
        line(score: 6, at: "2026-01-01T00:00:00.000Z"),
      ])
    #expect(result.status == SIGTERM && result.stderr == "", "\(result)")
  }

  @Test("text: the standings block again after a change, a blank line between")
  func text() throws {
    let (watch, watching) = try start(["watch", "Poker"], name: "watch")
    #expect(try lines("watch", count: 2) == ["Poker (1 player)", "  1  0  Ann"])
    #expect(try process.run(["score", "Poker", "Ann", "+2"]).status == 0)
    let all = try lines("watch", count: 5)
    watch.terminate()
    #expect(all == ["Poker (1 player)", "  1  0  Ann", "", "Poker (1 player)", "  1  2  Ann"])
    #expect(try watching().status == SIGTERM)
  }

  @Test("the watch ends as soon as its reader has gone, with no change to write")
  func readerGone() throws {
    // The watch's own status comes out; timeout makes one that did not end
    // 124, failing the test instead of hanging it. head has its line and
    // goes; nothing changes after, and the watch sees the pipe closed.
    let pipeline = try process.startShell(
      "(timeout 60 \"$0\" watch Poker; echo $? > \"$1\") | head -n 1 > /dev/null; cat \"$1\"",
      name: "pipeline", arguments: [directory.file("status")])
    let result = try pipeline()
    // Ended as `cat` would, by SIGPIPE (128 + 13).
    #expect(result == ProcessResult(status: 0, stdout: "141\n", stderr: ""), "\(result)")
  }

  @Test("--sheet --json: each line is sheet GAME --json's object with changedAt; --sheet: the sheet's block")
  func sheet() throws {
    let (json, watchingJSON) = try start(["watch", "Poker", "--sheet", "--json"], name: "watch")
    let (text, watchingText) = try start(["watch", "Poker", "--sheet"], name: "text")
    _ = try lines("watch", count: 1)
    let sheet = try process.run(["sheet", "Poker"]).stdout
    _ = try lines("text", count: sheet.split(separator: "\n").count)
    #expect(try process.run(["round", "Poker", "Ann=4"]).status == 0)
    let all = try lines("watch", count: 2)
    let sheetAfter = try process.run(["sheet", "Poker"]).stdout
    let textLines = try lines(
      "text",
      count: (sheet + "\n" + sheetAfter).split(separator: "\n", omittingEmptySubsequences: false).count - 1)
    json.terminate()
    text.terminate()
    _ = try watchingJSON()
    _ = try watchingText()
    // The same object as sheet's (which is pretty-printed), plus changedAt.
    guard case .object(let fields) = try JSON.parse(try process.run(["sheet", "Poker", "--json"]).stdout)
    else {
      Issue.record("sheet --json is not an object")
      return
    }
    #expect(all.count == 2)
    #expect(
      try JSON.parse(all[1]) == .object(fields + [("changedAt", .string("2026-01-01T00:00:00.000Z"))]))
    expectNoDifference(textLines.joined(separator: "\n") + "\n", sheet + "\n" + sheetAfter)
  }

  @Test("no game: every game's leader and last change, the game changed last first, a line per change")
  func everyGame() throws {
    #expect(try process.run(["add-game", "Chess"]).status == 0)
    #expect(try process.run(["add-player", "Chess", "Bo"]).status == 0)
    let (watch, watching) = try start(["watch", "--json"], name: "watch")
    _ = try lines("watch", count: 1)
    #expect(try process.run(["score", "Chess", "Bo", "+2"]).status == 0)
    let all = try lines("watch", count: 2)
    watch.terminate()
    #expect(try watching().status == SIGTERM)
    func game(_ number: Int, _ title: String, leader: (Int, String, Int)?, change: String?) -> String {
      let leaders =
        leader.map {
          #"[{"id":"00000000-0000-0000-0000-00000000000\#($0.0)","name":"\#($0.1)","score":\#($0.2)}]"#
        } ?? "[]"
      return
        #"{"id":"00000000-0000-0000-0000-00000000000\#(number)","title":"\#(title)","state":"in progress","#
        + #""leaders":\#(leaders),"lastChange":\#(change ?? "null")}"#
    }
    let poker = game(1, "Poker", leader: (2, "Ann", 0), change: nil)
    let chess = game(3, "Chess", leader: (4, "Bo", 0), change: nil)
    let chessScored = game(
      3, "Chess", leader: (4, "Bo", 2),
      change:
        #"{"player":"Bo","points":2,"time":"2026-01-01T00:00:00.000Z","author":null,"authorKnown":true}"#)
    let changedAt = #","changedAt":"2026-01-01T00:00:00.000Z"}"#
    expectNoDifference(
      all,
      [
        #"{"games":["# + chess + "," + poker + "]" + changedAt,
        #"{"games":["# + chessScored + "," + poker + "]" + changedAt,
      ])
  }

  @Test("a restore puts another file in the database's place: the watch opens it and shows what it holds")
  func restore() throws {
    #expect(try process.run(["backup", directory.file("backup.sqlite")]).status == 0)
    let (watch, watching) = try start(["watch", "Poker"], name: "watch")
    _ = try lines("watch", count: 2)
    #expect(try process.run(["score", "Poker", "Ann", "+5"]).status == 0)
    _ = try lines("watch", count: 5)
    #expect(try process.run(["restore", directory.file("backup.sqlite")]).status == 0)
    // The restored standings shown before the next change: under load the
    // watch may otherwise read the file once both have happened, and show
    // only the last (a watch shows what is, not every step).
    _ = try lines("watch", count: 8)
    #expect(try process.run(["score", "Poker", "Ann", "+1"]).status == 0)
    let all = try lines("watch", count: 11)
    watch.terminate()
    #expect(try watching().status == SIGTERM)
    expectNoDifference(
      all,
      [
        "Poker (1 player)", "  1  0  Ann", "", "Poker (1 player)", "  1  5  Ann", "", "Poker (1 player)",
        "  1  0  Ann", "", "Poker (1 player)", "  1  1  Ann",
      ])
  }
}

extension WatchProcessTests {
  @Test("no game, in a pipe: a finished team game names its winning team with its players")
  func boardOfFinishedGames() throws {
    for arguments in [
      ["add-game", "Spades"], ["add-player", "Spades", "Ann", "--team", "Kids"],
      ["add-player", "Spades", "Cy", "--team", "Grown-ups"],
      ["add-player", "Spades", "Bob", "--team", "Kids"],
      ["round", "Spades", "Ann=40", "Bob=30", "Cy=60"], ["finish", "Spades"], ["finish", "Poker"],
    ] {
      let result = try process.run(arguments)
      guard result.status == 0 else { throw SetUpFailure("\(arguments): \(result)") }
    }
    let (watch, watching) = try start(["watch"], name: "watch")
    let lines = try lines("watch", count: 2)
    watch.terminate()
    #expect(try watching().status == SIGTERM)
    // Cy scored most, but the Kids' 70 beat the Grown-ups' 60.
    expectNoDifference(
      lines,
      [
        "Spades  finished, won by team Kids (Ann, Bob)  last change Cy +60 at 2026-01-01 00:00:00 UTC",
        "Poker   finished, won by Ann",
      ])
  }
}
