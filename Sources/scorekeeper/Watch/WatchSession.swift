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
  /// What the watch shows, and how.
  struct View {
    /// The game followed; nil: every game (`GamesBoard`).
    var reference: String?
    /// The score sheet rather than the standings.
    var sheet: Bool
    /// A JSON document a change rather than text.
    var json: Bool
    var times: TimeDisplay
  }

  private let view: View
  private let feed: ChangeFeed
  private var cloud: CloudFeed? { feed.cloud }
  private let output: Output
  private let terminal: Terminal
  private let clock: Clock

  init(_ view: View, feed: ChangeFeed, output: Output, terminal: Terminal, clock: Clock) {
    self.view = view
    self.feed = feed
    self.output = output
    self.terminal = terminal
    self.clock = clock
  }

  func run() throws {
    if terminal.outputIsTerminal && !view.json {
      try runFullScreen()
    } else {
      try runInPipe()
    }
  }

  /// What the view shows now: as the command showing it would print it,
  /// or (`--json`) its document.
  private enum Shown: Equatable {
    case text(String)
    case json(JSON)
  }

  private func shown(_ screen: WatchScreen) -> Shown {
    if view.json { return .json(screen.json) }
    let snapshot = Output.memory()
    snapshot.usesColor = output.usesColor
    snapshot.asciiOnly = output.asciiOnly
    switch screen.view {
    case .sheet(let sheet): SheetTable(sheet: sheet, width: terminal.outputColumns ?? 80).print(to: snapshot)
    case .standings(let standings): StandingsTable.print(standings, to: snapshot)
    case .board(let board): board.print(to: snapshot, times: view.times)
    }
    return .text(snapshot.text)
  }

  /// The screen now, in one read; `headed`: with the last change a full
  /// screen's header names.
  private func readScreen(headed: Bool) throws -> WatchScreen {
    try feed.store.watchScreen(of: view.reference, sheet: view.sheet, headed: headed)
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
    var last: Shown?
    while true {
      // What is due from the cloud first (at the start: the catch-up).
      _ = try feed.step()
      let now = shown(try readScreen(headed: false))
      if now != last {
        // A blank line between blocks, as between paragraphs.
        let separator = last == nil ? "" : "\n"
        last = now
        switch now {
        case .json(.object(let fields)):
          output.write(
            JSON.object(fields + [("changedAt", .string(try clock.now().iso8601))]).compactText + "\n")
        case .json(let document):
          preconditionFailure("a view's document is an object, not \(document.compactText)")
        case .text(let text):
          output.write(verbatim: separator + text)  // (made safe by the snapshot's Output)
        }
        output.flush()
        // The reader went away: the watch is over (the program ends as `cat` would).
        if output.failure != nil { return }
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
    let screen = TerminalScreen(output: output)
    screen.enter()
    defer { screen.leave() }
    while true {
      _ = try feed.step()
      let current = try readScreen(headed: true)
      guard case .text(var text) = shown(current) else { preconditionFailure("a terminal shows text") }
      if text.hasSuffix("\n") { text.removeLast() }
      let body = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      screen.draw(try header(columns: screen.size.columns, lastChange: current.lastChange) + [""] + body)
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
  private func header(columns: Int, lastChange: LastChange?) throws -> [String] {
    let parts = try headerParts(lastChange) + ["q quits"]
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
      styled.usesColor = output.usesColor
      styled.write(line, in: .header)
      return styled.text
    }
  }

  private func headerParts(_ lastChange: LastChange?) throws -> [String] {
    var parts: [String] = []
    lastChangeAge = nil
    if let lastChange {
      let (name, event) = (lastChange.playerName, lastChange.event)
      // Another user's change says whose (issue 49); this user's own do not.
      let by = if case .user(let user) = lastChange.author { " by \(user.visible)" } else { "" }
      let points = (event.delta >= 0 ? "+\(event.delta)" : "\(event.delta)") + by
      let now = try clock.now().millisecondsSince1970
      let age = Int(max(0, now - event.time.millisecondsSince1970) / 1000)
      lastChangeAge = age
      parts.append("last change: \(name.visible) \(points), \(ago(age, time: event.time))")
    } else {
      parts.append("no score yet")
    }
    switch cloud?.connection {
    case nil: parts.append("offline: this database only")
    case .starting?, .live?:
      parts.append(cloud?.pollingInterval.map { "cloud: checked every \(Int($0)) s" } ?? "cloud: live")
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
    default: view.times.format(time)
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
