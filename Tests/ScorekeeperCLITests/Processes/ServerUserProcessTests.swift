import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// `scorekeeper server add-user` and `remove-user` as an administrator
/// runs them, and what the user can do over TCP with a SCRAM password
/// afterwards. Roles are the cluster's: each test uses names of its own.
@Suite(.tags(.process, .postgres), .runAsTagged) struct ServerUserProcessTests {
  let server: TestCloud
  let directory: TemporaryDirectory
  let database: String

  init() throws {
    server = try TestCloud(.postgres)
    directory = try TemporaryDirectory()
    database = try #require(PGConnectionString(server.location)["dbname"])
  }

  /// The administrator's shell.
  var admin: BinaryProcess { BinaryProcess(directory: directory) }

  /// `user`'s device, reaching the server over TCP with the password in
  /// a pgpass file of its own.
  func device(_ user: String, password: String) throws -> BinaryProcess {
    let file = directory.file("\(user)-\(password.replacing(" ", with: "_")).pgpass")
    let port = try #require(PGConnectionString(server.tcpLocation)["port"])
    try "127.0.0.1:\(port):\(database):\(user):\(password)\n".write(
      toFile: file, atomically: true, encoding: .utf8)
    chmod(file, 0o600)  // libpq ignores a pgpass file others may read
    return BinaryProcess(
      directory: directory,
      overrides: [
        "SCOREKEEPER_DB": directory.file("\(user).sqlite"), "SCOREKEEPER_USER": user,
        "SCOREKEEPER_CLOUD": server.tcpLocation, "PGPASSFILE": file,
      ])
  }

  /// Runs `arguments` with `input` on stdin (a pipe, not a terminal).
  func run(_ process: BinaryProcess, _ arguments: [String], input: String) throws -> ProcessResult {
    let pipe = Pipe()
    let wait = try process.start(arguments, stdin: pipe.fileHandleForReading)
    try pipe.fileHandleForWriting.write(contentsOf: Data(input.utf8))
    try pipe.fileHandleForWriting.close()
    return try wait()
  }

  func role(_ name: String) throws -> [[String?]] {
    try PGConnection(server.adminLocation).query(
      "SELECT rolcanlogin::text, rolpassword IS NOT NULL FROM pg_authid WHERE rolname = $1", [name]
    ).rows
  }

  @Test("added with a password on stdin, a user syncs over TCP with it; removed, their login is refused")
  func addSyncRemove() throws {
    expectNoDifference(
      try run(admin, ["server", "add-user", "ut_hana", server.adminLocation], input: "pw of hana\n"),
      ProcessResult(status: 0, stdout: "Added \"ut_hana\" as a user of \"\(database)\".\n", stderr: ""))
    let hana = try device("ut_hana", password: "pw of hana")
    expectNoDifference(
      try hana.run(["add-game", "Go"]),
      ProcessResult(status: 0, stdout: "Added game \"Go\" (0000…0001)\n", stderr: ""))
    expectNoDifference(
      try hana.run(["sync"]), ProcessResult(status: 0, stdout: "0 sent, 0 received.\n", stderr: ""))
    let port = try #require(PGConnectionString(server.tcpLocation)["port"])
    #expect(
      try hana.run(["status"]).stdout.contains(
        "Server:      database \"\(database)\" on 127.0.0.1, port \(port), schema version 8, TLS\n"))
    let wrong = try device("ut_hana", password: "guess")
    let refusal =
      "The server refused the login: %@. A password comes from ~/.pgpass (mode 0600), PGPASSFILE or a "
      + "service file, or from a prompt when the command runs at a terminal.\n"
    expectNoDifference(
      try wrong.run(["sync"]),
      ProcessResult(
        status: 1, stdout: "",
        stderr: refusal.replacing(
          "%@",
          with: "password authentication failed for user \"ut_hana\"; password retrieved from file "
            + "\"\(wrong.environment["PGPASSFILE"]!)\"")))

    expectNoDifference(
      try admin.run(["server", "remove-user", "ut_hana", server.adminLocation]),
      ProcessResult(
        status: 0,
        stdout: "Removed \"ut_hana\" from the users of \"\(database)\" and disabled their login. "
          + "Their games stay on the server.\n", stderr: ""))
    #expect(try role("ut_hana") == [["false", "t"]])
    expectNoDifference(
      try hana.run(["sync"]),
      ProcessResult(
        status: 1, stdout: "",
        stderr: "The server refused the login: role \"ut_hana\" is not permitted to log in. "
          + "An administrator lets a removed user in again with `scorekeeper server add-user`.\n"))
    // The refusal is recorded, and status's own look at the server (refused
    // too) does not hide it.
    let lastError =
      "Last error:  The server refused the login: role \"ut_hana\" is not permitted to log in. An administrator "
      + "lets a removed user in again with `scorekeeper server add-user`.\n"
    #expect(try hana.run(["--offline", "status"]).stdout.contains(lastError))
    #expect(try hana.run(["status"]).stdout.contains(lastError))
    #expect(try server.dump().contains("ut_hana"), "her game stays on the server")
  }

  @Test("server install and status by a user who is no administrator say so, and change nothing")
  func notAdministrator() throws {
    let before = try server.dump()
    let alice = try server.connectionString(for: "alice")
    for action in ["install", "status"] {
      expectNoDifference(
        try admin.run(["server", action, alice]),
        ProcessResult(
          status: 1, stdout: "",
          stderr: "server \(action) needs an administrator's connection: \"alice\" may not read or change "
            + "scorekeeper's schema in \"\(database)\". Connect as the database's owner or a superuser, for "
            + "example: scorekeeper server \(action) postgresql://ADMIN@HOST/\(database)\n"))
    }
    #expect(try server.dump() == before)
  }

  @Test("at a terminal, add-user asks twice with echo off; two different passwords change nothing")
  func terminalPrompt() throws {
    let name = "ut_ivan"
    for (answers, expected) in [
      (
        ["one\n", "two\n"],
        ProcessResult(
          status: 1, stdout: "",
          stderr: "New password for \"\(name)\": \nThe same password again: \n"
            + "The two passwords typed for \"\(name)\" differ. Nothing was changed.\n")
      ),
      (
        ["same\n", "same\n"],
        ProcessResult(
          status: 0, stdout: "Added \"\(name)\" as a user of \"\(database)\".\n",
          stderr: "New password for \"\(name)\": \nThe same password again: \n")
      ),
    ] {
      let terminal = try PseudoTerminal()
      let processName = UUID().uuidString
      let wait = try admin.start(
        ["server", "add-user", name, server.adminLocation], stdin: terminal.secondary, name: processName)
      // NB: Type only once asked: turning echo off flushes what was typed ahead.
      for (index, answer) in answers.enumerated() {
        try waitUntil(directory.file("\(processName).err"), holds: index == 0 ? "\(name)\": " : "again: ")
        try terminal.type(answer)
      }
      expectNoDifference(try wait(), expected)
      #expect(try terminal.echoed() == "", "the terminal showed what was typed")
      #expect(try role(name) == (expected.status == 0 ? [["true", "t"]] : []))
    }
  }

  @Test("names and arguments the server command cannot take are usage errors, and nothing changes")
  func usageErrors() throws {
    let before = try server.dump()
    for (arguments, message) in [
      (["server", "add-user"], "server add-user needs the user's NAME."),
      (
        ["server", "add-user", "pg_x", server.adminLocation],
        "The user name \"pg_x\" is not usable: PostgreSQL keeps names starting with \"pg_\" for itself."
      ),
      (
        ["server", "status", server.adminLocation, "extra"],
        "server status takes one URL; \"extra\" is one word too many."
      ),
      (
        ["server", "status", "--after-restore", server.adminLocation],
        "--after-restore goes with server install, not server status."
      ),
      (
        ["server", "adduser", "x"],
        "Unknown server action \"adduser\"; use \"install\", \"status\", \"add-user\" or \"remove-user\"."
      ),
    ] {
      expectNoDifference(
        try admin.run(arguments),
        ProcessResult(
          status: 2, stdout: "",
          stderr: message + "\nUsage: scorekeeper server ACTION [NAME] [URL] [--after-restore]\n"
            + "Run \"scorekeeper help server\" for more.\n"))
    }
    expectNoDifference(
      try admin.run(["server", "remove-user", "ut_nobody", server.adminLocation]),
      ProcessResult(
        status: 1, stdout: "",
        stderr: "\"ut_nobody\" is not a user of the database \"\(database)\". Nothing was changed.\n"))
    #expect(try server.dump() == before)
  }

  /// Waits for `text` to appear in the file a process writes its stderr
  /// to: a prompt shown. Gives up after a minute (a hung process).
  func waitUntil(_ file: String, holds text: String) throws {
    for _ in 0..<6000 {
      if (try? String(contentsOfFile: file, encoding: .utf8))?.hasSuffix(text) == true { return }
      usleep(10_000)
    }
    throw SetUpFailure("no \(quote(text)) in \(file)")
  }
}
