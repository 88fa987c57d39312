import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// `make install` into a temporary prefix, then the installed binary, man
/// page and bash completion run from there; `make uninstall` takes back
/// exactly what was installed.
@Suite(.tags(.process), .runAsTagged) struct InstallTests {
  static let installed = [
    "bin/scorekeeper", "share/bash-completion/completions/scorekeeper",
    "share/fish/vendor_completions.d/scorekeeper.fish", "share/man/man1/scorekeeper.1",
    "share/zsh/site-functions/_scorekeeper",
  ]

  /// Runs `script` in sh with `environment`, in `directory`.
  func shell(_ script: String, in directory: TemporaryDirectory, _ environment: [String: String] = [:]) throws
    -> ProcessResult
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
    process.environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "HOME": directory.path]
      .merging(environment) { $1 }
    return try process.startCapturing(in: directory, name: UUID().uuidString)()
  }

  func files(under root: String) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: root)
    return (enumerator?.allObjects as? [String] ?? []).filter {
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: root + "/" + $0, isDirectory: &isDirectory)
        && !isDirectory.boolValue
    }.sorted()
  }

  @Test("make install puts the binary, man page and completions under PREFIX, and they work from there")
  func installAndUse() throws {
    let directory = try TemporaryDirectory()
    let prefix = directory.file("prefix")
    let make = "make -s -C '\(packageRoot)' BINARY='\(SharedCopies.builtBinary)' PREFIX='\(prefix)'"
    let install = try shell(make + " install", in: directory)
    #expect(install.status == 0, "\(install.stderr)")
    #expect(files(under: prefix) == Self.installed)

    let version = try shell("scorekeeper --version", in: directory, ["PATH": prefix + "/bin:/usr/bin:/bin"])
    #expect(
      version
        == ProcessResult(
          status: 0, stdout: "scorekeeper 0.1.0 (schema version \(Schema.currentVersion))\n", stderr: ""))

    let manual = try shell(
      "man -l '\(prefix)/share/man/man1/scorekeeper.1' | head -4", in: directory,
      ["MANWIDTH": "80", "PAGER": "cat", "MAN_KEEP_FORMATTING": ""])
    #expect(manual.status == 0)
    #expect(manual.stdout.contains("scorekeeper - keep score of games from the command line"), "\(manual)")

    // TAB, as bash calls the installed script (compopt only works at a real prompt).
    let database = directory.file("games.sqlite")
    let tab = """
      scorekeeper add-game "Poker night" > /dev/null && scorekeeper add-player "Poker night" "Ann O'Neil" > /dev/null
      source '\(prefix)/share/bash-completion/completions/scorekeeper'
      compopt() { :; }
      complete_line() {
        COMP_LINE=$1 COMP_POINT=${#1} COMP_WORDS=(scorekeeper) COMP_CWORD=1
        _scorekeeper && printf '%s|' "${COMPREPLY[@]}" && echo
      }
      complete_line 'scorekeeper sc'
      complete_line 'scorekeeper list po'
      complete_line 'scorekeeper score "Poker night" a'
      complete_line 'scorekeeper score Poker\\ night '
      """
    try tab.write(toFile: directory.file("tab.bash"), atomically: true, encoding: .utf8)
    let result = try shell(
      "bash tab.bash", in: directory,
      ["PATH": prefix + "/bin:/usr/bin:/bin", "SCOREKEEPER_DB": database, "SCOREKEEPER_OFFLINE": "1"])
    #expect(
      result
        == ProcessResult(
          status: 0, stdout: "score|\nPoker night|\nAnn O'Neil|\nAnn O'Neil|\n", stderr: ""))

    // Stripped: no symbol table (half the size, the same behaviour).
    let sections = try shell("readelf --sections '\(prefix)/bin/scorekeeper'", in: directory)
    #expect(sections.status == 0 && !sections.stdout.contains(".symtab"))

    let uninstall = try shell(make + " uninstall", in: directory)
    #expect(uninstall.status == 0, "\(uninstall.stderr)")
    // Nothing left, not even the folders install made.
    #expect(FileManager.default.enumerator(atPath: prefix)?.allObjects.isEmpty == true)
  }

  @Test("DESTDIR stages the same files under it, for packagers")
  func destdir() throws {
    let directory = try TemporaryDirectory()
    let stage = directory.file("stage")
    let result = try shell(
      "make -s -C '\(packageRoot)' BINARY='\(SharedCopies.builtBinary)' DESTDIR='\(stage)' PREFIX=/usr install",
      in: directory)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(files(under: stage + "/usr") == Self.installed)
    #expect(files(under: stage) == Self.installed.map { "usr/" + $0 })
  }
}
