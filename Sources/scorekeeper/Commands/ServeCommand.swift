import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

extension Command {
  static let serve = Command(
    spec: CommandSpec(
      name: "serve",
      summary: "Serve a live scoreboard page for a TV or projector, until stopped.",
      options: [Option.port.spec, Option.bind.spec],
      discussion: """
        Serves, over HTTP, a page per game (/game/ID: the standings with photos, the
        score sheet, a winner banner once it is finished) that updates itself within a
        moment of every change, on this database or through the cloud, as watch does.
        / lists the games; /api/games and /api/game/ID answer the JSON of list --json
        and list GAME --json. It prints the address to open, then serves until Ctrl-C,
        SIGTERM or a hang-up, which close every connection first. No request changes
        anything.

        It listens on 127.0.0.1 (this machine only) unless --bind names another
        address. On any loopback address (127.0.0.0/8, ::1) it needs no token and
        answers only requests for a loopback host (localhost, 127.0.0.1, [::1]);
        others get 421, so no web page can reach it through a name of its own. On any
        other address (0.0.0.0: every network this machine is on) every request must
        carry an access token, unguessable and new each time: the address printed
        carries it, and the page's own requests carry it as a cookie named by the
        port; any other gets 403.
        """,
      examples: ["scorekeeper serve", "scorekeeper serve --bind 0.0.0.0 --port 8080"]
    ),
    needsDatabase: true,
    run: { invocation in
      let address = invocation[Option.bind] ?? "127.0.0.1"
      let token = Loopback.isAddress(address) ? nil : randomToken()
      let feed = try invocation.changeFeed(command: "serve")
      let board = Scoreboard(feed: feed, errors: invocation.errors, token: token)
      let server = try HTTPServer(address: address, port: invocation[Option.port] ?? 8080) {
        board.answer($0)
      }
      board.port = server.port
      let host =
        address == "0.0.0.0" || address == "::"
        ? hostName() : address.contains(":") ? "[\(address)]" : address
      invocation.output.line(
        "Serving the scoreboard at http://\(host):\(server.port)/" + (token.map { "?token=\($0)" } ?? ""))
      invocation.output.flush()
      let signals = try SignalPipe.open([SIGINT, SIGTERM, SIGHUP])
      var sent: [String: String] = [:]
      var changed = false
      while true {
        if try feed.step() { changed = true }
        if changed {
          board.changed()
          // What each followed game's clients were sent last; a game that
          // lost its last client is forgotten, so that whoever follows it
          // next hears of every change from the state it was first sent.
          let followed = server.followedChannels
          sent = sent.filter { followed.contains($0.key) }
          for game in followed {
            guard let event = try? board.event(for: game), event != sent[game] else { continue }
            sent[game] = event
            server.broadcast(event, to: game)
          }
          changed = false
        }
        let ready = try server.serve(
          also: [signals] + feed.descriptors,
          until: feed.limit(.after(ChangeSignals.recheckInterval)))
        if ready.contains(0), let signal = SignalPipe.take(from: signals).first {
          server.close()
          SignalPipe.end(by: signal)
        }
        if try feed.takeChanges() { changed = true }
      }
    })

  /// 128 bits from the system's random source, in hex.
  fileprivate static func randomToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<16).map { _ in
      let byte = UInt8.random(in: 0...255, using: &generator)
      return String(byte >> 4, radix: 16) + String(byte & 15, radix: 16)
    }.joined()
  }

  fileprivate static func hostName() -> String {
    var name = [CChar](repeating: 0, count: 256)
    guard gethostname(&name, name.count) == 0 else { return "localhost" }
    return String(cString: name)
  }
}

extension Option where Value == Int {
  fileprivate static let port = Option(
    OptionSpec(name: "--port", valueName: "N", help: "Listen on port N (default 8080; 0: any free port).")
  ) { text in
    guard let port = Int(text), (0...65535).contains(port) else {
      throw UsageError("--port takes a port number from 0 to 65535 (got \(quote(text))).")
    }
    return port
  }
}

extension Option where Value == String {
  fileprivate static let bind = Option(
    OptionSpec(
      name: "--bind", valueName: "ADDR",
      help: "Listen on this IPv4 or IPv6 address (default 127.0.0.1; another one requires the access token).")
  )
}
