import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// A password prompt on a real pseudo-terminal (`script`), interrupted as
/// a person interrupts it: Ctrl-C typed at the prompt. The terminal must
/// echo again afterwards, or the shell types blind.
@Suite(.tags(.process), .runAsTagged(hardTimeLimit: 60)) struct PasswordPromptTests {
  let server: TestCloud
  let directory: TemporaryDirectory

  init() throws {
    server = try TestCloud(.postgres)
    directory = try TemporaryDirectory()
  }

  /// Runs `arguments` on a terminal inside a shell that outlives the
  /// binary (its own SIGINT is trapped) and then prints the terminal's
  /// settings; types `answers` at the prompts shown and Ctrl-C at the
  /// one after. Returns what the terminal showed.
  func interrupt(_ arguments: [String], answering answers: [String] = []) throws -> String {
    let command = ([SharedCopies.builtBinary] + arguments).map { "'\($0)'" }.joined(separator: " ")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = [
      "-q", "-c", "sh -c 'trap : INT; \(command.replacing("'", with: "'\\''")); stty -a'", "/dev/null",
    ]
    process.environment = [
      "PATH": "/usr/bin:/bin", "TERM": "xterm", "LC_ALL": "C.UTF-8", "HOME": directory.path,
      "PGPASSFILE": directory.file("none"), "SCOREKEEPER_DB": directory.file("games.sqlite"),
      "SCOREKEEPER_CLOUD": server.tcpLocation, "SCOREKEEPER_USER": "alice",
    ]
    let keyboard = Pipe()
    let name = "screen-\(UUID().uuidString)"
    let result = try process.startCapturing(in: directory, name: name, stdin: keyboard.fileHandleForReading)
    let screen = { (try? String(contentsOfFile: directory.file("\(name).out"), encoding: .utf8)) ?? "" }
    // Each prompt ends in ": ": the next key goes once the next one shows
    // (a prompt that never shows is ended by the suite's hard limit).
    for (shown, key) in (answers.map { $0 + "\r" } + ["\u{3}"]).enumerated() {
      while screen().ranges(of: ": ").count <= shown { usleep(20_000) }
      keyboard.fileHandleForWriting.write(Data(key.utf8))
    }
    defer { try? keyboard.fileHandleForWriting.close() }
    return try result().stdout.replacing("\r\n", with: "\n")
  }

  /// The terminal's flags after the binary ended, as `stty -a` lists them.
  func flags(_ screen: String) -> Set<Substring> {
    Set(screen.split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "\n" }))
  }

  @Test(
    "Ctrl-C at sync's password prompt leaves the terminal echoing; the prompt names the user and the server")
  func interruptedLogin() throws {
    _ = try server.connectionString(for: "alice")
    let port = try #require(PGConnectionString(server.tcpLocation)["port"])
    let database = try #require(PGConnectionString(server.tcpLocation)["dbname"])
    let screen = try interrupt(["sync"])
    #expect(
      screen.hasPrefix("Password for \"alice\" at 127.0.0.1, port \(port), database \"\(database)\": \n"))
    #expect(flags(screen).contains("echo"))
    #expect(!flags(screen).contains("-echo"))
  }

  @Test("Ctrl-C at add-user's second prompt leaves the terminal echoing")
  func interruptedNewPassword() throws {
    let screen = try interrupt(["server", "add-user", "ut_ivy", server.adminLocation], answering: ["first"])
    #expect(screen.hasPrefix("New password for \"ut_ivy\": \nThe same password again: \n"))
    #expect(flags(screen).contains("echo"))
    #expect(!flags(screen).contains("-echo"))
  }
}
