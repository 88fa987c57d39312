import Foundation
import ScorekeeperCore
import ScorekeeperHarness
import ScorekeeperTestSupport
import Testing

/// `serve` (issue 34) from outside, through raw sockets as any client or
/// attacker would reach it: its routes and their JSON, the headers on
/// every answer, bad requests of each kind, slow and many clients, the
/// event stream following changes, the access token off loopback, and a
/// clean stop.
@Suite(.tags(.process), .runAsTagged(hardTimeLimit: 120)) struct ServeProcessTests {
  let directory: TemporaryDirectory
  let process: BinaryProcess
  static let game = "00000000-0000-0000-0000-000000000001"
  static let ann = "00000000-0000-0000-0000-000000000002"

  init() throws {
    directory = try TemporaryDirectory()
    process = BinaryProcess(directory: directory, overrides: ["SCOREKEEPER_OFFLINE": "1"])
    // A photo a browser can draw (the tests' others are headers only).
    try Data(DemoPhoto.png(for: "Ann")).write(to: URL(fileURLWithPath: directory.file("ann.png")))
    for arguments in [
      ["add-game", "Poker"], ["add-player", "Poker", "Ann", "--score", "3"],
      ["add-player", "Poker", "<b>Bob</b>"],
      ["set-photo", "Poker", "Ann", directory.file("ann.png")],
    ] {
      let result = try process.run(arguments)
      guard result.status == 0 else { throw SetUpFailure("\(arguments): \(result)") }
    }
  }

  /// A running `serve` and the port it printed.
  struct Server {
    let process: Process
    let port: Int
    let url: String
    let result: () throws -> ProcessResult
  }

  func startServer(_ arguments: [String] = []) throws -> Server {
    let serve = Process()
    serve.executableURL = URL(fileURLWithPath: SharedCopies.builtBinary)
    serve.arguments = ["serve", "--port", "0"] + arguments
    serve.environment = process.environment
    let result = try serve.startCapturing(in: directory, name: "serve")
    let printed = try Polling.value({
      try String(contentsOfFile: directory.file("serve.out"), encoding: .utf8)
    }) {
      $0.contains(/Serving the scoreboard at \S+\n/)
    }
    if let match = printed.firstMatch(
      of: /Serving the scoreboard at (http:\/\/(?:\[[^\]]+\]|[^:\/]+):(\d+)\/\S*)\n/)
    {
      return Server(process: serve, port: Int(match.output.2)!, url: String(match.output.1), result: result)
    }
    serve.terminate()
    throw SetUpFailure("serve printed no address: \(try result())")
  }

  static let securityFields = [
    "X-Content-Type-Options: nosniff",
    "Content-Security-Policy: default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
      + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "Referrer-Policy: no-referrer",
  ]

  @Test("the API answers list --json and list GAME --json byte for byte; HEAD the same head without a body")
  func api() throws {
    let server = try startServer()
    defer { server.process.terminate() }
    let games = ParsedResponse(try RawHTTPClient.request(port: server.port, "/api/games"))
    expectNoDifference(
      games,
      ParsedResponse(
        "HTTP/1.1 200 OK\r\n"
          + (["Content-Type: application/json"] + Self.securityFields).joined(separator: "\r\n")
          + "\r\nCache-Control: no-store\r\nContent-Length: \(games.body.utf8.count)\r\nConnection: close\r\n\r\n"
          + games.body))
    #expect(
      try JSON.parse(games.body) == JSON.parse(try process.run(["list", "--json"]).stdout))
    let game = ParsedResponse(try RawHTTPClient.request(port: server.port, "/api/game/\(Self.game)"))
    #expect(game.status == "HTTP/1.1 200 OK")
    #expect(game.body == (try process.run(["list", "Poker", "--json"]).stdout))
    let head = ParsedResponse(
      try RawHTTPClient.request(port: server.port, "/api/game/\(Self.game)", method: "HEAD"))
    expectNoDifference(head.fields, game.fields)
    #expect(head.body == "")
    // The page: the shell with the game's id, its title escaped; the
    // list of games, the player's name escaped wherever it shows.
    let page = ParsedResponse(try RawHTTPClient.request(port: server.port, "/game/\(Self.game)"))
    #expect(page.field("Content-Type") == "text/html; charset=utf-8")
    #expect(page.body.contains("<body data-game=\"\(Self.game)\">"))
    let index = ParsedResponse(try RawHTTPClient.request(port: server.port, "/"))
    #expect(
      index.body.contains(
        "<li><a href=\"/game/\(Self.game)\">Poker</a> <span class=\"count\">2 players</span>"
          + " <span class=\"state\">in progress</span></li>"))
    for asset in ["/app.js", "/app.css"] {
      let response = ParsedResponse(try RawHTTPClient.request(port: server.port, asset))
      #expect(response.status == "HTTP/1.1 200 OK" && !response.body.isEmpty, "\(asset)")
      for field in Self.securityFields { #expect(response.fields.contains(field), "\(asset)") }
    }
  }

  @Test("keep-alive: several requests on one connection, each answered in order")
  func keepAlive() throws {
    let server = try startServer()
    defer { server.process.terminate() }
    let client = try RawHTTPClient(port: server.port)
    var statuses: [String] = []
    for path in ["/api/games", "/nowhere", "/api/game/\(Self.game)"] {
      client.send("GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n")
      statuses.append(ParsedResponse(client.response()).status)
    }
    #expect(statuses == ["HTTP/1.1 200 OK", "HTTP/1.1 404 Not Found", "HTTP/1.1 200 OK"])
  }

  @Test("bad requests each get their status and a closed connection; the server keeps serving")
  func badRequests() throws {
    let server = try startServer()
    defer { server.process.terminate() }
    let cases: [(String, String)] = [
      ("GARBAGE\r\n\r\n", "400 Bad Request"),
      ("GET /api/games HTTP/1.1\r\n\r\n", "400 Bad Request"),  // no Host
      ("GET /api/games HTTP/1.1\r\nHost : x\r\n\r\n", "400 Bad Request"),
      ("GET /api/games HTTP/1.1\r\nHost: localhost\r\n folded\r\n\r\n", "400 Bad Request"),
      ("GET /api/games HTTP/2.0\r\nHost: localhost\r\n\r\n", "505 HTTP Version Not Supported"),
      (
        "GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: localhost\r\n\r\n",
        "414 URI Too Long"
      ),
      (
        "GET / HTTP/1.1\r\nHost: localhost\r\n"
          + String(repeating: "X-Filler: " + String(repeating: "b", count: 100) + "\r\n", count: 200)
          + "\r\n", "431 Request Header Fields Too Large"
      ),
      ("GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\nhello", "413 Content Too Large"),
      ("POST /api/games HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", "405 Method Not Allowed"),
      (
        "DELETE /game/\(Self.game) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
        "405 Method Not Allowed"
      ),
      ("GET /../../etc/passwd HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", "404 Not Found"),
      (
        "GET /game/%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
        "404 Not Found"
      ),
      ("GET /game/..%2f..%2fetc HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", "404 Not Found"),
      (
        "GET /game/\(Self.game)/../../x HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
        "404 Not Found"
      ),
      ("GET /api/game/ffff HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", "404 Not Found"),
      // RFC 9112: one Host, no CR inside a value.
      ("GET /api/games HTTP/1.1\r\nHost: localhost\r\nHost: localhost\r\n\r\n", "400 Bad Request"),
      ("GET /api/games HTTP/1.1\r\nHost: localhost\r\nX-A: a\rInjected: b\r\n\r\n", "400 Bad Request"),
    ]
    for (request, status) in cases {
      let client = try RawHTTPClient(port: server.port)
      client.send(request)
      let response = ParsedResponse(client.readToEnd())
      #expect(response.status == "HTTP/1.1 " + status, "\(request.prefix(60))")
      for field in Self.securityFields { #expect(response.fields.contains(field), "\(request.prefix(60))") }
      if status.hasPrefix("405") { #expect(response.field("Allow") == "GET, HEAD") }
    }
    #expect(
      ParsedResponse(try RawHTTPClient.request(port: server.port, "/api/games")).status == "HTTP/1.1 200 OK")
  }

  @Test("a client sending its request a byte at a time is cut off with 408; others are served meanwhile")
  func slowClient() throws {
    let server = try startServer()
    defer { server.process.terminate() }
    let slow = try RawHTTPClient(port: server.port)
    let started = Date()
    var answer = ""
    for byte in "GET /api/games HTTP/1.1\r\nHost: localhost\r\nX-Slow: ".utf8 {
      slow.send([byte])
      #expect(
        ParsedResponse(try RawHTTPClient.request(port: server.port, "/api/games")).status == "HTTP/1.1 200 OK"
      )
      answer = slow.read(within: 0.4) { !$0.isEmpty }
      if !answer.isEmpty { break }
    }
    if answer.isEmpty { answer = slow.readToEnd() }
    #expect(ParsedResponse(answer).status == "HTTP/1.1 408 Request Timeout")
    // Within the head's limit (10 s) of its first byte, give or take the machine.
    #expect(Date().timeIntervalSince(started) < 30)
  }

  @Test("10,000 connections opened and dropped, 500 of them held open at once: the server still serves")
  func manyConnections() throws {
    let server = try startServer()
    defer { server.process.terminate() }
    for _ in 0..<20 {
      let held = try (0..<500).map { _ in try RawHTTPClient(port: server.port) }
      held.prefix(10).forEach { $0.send("GET /api/ga") }  // some half a request
      _ = held  // dropped here, all at once
    }
    #expect(
      ParsedResponse(try RawHTTPClient.request(port: server.port, "/api/games")).status == "HTTP/1.1 200 OK")
  }

  @Test("the event stream sends the standings and sheet at once, then after each change; a photo has an ETag")
  func events() throws {
    let server = try startServer()
    let client = try RawHTTPClient(port: server.port)
    client.send("GET /game/\(Self.game)/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
    let first = client.read { $0.contains("\n\n") && $0.contains("data: ") }
    #expect(first.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"))
    #expect(try process.run(["score", "Poker", "<b>Bob</b>", "+7"]).status == 0)
    let more = client.read { $0.contains("\n\n") }
    let data = try #require(more.firstMatch(of: /data: (.*)\n\n/)?.output.1)
    let event = try JSON.parse(String(data))
    #expect(event["standings"] == (try JSON.parse(try process.run(["list", "Poker", "--json"]).stdout)))
    #expect(event["sheet"] == (try JSON.parse(try process.run(["sheet", "Poker", "--json"]).stdout)))
    // The photo, by its content's hash; asked again with it, 304.
    let photo = ParsedResponse(
      try RawHTTPClient.request(port: server.port, "/game/\(Self.game)/photo/\(Self.ann)"))
    let sha = SHA256.hex(of: DemoPhoto.png(for: "Ann"))
    #expect(photo.status == "HTTP/1.1 200 OK" && photo.field("ETag") == "\"\(sha)\"")
    #expect(photo.field("Content-Type") == "image/png")
    let again = ParsedResponse(
      try RawHTTPClient.request(
        port: server.port, "/game/\(Self.game)/photo/\(Self.ann)", headers: ["If-None-Match: \"\(sha)\""]))
    #expect(again.status == "HTTP/1.1 304 Not Modified" && again.body == "")
    // SIGTERM: the stream ends (the server closed it), the process by the signal.
    server.process.terminate()
    _ = client.readToEnd()
    let result = try server.result()
    #expect(result.status == SIGTERM, "\(result)")
  }

  @Test("bound beyond loopback: a token in the printed address; without it 403, with it or its cookie 200")
  func token() throws {
    let server = try startServer(["--bind", "0.0.0.0"])
    defer { server.process.terminate() }
    let token = try #require(server.url.firstMatch(of: /\?token=([0-9a-f]{32})$/)?.output.1)
    for path in ["/", "/api/games", "/game/\(Self.game)", "/game/\(Self.game)/events", "/app.js"] {
      let response = ParsedResponse(try RawHTTPClient.request(port: server.port, path))
      #expect(response.status == "HTTP/1.1 403 Forbidden", "\(path)")
      let wrong = ParsedResponse(
        try RawHTTPClient.request(port: server.port, path + "?token=" + String(repeating: "0", count: 32)))
      #expect(wrong.status == "HTTP/1.1 403 Forbidden", "\(path)")
    }
    let given = ParsedResponse(try RawHTTPClient.request(port: server.port, "/api/games?token=\(token)"))
    #expect(given.status == "HTTP/1.1 200 OK")
    // The cookie is named by the port: two scoreboards on one host keep one each.
    let name = "scorekeeper_token_\(server.port)"
    #expect(given.field("Set-Cookie") == "\(name)=\(token); HttpOnly; SameSite=Strict; Path=/")
    let cookie = ParsedResponse(
      try RawHTTPClient.request(port: server.port, "/api/games", headers: ["Cookie: a=b; \(name)=\(token)"]))
    #expect(cookie.status == "HTTP/1.1 200 OK" && cookie.body == given.body)
    let otherPort = ParsedResponse(
      try RawHTTPClient.request(
        port: server.port, "/api/games", headers: ["Cookie: scorekeeper_token_\(server.port + 1)=\(token)"]))
    #expect(otherPort.status == "HTTP/1.1 403 Forbidden")
    // Bound beyond loopback, any host is answered: the token decides.
    let anyHost = ParsedResponse(
      try RawHTTPClient.request(
        port: server.port, "/api/games?token=\(token)", headers: [], address: "127.0.0.1"))
    #expect(anyHost.status == "HTTP/1.1 200 OK")
  }

  @Test(
    "a client that follows a game after its last follower left hears of a change back to an earlier state")
  func followAgain() throws {
    let server = try startServer()
    defer { server.process.terminate() }
    func follow() throws -> RawHTTPClient {
      let client = try RawHTTPClient(port: server.port)
      client.send("GET /game/\(Self.game)/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
      _ = client.read { $0.contains("data: ") && $0.hasSuffix("\n\n") }
      return client
    }
    func rename(_ from: String, _ to: String) throws {
      #expect(try process.run(["rename-game", from, to]).status == 0)
    }
    func nextTitle(_ client: RawHTTPClient) -> String? {
      let text = client.read(within: 10) { $0.hasSuffix("\n\n") }
      return text.firstMatch(of: /"title":"(\w+)"/).map { String($0.output.1) }
    }
    // Renamed back and forth, a game reads exactly as it did before.
    var first: RawHTTPClient? = try follow()
    try rename("Poker", "Cards")
    #expect(nextTitle(first!) == "Cards")
    first = nil  // its connection closes: nobody follows the game
    // (Time for the server to see it closed before the next change; were
    // it slower, the test would pass without testing, never fail wrongly.)
    usleep(500_000)
    try rename("Cards", "Poker")  // sent to nobody
    let second = try follow()  // starts from "Poker"
    try rename("Poker", "Cards")  // what the first client was sent last
    #expect(nextTitle(second) == "Cards")
  }

  @Test("a database that cannot be read gives clients a plain 500; the why goes to the server's stderr only")
  func unreadable() throws {
    let server = try startServer()
    // Another program breaks the schema under the server.
    let broken = try process.startShell(
      #"exec python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "#
        + #"c.execute("ALTER TABLE players RENAME TO gone"); c.commit()' "$1""#,
      name: "break", arguments: [directory.file("games.sqlite")])()
    #expect(broken.status == 0, "\(broken)")
    let response = try Polling.value(
      every: 0.05,
      {
        ParsedResponse(try RawHTTPClient.request(port: server.port, "/api/game/\(Self.game)"))
      }
    ) { $0.status.contains("500") }
    #expect(response.status == "HTTP/1.1 500 Internal Server Error")
    #expect(response.body == "The scoreboard could not read the database; the server says why.\n")
    server.process.terminate()
    let result = try server.result()
    #expect(result.stderr.hasPrefix("serve: /api/game/\(Self.game): "), "\(result)")
    #expect(result.stderr.contains("players"), "\(result)")
  }

  @Test("a client that sends what the server does not read (an event stream's) neither grows it nor spins it")
  func unreadInput() throws {
    let server = try startServer()
    defer { server.process.terminate() }
    func proc(_ file: String) throws -> String {
      try String(contentsOfFile: "/proc/\(server.process.processIdentifier)/\(file)", encoding: .utf8)
    }
    func residentKilobytes() throws -> Int {
      Int(try proc("status").firstMatch(of: /VmRSS:\s+(\d+) kB/)!.output.1)!
    }
    func cpuTicks() throws -> Int {
      let stat = try proc("stat")
      let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
      return Int(fields[11])! + Int(fields[12])!
    }
    let stream = try RawHTTPClient(port: server.port)
    stream.send("GET /game/\(Self.game)/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
    _ = stream.read { $0.contains("data: ") && $0.hasSuffix("\n\n") }
    let (memory, ticks) = (try residentKilobytes(), try cpuTicks())
    let garbage = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
    for _ in 0..<32 { stream.send(garbage) }  // 32 MiB the server has no use for
    // Still served; the 32 MiB taken in and dropped, not kept.
    #expect(
      ParsedResponse(try RawHTTPClient.request(port: server.port, "/api/games")).status == "HTTP/1.1 200 OK")
    #expect(try residentKilobytes() - memory < 8 * 1024)
    usleep(1_000_000)
    // Idle again: a busy loop would take about 100 ticks a second.
    let busy = try cpuTicks() - ticks
    #expect(busy < 200, "\(busy) ticks")
  }

  // MARK: Issue 44

  @Test(
    "on loopback, a request for another host is refused with 421 (DNS rebinding); loopback hosts are served")
  func rebinding() throws {
    let server = try startServer()
    defer { server.process.terminate() }
    func status(_ request: String) throws -> String {
      let client = try RawHTTPClient(port: server.port)
      client.send(request)
      let response = ParsedResponse(client.readToEnd())
      for field in Self.securityFields { #expect(response.fields.contains(field), "\(request)") }
      return response.status
    }
    for host in [
      "rebind.attacker.example", "rebind.attacker.example:\(server.port)", "localhost.attacker.example",
    ] {
      #expect(
        try status("GET /api/games HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
          == "HTTP/1.1 421 Misdirected Request", "\(host)")
    }
    #expect(
      try status("GET http://rebind.attacker.example/api/games HTTP/1.1\r\nHost: localhost\r\n\r\n")
        == "HTTP/1.1 421 Misdirected Request")
    for host in ["localhost", "localhost:\(server.port)", "127.0.0.1:\(server.port)", "[::1]:\(server.port)"]
    {
      #expect(
        try status("GET /api/games HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
          == "HTTP/1.1 200 OK",
        "\(host)")
    }
    #expect(
      try status(
        "GET http://localhost:\(server.port)/api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        == "HTTP/1.1 200 OK")
    #expect(try status("GET /api/games HTTP/1.0\r\n\r\n") == "HTTP/1.1 200 OK")
  }

  @Test("any loopback address serves without a token, 127.0.0.2 and ::1 spelled out alike")
  func loopbackAddresses() throws {
    for (address, host) in [("127.0.0.2", "127.0.0.2"), ("0:0:0:0:0:0:0:1", "::1")] {
      let server = try startServer(["--bind", address])
      defer { server.process.terminate() }
      #expect(!server.url.contains("token"), "\(server.url)")
      let response = ParsedResponse(try RawHTTPClient.request(port: server.port, "/api/games", address: host))
      #expect(response.status == "HTTP/1.1 200 OK", "\(address)")
    }
  }

  @Test("a port in use is refused in words that name it and what to do, not as a crash; nothing written")
  func busyPort() throws {
    let holder = try startServer()
    defer { holder.process.terminate() }
    let before = try Data(contentsOf: URL(fileURLWithPath: directory.file("games.sqlite")))
    let result = try process.run(["serve", "--port", "\(holder.port)"])
    #expect(
      result
        == ProcessResult(
          status: 1, stdout: "",
          stderr: "Cannot listen on \"127.0.0.1\", port \(holder.port): Address already in use.\n"
            + "Another program (or another scorekeeper serve) is using that port. "
            + "Choose another with --port N, or --port 0 for any free port.\n"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory.file("games.sqlite"))) == before)
  }

  @Test("1,000 pipelined requests are each answered, in order")
  func pipelined() throws {
    let server = try startServer()
    defer { server.process.terminate() }
    let client = try RawHTTPClient(port: server.port)
    let paths = (0..<1000).map { $0 % 2 == 0 ? "/api/games" : "/nowhere/\($0)" }
    client.send(paths.map { "GET \($0) HTTP/1.1\r\nHost: localhost\r\n\r\n" }.joined())
    let statuses = client.responses(paths.count).map { ParsedResponse($0).status }
    #expect(statuses == paths.map { $0 == "/api/games" ? "HTTP/1.1 200 OK" : "HTTP/1.1 404 Not Found" })
  }

  @Test(
    "a request followed at once by the end of sending is answered, every time, then the connection closes")
  func halfClose() throws {
    let server = try startServer()
    defer { server.process.terminate() }
    var statuses: [String: Int] = [:]
    for _ in 0..<100 {
      let client = try RawHTTPClient(port: server.port)
      client.send("GET /api/games HTTP/1.1\r\nHost: localhost\r\n\r\n")
      client.endSending()
      statuses[ParsedResponse(client.readToEnd()).status, default: 0] += 1
    }
    #expect(statuses == ["HTTP/1.1 200 OK": 100])
  }

  /// The server's resident memory, in KiB.
  func residentKilobytes(_ server: Server) throws -> Int {
    let status = try String(
      contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8)
    return Int(status.firstMatch(of: /VmRSS:\s+(\d+) kB/)!.output.1)!
  }

  @Test(
    "a client pipelining requests and never reading the answers does not grow the server; then it reads them all"
  )
  func backPressure() throws {
    let server = try startServer()
    defer { server.process.terminate() }
    _ = try RawHTTPClient.request(port: server.port, "/app.js")
    let memory = try residentKilobytes(server)
    let client = try RawHTTPClient(port: server.port)
    let request = Array("GET /app.js HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
    let all = [[UInt8]](repeating: request, count: 10_000).flatMap { $0 }
    // Sent as far as the server and the kernel take it, for 3 s at most.
    var sent = 0
    let deadline = Date().addingTimeInterval(3)
    while sent < all.count && Date() < deadline {
      let count = client.sendWithoutWaiting(all[sent...])
      if count == 0 { usleep(10_000) }
      sent += count
    }
    usleep(300_000)
    // 10,000 answers of app.js would be 50 MB; a few are kept.
    #expect(try residentKilobytes(server) - memory < 16 * 1024, "\(sent) bytes of requests taken")
    // The client reads: every request it got through is answered.
    let taken = sent / request.count
    #expect(client.count("HTTP/1.1 200 OK", upTo: taken) == taken)
  }

  @Test("thousands of spellings of one game's id are answered from one reading, not one copy each")
  func spellings() throws {
    // 100 players more, by one import.
    let players = directory.file("players.csv")
    try Data(
      ("game_id,game,player,points\n" + (1...100).map { "\(Self.game),Poker,Player \($0),\($0)\n" }.joined())
        .utf8
    ).write(to: URL(fileURLWithPath: players))
    #expect(try process.run(["import", players]).status == 0)
    let server = try startServer()
    defer { server.process.terminate() }
    let client = try RawHTTPClient(port: server.port)
    func ask(_ spelling: String) -> ParsedResponse {
      client.send("GET /api/game/\(spelling) HTTP/1.1\r\nHost: localhost\r\n\r\n")
      return ParsedResponse(client.response())
    }
    let expected = ask(Self.game)
    #expect(expected.status == "HTTP/1.1 200 OK")
    let memory = try residentKilobytes(server)
    let digits = Array(Self.game.filter { $0 != "-" })
    for length in 4...digits.count {
      for variant in 0..<100 {
        // Dashes where the variant's bits say (the id's digits have no case to vary).
        var spelling = ""
        for (index, digit) in digits.prefix(length).enumerated() {
          if index > 0 && (variant >> (index % 7)) & 1 == 1 { spelling += "-" }
          spelling.append(digit)
        }
        let response = ask(spelling)
        guard response.body == expected.body else {
          Issue.record("\(spelling): \(response.status)")
          return
        }
      }
    }
    // 2,900 spellings of a 100-player game: 40 MB when each kept a copy.
    #expect(try residentKilobytes(server) - memory < 8 * 1024)
  }
}
