import ScorekeeperTestSupport
import Testing

@testable import ScorekeeperCore
@testable import ScorekeeperHTTP

/// `HTTPRequest.parse`, the request heads `serve` takes and refuses.
@Suite struct HTTPRequestTests {
  func parse(_ text: String) -> HTTPRequest.Parse {
    HTTPRequest.parse(Array(text.utf8))
  }

  @Test("a whole head: method, path, decoded query, fields lowercased and trimmed, its length")
  func wholeHead() {
    let text =
      "GET /api/game/ab-12?token=a%20b&x=1+2&x=3 HTTP/1.1\r\nHost: here\r\nIf-None-Match:  \"t\" \r\n\r\nNEXT"
    #expect(
      parse(text)
        == .request(
          HTTPRequest(
            method: "GET", path: "/api/game/ab-12", query: ["token": "a b", "x": "3"],
            headers: [("host", "here"), ("if-none-match", "\"t\"")], minorVersion: 1),
          length: text.utf8.count - 4))
  }

  @Test("pieces of a head are incomplete until the empty line; a lone LF ends lines too")
  func incomplete() {
    #expect(parse("") == .incomplete)
    #expect(parse("GET / HTT") == .incomplete)
    #expect(parse("GET / HTTP/1.1\r\nHost: x\r\n") == .incomplete)
    guard case .request(let request, let length) = parse("GET / HTTP/1.0\n\n") else {
      Issue.record("not a request")
      return
    }
    #expect(request.minorVersion == 0 && length == 16 && !request.keepsAlive)
  }

  @Test("refused heads, each with its status")
  func refused() {
    let cases: [(String, Int)] = [
      ("GARBAGE\r\n\r\n", 400), ("GET / HTTP/1.1\r\n\r\n", 400), ("GET  / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
      ("GET noslash HTTP/1.1\r\nHost: x\r\n\r\n", 400), ("G@T / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400), ("GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\n: x\r\n\r\n", 400), ("GET / HTTP/3\r\nHost: x\r\n\r\n", 505),
      ("GET / FTP/1.1\r\nHost: x\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", 413),
      ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n\r\n", 413),
      ("GET /\u{7F} HTTP/1.1\r\nHost: x\r\n\r\n", 400),
      ("GET /" + String(repeating: "a", count: 8200), 414),
      ("GET / HTTP/1.1\r\nHost: x\r\n" + String(repeating: "A: b\r\n", count: 101) + "\r\n", 431),
      ("GET / HTTP/1.1\r\nHost: x\r\nA: " + String(repeating: "b", count: 17000), 431),
      // Issue 44: two hosts, a CR or NUL inside a value, a target neither a path nor http://.
      ("GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u{0}b\r\n\r\n", 400),
      ("GET https://x/ HTTP/1.1\r\nHost: x\r\n\r\n", 400), ("GET http:///a HTTP/1.1\r\nHost: x\r\n\r\n", 400),
      ("GET http://u@x/a HTTP/1.1\r\nHost: x\r\n\r\n", 400), ("GET * HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ]
    for (text, status) in cases {
      #expect(parse(text) == .refused(status: status), "\(text.prefix(50))")
    }
  }

  @Test("keep-alive: HTTP/1.1 unless close; HTTP/1.0 only when asked")
  func keepAlive() {
    func keepsAlive(_ text: String) -> Bool? {
      guard case .request(let request, _) = parse(text) else { return nil }
      return request.keepsAlive
    }
    #expect(keepsAlive("GET / HTTP/1.1\r\nHost: x\r\n\r\n") == true)
    #expect(keepsAlive("GET / HTTP/1.1\r\nHost: x\r\nConnection: Close\r\n\r\n") == false)
    #expect(keepsAlive("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n") == true)
  }

  @Test("an absolute-form target is taken: its path and query, its authority winning over Host")
  func absoluteForm() {
    let text = "GET http://LocalHost:8080/api/games?x=1 HTTP/1.1\r\nHost: other\r\n\r\n"
    let request = HTTPRequest(
      method: "GET", path: "/api/games", query: ["x": "1"], headers: [("host", "other")], minorVersion: 1,
      targetAuthority: "LocalHost:8080")
    #expect(parse(text) == .request(request, length: text.utf8.count))
    #expect(request.authority == "LocalHost:8080")
    guard case .request(let bare, _) = parse("GET http://127.0.0.1 HTTP/1.0\r\n\r\n") else {
      Issue.record("not a request")
      return
    }
    #expect(bare.path == "/" && bare.authority == "127.0.0.1")
    guard case .request(let old, _) = parse("GET / HTTP/1.0\r\n\r\n") else {
      Issue.record("not a request")
      return
    }
    #expect(old.authority == nil)
  }
}
