import Foundation
import ScorekeeperTestSupport
import Testing

/// libpq is loaded only by a command that talks to a live server: naming
/// one (every command reads the setting) or working offline never loads
/// it, so a machine without libpq still works offline, and local commands
/// do not pay for loading it. Checked from outside, by what the dynamic
/// loader reports (LD_DEBUG) and with libpq really made unloadable.
@Suite(.tags(.process), .runAsTagged) struct ClientLibraryTests {
  let directory: TemporaryDirectory
  let laptop: BinaryProcess
  let config: String

  init() throws {
    directory = try TemporaryDirectory()
    config = directory.file("config/scorekeeper/config")
    try FileManager.default.createDirectory(
      atPath: directory.file("config/scorekeeper"), withIntermediateDirectories: true)
    // The live cloud comes from the settings file: messages name the file.
    try "cloud = host=127.0.0.1 port=1 dbname=club\n".write(toFile: config, atomically: true, encoding: .utf8)
    laptop = BinaryProcess(
      directory: directory, overrides: ["XDG_CONFIG_HOME": directory.file("config")],
      unset: ["SCOREKEEPER_CLOUD"])
  }

  /// Whether the dynamic loader looked for libpq while `arguments` ran.
  func loadsLibPQ(_ arguments: [String]) throws -> Bool {
    var traced = laptop
    traced.overrides["LD_DEBUG"] = "libs"
    return try traced.run(arguments).stderr.contains("find library=libpq.so")
  }

  @Test("offline and local commands never load libpq; a command that reaches the server does")
  func loadedOnlyToTalk() throws {
    #expect(try loadsLibPQ(["--offline", "add-game", "Go"]) == false)
    #expect(try loadsLibPQ(["--offline", "list"]) == false)
    #expect(try loadsLibPQ(["--offline", "status"]) == false)
    #expect(try loadsLibPQ(["config", "list"]) == false)
    #expect(try loadsLibPQ(["sync"]) == true)
  }

  @Test(
    "without a loadable libpq, offline work goes on, and a sync names the setting that asked for the server")
  func missingLibrary() throws {
    // As root, a mount namespace of its own hides the system's libpq from
    // the binary alone (bound over by an empty file).
    guard geteuid() == 0 else {
      if ProcessInfo.processInfo.environment["CI"] == "true" { Issue.record("CI runs as root; this did not") }
      return
    }
    let library = try ShellCommand.output(["sh", "-c", "ldconfig -p | grep -o '/.*libpq.so.5$' | head -n 1"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    try #require(!library.isEmpty)
    let script =
      "mount --bind /dev/null \(library) && for a in \"$@\"; do eval \"\\\"$0\\\" $a\"; echo \"[exit $?]\"; done"
    let result = try laptop.start(
      [
        "-m", "sh", "-c", script, SharedCopies.builtBinary, "--offline add-game Go", "--offline list", "sync",
      ],
      executable: "/usr/bin/unshare")()
    let missing =
      "The cloud in \"cloud\" in the settings file \(config) is a PostgreSQL server, and reaching it needs the "
      + "PostgreSQL client library, libpq (Debian and Ubuntu: apt-get install libpq5): \(library): file too short"
    #expect(
      result.stdout
        == "Added game \"Go\" (0000…0001)\n[exit 0]\n0000…0001  0 players  Go\n[exit 0]\n[exit 1]\n")
    #expect(result.stderr.hasPrefix(missing))
    #expect(result.stderr.hasSuffix(". Work offline (--offline) meanwhile.\n"))
  }
}
