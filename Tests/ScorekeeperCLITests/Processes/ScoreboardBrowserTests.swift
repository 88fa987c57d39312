import Foundation
import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// `serve`'s page in a real browser (issue 34): headless Chromium loads
/// it, a score made with the CLI changes the page in place (through its
/// event stream, not a reload), a finished game shows its winner, and a
/// 1920×1080 screenshot shows the standings.
@Suite(.tags(.process, .browser), .runAsTagged(hardTimeLimit: 120)) struct ScoreboardBrowserTests {
  let serve: ServeProcessTests

  init() throws {
    serve = try ServeProcessTests()
  }

  /// The standings as the page's list shows them: each row's text.
  static let standings =
    "Array.from(document.querySelectorAll('#standings li')).map(li => li.textContent).join('|')"

  @Test("a score changes the page in place; the winner's banner; a screenshot that shows the standings")
  func browser() throws {
    guard HeadlessBrowser.isInstalled else {
      // make test installs it; anywhere else the test says why it did nothing.
      if ProcessInfo.processInfo.environment["CI"] == "true" { Issue.record("chromium is not installed") }
      return
    }
    let server = try serve.startServer()
    defer { server.process.terminate() }
    let browser = try HeadlessBrowser(directory: serve.directory)
    defer { browser.close() }
    try browser.open(server.url + "game/" + ServeProcessTests.game)
    let first = try browser.evaluate(Self.standings) { ($0 as? String)?.isEmpty == false }
    // The name as typed, markup and all, as text.
    #expect(first as? String == "1Ann3|2<b>Bob</b>0")
    #expect(try browser.evaluate("document.getElementById('connection').textContent") as? String == "live")
    // Ann's photo, loaded from the server (the policy allows it).
    #expect(
      try browser.evaluate("document.querySelector('#standings img').naturalWidth") {
        $0 as? Int == DemoPhoto.size
      }
        as? Int == DemoPhoto.size)
    // A mark on the page that a reload would drop: the change must come in place.
    _ = try browser.evaluate("document.body.dataset.mark = 'kept'")
    #expect(try serve.process.run(["score", "Poker", "<b>Bob</b>", "+7"]).status == 0)
    let changed = try browser.evaluate(Self.standings) { ($0 as? String)?.hasPrefix("1<b>Bob</b>7") == true }
    #expect(changed as? String == "1<b>Bob</b>7|2Ann3")
    #expect(try browser.evaluate("document.body.dataset.mark") as? String == "kept")
    #expect(try serve.process.run(["finish", "Poker"]).status == 0)
    let banner = try browser.evaluate("document.getElementById('banner').hidden ? '' : banner.textContent") {
      ($0 as? String)?.isEmpty == false
    }
    #expect(banner as? String == "<b>Bob</b> wins!")
    #expect(try browser.evaluate("document.getElementById('state').textContent") as? String == "Finished")
    let shot = try browser.screenshot()
    let screenshot = serve.directory.file("board.png")
    try Data(shot).write(to: URL(fileURLWithPath: screenshot))
    // Read by a PNG decoder that is not ours (Python's zlib, and the
    // PNG filters undone): its size, and how much of it is not the
    // page's background (text and photo): a blank page has none.
    let measured = try serve.process.startShell(
      #"exec python3 "$1" "$2""#, name: "png", arguments: [Self.pngScript(in: serve.directory), screenshot])()
    let fields = measured.stdout.split(separator: " ").compactMap {
      Double($0.trimmingCharacters(in: .newlines))
    }
    #expect(fields.count == 3 && fields[0] == 1920 && fields[1] == 1080, "\(measured)")
    #expect(fields.count == 3 && fields[2] > 0.005 && fields[2] < 0.6, "\(measured)")
  }

  /// A script printing a PNG's width, height, and the share of its pixels
  /// unlike the top-left one (the background).
  static func pngScript(in directory: TemporaryDirectory) throws -> String {
    let path = directory.file("png.py")
    try """
    import struct, sys, zlib
    data = open(sys.argv[1], "rb").read()
    assert data[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    assert depth == 8 and color in (2, 6)
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1: line[x] = (line[x] + a) & 255
            elif kind == 2: line[x] = (line[x] + b) & 255
            elif kind == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        previous = line
    background = bytes(rows[0][:3])
    other = sum(1 for row in rows for x in range(0, stride, channels) if bytes(row[x:x + 3]) != background)
    print(width, height, other / (width * height))
    """.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }
}

extension ScoreboardBrowserTests {
  @Test(
    "teams, rules and changes outside the rounds on the page; the games list updates itself, in progress first"
  )
  func teamsRulesAndGames() throws {
    guard HeadlessBrowser.isInstalled else {
      if ProcessInfo.processInfo.environment["CI"] == "true" { Issue.record("chromium is not installed") }
      return
    }
    for arguments in [
      ["add-game", "Spades", "--target", "100"], ["add-player", "Spades", "Ann", "--team", "Kids"],
      ["add-player", "Spades", "Bob", "--team", "Kids"],
      ["add-player", "Spades", "Cy", "--team", "Grown-ups"],
      ["round", "Spades", "Ann=10", "Bob=20", "Cy=5"], ["score", "Spades", "Cy", "+3"],
      ["add-game", "Chess"], ["finish", "Poker"],
    ] {
      let result = try serve.process.run(arguments)
      guard result.status == 0 else { throw SetUpFailure("\(arguments): \(result)") }
    }
    let server = try serve.startServer()
    defer { server.process.terminate() }
    let browser = try HeadlessBrowser(directory: serve.directory)
    defer { browser.close() }
    try browser.open(server.url)
    let games = "Array.from(document.querySelectorAll('ul.games li')).map(li => li.textContent).join('|')"
    let listed = try browser.evaluate(games) { ($0 as? String)?.isEmpty == false }
    #expect(
      listed as? String == "Chess 0 players in progress|Spades 3 players in progress|Poker 2 players finished"
    )
    #expect(try serve.process.run(["add-game", "Catan"]).status == 0)
    #expect(try serve.process.run(["finish", "Chess"]).status == 0)
    let updated = try browser.evaluate(games) { ($0 as? String)?.hasPrefix("Catan") == true }
    #expect(
      updated as? String
        == "Catan 0 players in progress|Spades 3 players in progress|Chess 0 players finished|Poker 2 players finished"
    )
    let spades = try #require(
      serve.process.run(["list", "--json"]).stdout.firstMatch(of: /"id": "([0-9a-f-]+)", "title": "Spades"/)
        .map { String($0.output.1) })
    try browser.open(server.url + "game/" + spades)
    let rows = { (selector: String) in
      "Array.from(document.querySelectorAll('\(selector)')).map(r => Array.from(r.children)"
        + ".map(c => c.textContent).join(' ')).join('|')"
    }
    let teams = try browser.evaluate(rows("#teams li")) { ($0 as? String)?.isEmpty == false }
    #expect(teams as? String == "1 Kids Ann, Bob 30|2 Grown-ups Cy 8")
    #expect(
      try browser.evaluate("document.getElementById('state').textContent") as? String
        == "In progress · round 1 · ends at 100")
    // Cy's 3 outside the rounds is a row of the sheet: the columns add up.
    #expect(
      try browser.evaluate(rows("#sheet tr")) as? String
        == "Round Ann Bob Cy|1 10 20 5|score   +3|Total 10 20 8")
    // The chart under the standings: a line a player through 0, round 1 and
    // Cy's score; a round played now extends every line, live.
    let chart =
      "Array.from(document.querySelectorAll('#chart polyline')).map(p => p.getAttribute('points')"
      + ".split(' ').length).join(',')"
    #expect(try browser.evaluate(chart) as? String == "3,3,3")
    #expect(try serve.process.run(["round", "Spades", "Ann=1"]).status == 0)
    #expect(try browser.evaluate(chart) { ($0 as? String) == "4,4,4" } as? String == "4,4,4")
  }
}

extension ScoreboardBrowserTests {
  @Test(
    "a countdown on the page: its rules, one start row, a named round, a bust marked as the sheet marks it")
  func countdown() throws {
    guard HeadlessBrowser.isInstalled else {
      if ProcessInfo.processInfo.environment["CI"] == "true" { Issue.record("chromium is not installed") }
      return
    }
    for arguments in [
      ["add-game", "Darts", "--start", "501", "--lowest-wins", "--target", "0", "--bust"],
      ["add-player", "Darts", "Ann"], ["add-player", "Darts", "Bob"],
      ["round", "Darts", "Ann=-180", "Bob=-140", "--name", "Opening"],
      ["round", "Darts", "Ann=-400", "Bob=-100"],
      ["score", "Darts", "Bob", "-261"],
    ] {
      let result = try serve.process.run(arguments)
      guard result.status == 0 else { throw SetUpFailure("\(arguments): \(result)") }
    }
    let server = try serve.startServer()
    defer { server.process.terminate() }
    let browser = try HeadlessBrowser(directory: serve.directory)
    defer { browser.close() }
    let darts = try #require(
      serve.process.run(["list", "--json"]).stdout.firstMatch(of: /"id": "([0-9a-f-]+)", "title": "Darts"/)
        .map { String($0.output.1) })
    try browser.open(server.url + "game/" + darts)
    let rows =
      "Array.from(document.querySelectorAll('#sheet tr')).map(r => Array.from(r.children)"
      + ".map(c => c.textContent).join(' ')).join('|')"
    let sheet = try browser.evaluate(rows) { ($0 as? String)?.isEmpty == false }
    #expect(
      sheet as? String
        == "Round Ann Bob|start +501 +501|Opening -180 -140|2 -400! -100|score  -261|Total 321 0")
    // The chart agrees: Ann's bust adds nothing (321 after the opening and
    // after round 2), Bob ends at 0, the bottom of the chart (y 290).
    let heights =
      "Array.from(document.querySelectorAll('#chart polyline')).map(p => p.getAttribute('points').split(' ')"
      + ".map(q => Math.round(Number(q.split(',')[1]))).join('/')).join(' ')"
    let top = Int((290 - 280 * 501.0 / 501).rounded()), ann = Int((290 - 280 * 321.0 / 501).rounded())
    let bob = Int((290 - 280 * 361.0 / 501).rounded())
    #expect(
      try browser.evaluate(heights) as? String
        == "290/\(top)/\(ann)/\(ann)/\(ann) 290/\(top)/\(bob)/\(Int((290 - 280 * 261.0 / 501).rounded()))/290"
    )
    #expect(
      try browser.evaluate("document.getElementById('state').textContent") as? String
        == "Finished · round 2 · lowest wins · starts at 501 · ends at exactly 0")
  }
}
