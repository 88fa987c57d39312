import Foundation
import ScorekeeperTestSupport
import Testing

/// The real binary as separate processes.
@Suite(.tags(.process), .runAsTagged) struct ProcessTests {
  let binary: BinaryProcess

  init() throws {
    binary = BinaryProcess(directory: try TemporaryDirectory())
  }

  @Test("concurrent score commands all count: none fails, none is lost")
  func concurrentScores() throws {
    _ = try binary.run(["add-game", "Relay"])
    _ = try binary.run(["add-player", "Relay", "Ann"])
    let processes = 8
    let changesEach = 5
    var waits: [() throws -> ProcessResult] = []
    for process in 0..<processes {
      // Each process runs a shell loop, so all of them overlap in time.
      let script = (0..<changesEach).map { _ in "\"$0\" score Relay Ann +1 >/dev/null || exit 1" }
        .joined(separator: "; ")
      waits.append(try binary.startShell(script, name: "writer\(process)"))
    }
    let results = try waits.map { try $0() }
    #expect(results.allSatisfy { $0.status == 0 && $0.stderr.isEmpty }, "\(results)")
    #expect(
      try binary.run(["list", "Relay"])
        == .init(status: 0, stdout: "Relay (1 player)\n  1  \(processes * changesEach)  Ann\n", stderr: ""))
  }

  @Test("delete-game on a real terminal asks, and deletes on yes")
  func terminalConfirmation() throws {
    _ = try binary.run(["add-game", "Poker"])
    let terminal = try PseudoTerminal()
    let wait = try binary.start(["delete-game", "Poker"], stdin: terminal.secondary)
    try terminal.type("y\n")
    #expect(
      try wait()
        == .init(
          status: 0, stdout: "Deleted game \"Poker\" (no players)\n",
          stderr: "Delete \"Poker\" (no players)? [y/N] "))
    #expect(
      try binary.run(["list"]).stdout == "No games yet. Add one with: scorekeeper add-game TITLE\n")
  }

  @Test("delete-game on a real terminal keeps the game on no")
  func terminalDecline() throws {
    _ = try binary.run(["add-game", "Poker"])
    let terminal = try PseudoTerminal()
    let wait = try binary.start(["delete-game", "Poker"], stdin: terminal.secondary)
    try terminal.type("n\n")
    #expect(
      try wait()
        == .init(
          status: 1, stdout: "",
          stderr: "Delete \"Poker\" (no players)? [y/N] Nothing was changed.\n"))
    #expect(try binary.run(["list"]).stdout == "0000…0001  0 players  Poker\n")
  }
}

/// A pseudo-terminal: the secondary end is a real terminal for the child's
/// stdin (isatty says yes); the test types into the primary end.
final class PseudoTerminal {
  let primary: Int32
  let secondary: FileHandle

  init() throws {
    // posix_openpt and friends are not in Swift's Glibc module; these are
    // what they do on Linux: open the multiplexer, unlock, ask the number.
    primary = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    guard primary >= 0 else { throw POSIXError(.ENOTTY) }
    // TIOCSPTLCK and TIOCGPTN, whose _IOW/_IOR macros Swift cannot import.
    let unlockRequest: UInt = 0x4004_5431
    let numberRequest: UInt = 0x8004_5430
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard ioctl(primary, unlockRequest, &unlock) == 0, ioctl(primary, numberRequest, &number) == 0
    else { throw POSIXError(.ENOTTY) }
    let descriptor = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    guard descriptor >= 0 else { throw POSIXError(.ENOTTY) }
    secondary = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
  }

  func type(_ text: String) throws {
    let bytes = Array(text.utf8)
    guard write(primary, bytes, bytes.count) == bytes.count else { throw POSIXError(.EIO) }
  }

  /// What the terminal showed of the typing since the last call: the
  /// echo, when it is on. The child's output goes to files, not here.
  func echoed() throws -> String {
    _ = fcntl(primary, F_SETFL, fcntl(primary, F_GETFL) | O_NONBLOCK)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
      let count = read(primary, &buffer, buffer.count)
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  deinit {
    close(primary)
  }
}

extension ProcessTests {
  @Test("list's columns line up: kind, result and last activity under their own, whichever a game has")
  func listColumns() throws {
    let offline = BinaryProcess(directory: binary.directory, overrides: ["SCOREKEEPER_OFFLINE": "1"])
    for arguments in [
      ["add-game", "Chess", "--kind", "chess"], ["add-player", "Chess", "Ann"],
      ["add-player", "Chess", "Bob"],
      ["finish", "Chess", "--winner", "Ann"], ["add-game", "Yahtzee night"],
      ["add-player", "Yahtzee night", "Cy"],
      ["finish", "Yahtzee night"], ["add-game", "Darts", "--kind", "501"],
    ] {
      let result = try offline.run(arguments)
      guard result.status == 0 else { throw SetUpFailure("\(arguments): \(result)") }
    }
    expectNoDifference(
      try offline.run(["list"]).stdout,
      """
      0000…0005  1 player   Yahtzee night              finished, won by "Cy"   2026-01-01 00:00:00 UTC
      0000…0001  2 players  Chess          kind Chess  finished, won by "Ann"  2026-01-01 00:00:00 UTC
      0000…0008  0 players  Darts          kind 501

      """)
  }
}

extension ProcessTests {
  @Test("a printed short id names its game typed as printed, and its last four digits alone do too")
  func shortIDs() throws {
    let personal = try BinaryProcess.personalDatabase(in: binary.directory)
    #expect(try personal.run(["add-game", "Chess"]).status == 0)
    let listed = try personal.run(["list"]).stdout
    // Real ids of one day: both start with the same digits.
    let printed = listed.split(separator: "\n").map { String($0.prefix(9)) }
    let chess = try #require(
      listed.split(separator: "\n").first { $0.contains("  Chess  ") }.map { String($0.prefix(9)) })
    let poker = try #require(printed.first { $0 != chess })
    #expect(chess.prefix(4) == poker.prefix(4), "\(listed)")
    let standings = try personal.run(["list", "Chess"])
    #expect(try personal.run(["list", chess]) == standings)
    #expect(try personal.run(["list", String(chess.suffix(4))]) == standings)
    #expect(try personal.run(["list", chess.replacing("…", with: "...")]) == standings)
    // The shared start alone names both: refused, with each one's id.
    let both = try personal.run(["list", String(chess.prefix(4))])
    #expect(both.status == 1 && both.stderr.contains(chess) && both.stderr.contains(poker), "\(both)")
  }
}
