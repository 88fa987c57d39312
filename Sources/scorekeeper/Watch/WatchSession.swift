import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

/// One run of `watch GAME`: the view of the game (standings, or the score
/// sheet) shown again whenever it changes, on this database or through
/// the cloud (`ChangeFeed`). On a terminal, full-screen
/// (`TerminalScreen`) under a header that says the last change and the
/// connection; in a pipe, a block (or a JSON line) per change.
final class WatchSession {
  private let invocation: Invocation
  /// The game followed; nil: every game (`GamesBoard`).
  private let reference: String?
  private let sheet: Bool
  private let feed: ChangeFeed
  private var cloud: CloudFeed? { feed.cloud }
  private let clock: Clock

  init(_ invocation: Invocation, sheet: Bool) throws {
    self.invocation = invocation
    reference = invocation[ifGiven: .watchedGame]
    self.sheet = sheet
    feed = try invocation.changeFeed(command: "watch")
    clock = try invocation.settings.dependencies.get().clock
  }

  func run() throws {
    if invocation.terminal.outputIsTerminal && !invocation.json {
      try runFullScreen()
    } else {
      try runInPipe()
    }
  }

  /// What the view shows now: as the command showing it would print it,
  /// or (`--json`) its document.
  private enum View: Equatable {
    case text(String)
    case json(JSON)
  }

  private func view() throws -> View {
    let store = feed.store
    if invocation.json {
      guard let reference else { return .json(try store.gamesBoard().json) }
      return .json(sheet ? try store.sheet(of: reference).json : try store.gameStandings(of: reference).json)
    }
    let snapshot = Output.memory()
    snapshot.usesColor = invocation.output.usesColor
    snapshot.asciiOnly = invocation.output.asciiOnly
    if let reference, sheet {
      SheetTable(sheet: try store.sheet(of: reference), width: invocation.terminal.outputColumns ?? 80)
        .print(to: snapshot)
    } else if let reference {
      StandingsTable.print(try store.gameStandings(of: reference), to: snapshot)
    } else {
      try store.gamesBoard().print(to: snapshot, times: invocation.times)
    }
    return .text(snapshot.text)
  }

  // MARK: In a pipe

  private func runInPipe() throws {
    // It runs until stopped, so it must be stoppable: a parent may have
    // started it with these blocked (a test harness's thread, a job
    // runner), and a blocked SIGTERM would leave it waiting.
    var stops = sigset_t()
    sigemptyset(&stops)
    for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stops, signal) }
    sigprocmask(SIG_UNBLOCK, &stops, nil)
    var shown: View?
    while true {
      // What is due from the cloud first (at the start: the catch-up).
      _ = try feed.step()
      let view = try view()
      if view != shown {
        // A blank line between blocks, as between paragraphs.
        let separator = shown == nil ? "" : "\n"
        shown = view
        switch view {
        case .json(.object(let fields)):
          invocation.output.write(
            JSON.object(fields + [("changedAt", .string(try clock.now().iso8601))]).compactText + "\n")
        case .json(let document):
          preconditionFailure("a view's document is an object, not \(document.compactText)")
        case .text(let text):
          invocation.output.write(verbatim: separator + text)  // (made safe by the snapshot's Output)
        }
        invocation.output.flush()
        // The reader went away: the watch is over (the program ends as `cat` would).
        if invocation.output.failure != nil { return }
      }
      // A pipe's reader gone shows on its write end at once (POLLERR):
      // the watch ends then, as `cat` would at its next write.
      if try !feed.wait(until: .after(3600), also: stdoutIsPipe ? [STDOUT_FILENO] : []).isEmpty {
        SignalPipe.end(by: SIGPIPE)
      }
    }
  }

  /// Whether stdout is a pipe or a socket, whose reader may go away.
  private var stdoutIsPipe: Bool {
    var status = stat()
    guard fstat(STDOUT_FILENO, &status) == 0 else { return false }
    return status.st_mode & S_IFMT == S_IFIFO || status.st_mode & S_IFMT == S_IFSOCK
  }

  // MARK: On a terminal

  private func runFullScreen() throws {
    let signals = try SignalPipe.open([SIGINT, SIGTERM, SIGHUP, SIGWINCH])
    cloud?.report = nil  // the header says it
    let screen = TerminalScreen(output: invocation.output)
    screen.enter()
    defer { screen.leave() }
    while true {
      _ = try feed.step()
      guard case .text(var text) = try view() else { preconditionFailure("a terminal shows text") }
      if text.hasSuffix("\n") { text.removeLast() }
      let body = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      screen.draw(try header(columns: screen.size.columns) + [""] + body)
      // The header's "3 s ago" moves each second for a minute, then each minute.
      let extra = screen.readsKeys ? [signals, STDIN_FILENO] : [signals]
      for index in try feed.wait(until: .after(nextTick()), also: extra) {
        if extra[index] == STDIN_FILENO {
          if screen.takeKeys().contains(where: { $0 == UInt8(ascii: "q") || $0 == UInt8(ascii: "Q") }) {
            return
          }
          continue
        }
        // SIGWINCH needs nothing more: the next frame is drawn at the new size.
        for signal in SignalPipe.take(from: signals) where signal != SIGWINCH {
          screen.leave()
          SignalPipe.end(by: signal)
        }
      }
    }
  }

  /// "last change: Bob +5, 3 s ago · cloud: live  q quits"; notes how
  /// old the change is, for `nextTick`.
  /// The header's parts in lines of at most `columns`, broken between
  /// parts (or, in a part wider than a line, between words): the screen
  /// cuts what is wider, and a cut header lost its end mid-word.
  private func header(columns: Int) throws -> [String] {
    let parts = try headerParts() + ["q quits"]
    var lines: [String] = []
    var line = ""
    for word in parts.flatMap({ part in
      part.displayWidth <= columns ? [part] : part.split(separator: " ").map(String.init)
    }) {
      let joined = line.isEmpty ? word : line + (parts.contains(word) ? " · " : " ") + word
      if line.isEmpty || joined.displayWidth <= columns {
        line = joined
      } else {
        lines.append(line)
        line = word
      }
    }
    lines.append(line)
    return lines.map { line in
      let styled = Output.memory()
      styled.usesColor = invocation.output.usesColor
      styled.write(line, in: .header)
      return styled.text
    }
  }

  private func headerParts() throws -> [String] {
    var parts: [String] = []
    lastChangeAge = nil
    if let (name, event) = try feed.store.history.lastChange(of: reference) {
      let points = event.delta >= 0 ? "+\(event.delta)" : "\(event.delta)"
      let now = try clock.now().millisecondsSince1970
      let age = Int(max(0, now - event.time.millisecondsSince1970) / 1000)
      lastChangeAge = age
      parts.append("last change: \(name.visible) \(points), \(ago(age, time: event.time))")
    } else {
      parts.append("no score yet")
    }
    switch cloud?.connection {
    case nil: parts.append("offline: this database only")
    case .starting?, .live?: parts.append("cloud: live")
    case .offline(let words, let retryAt)?:
      parts.append("cloud: offline, retrying in \(Int(retryAt.remaining.rounded(.up))) s (\(words))")
    }
    return parts
  }

  /// How old the last change was when the header was made, in seconds.
  private var lastChangeAge: Int?

  private func ago(_ seconds: Int, time: Timestamp) -> String {
    switch seconds {
    case ..<60: "\(seconds) s ago"
    case ..<3600: "\(seconds / 60) min ago"
    case ..<86_400: "\(seconds / 3600) h ago"
    default: invocation.times.format(time)
    }
  }

  /// Seconds until the header next reads differently: each second while
  /// it counts seconds (the change's age, or the retry's), else at the
  /// next minute; with no change to count, not until something happens.
  private func nextTick() -> Double {
    if case .offline? = cloud?.connection { return 1 }
    guard let age = lastChangeAge else { return 3600 }
    return age < 60 ? 1 : Double(60 - age % 60)
  }
}
