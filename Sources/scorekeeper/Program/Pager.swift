import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

/// A pager the human output of a long listing goes through, on a terminal
/// (as git and man do): SCOREKEEPER_PAGER, else the settings file's
/// `pager`, else PAGER, else `less -FRX` (which quits at once when the
/// text fits the screen, keeps colours, and leaves the text on screen). An
/// empty pager, or `cat`, is none; so are --no-pager, --json and a pipe.
///
/// The listing is written to memory first and handed to the pager whole
/// once the command has succeeded: a command that fails starts no pager,
/// and its error is not hidden behind one.
final class Pager {
  let output: Output
  private let process: pid_t
  private let input: Int32

  /// The command to page through (`setting`: the pager setting's value),
  /// or nil for none: also when its program is not on PATH (a system
  /// without less), rather than lose the text.
  static func command(_ setting: String?, environment: (String) -> String?) -> String? {
    // A dumb terminal cannot draw a pager's screen, and less would wait
    // for RETURN there.
    guard let setting, environment("TERM") != "dumb" else { return nil }
    let command = setting.trimmingWhitespace()
    guard let program = command.split(separator: " ").first.map(String.init), program != "cat" else {
      return nil
    }
    let directories =
      program.contains("/")
      ? [""] : (environment("PATH") ?? "/usr/bin:/bin").split(separator: ":").map { $0 + "/" }
    return directories.contains { access($0 + program, X_OK) == 0 } ? command : nil
  }

  /// Starts `command` (through sh) reading a pipe that `output` writes;
  /// nil when it cannot start (the text then goes to the terminal).
  init?(command: String) {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], STDIN_FILENO)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    var pid: pid_t = 0
    let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(command), nil]
    defer { arguments.forEach { free($0) } }
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, arguments, environ)
    close(pipeEnds[0])
    guard spawned == 0 else {
      close(pipeEnds[1])
      return nil
    }
    process = pid
    input = pipeEnds[1]
    // (Plain: the listing it is given is already styled and spelled.)
    output = .fileDescriptor(pipeEnds[1])
  }

  /// Ends the text and waits for the person to quit the pager. Whether
  /// they quit before the end (the pipe closed) is no failure.
  func finish() {
    output.flush()
    close(input)
    var status: Int32 = 0
    while waitpid(process, &status, 0) < 0 && errno == EINTR {}
  }
}

/// A listing bound for the pager: written to memory while the command
/// runs, then paged if the command succeeded, or written straight out (a
/// failure's partial output) if it did not.
struct PagedListing {
  let pager: String
  let text: Output

  init(pager: String, like stdout: Output) {
    self.pager = pager
    text = .memory()
    text.usesColor = stdout.usesColor
    text.asciiOnly = stdout.asciiOnly
  }

  func finish(succeeded: Bool, otherwise stdout: Output) {
    let listing = text.text
    guard !listing.isEmpty else { return }
    if succeeded, let pager = Pager(command: pager) {
      pager.output.write(verbatim: listing)
      pager.finish()
    } else {
      stdout.write(verbatim: listing)
    }
  }
}
