import Testing

@testable import ScorekeeperCore
@testable import ScorekeeperHTTP

/// `HeadScanner`: where a request head ends in bytes arriving piece by
/// piece, and the limits on one still arriving (issue 44).
@Suite struct HeadScannerTests {
  /// Scans `text` as it would arrive in pieces of `size` bytes; the
  /// results after each piece.
  func scan(_ text: String, pieces size: Int) -> [HeadScanner.Result] {
    let bytes = Array(text.utf8)
    var scanner = HeadScanner()
    return stride(from: size, through: bytes.count + size - 1, by: size).map {
      scanner.scan(bytes[..<min($0, bytes.count)])
    }
  }

  @Test(
    "a head ends at its empty line, whatever pieces it comes in; CRLF or a lone LF",
    arguments: [1, 2, 7, 1000])
  func ends(size: Int) {
    let head = "GET / HTTP/1.1\r\nHost: x\r\nX-A: b\r\n\r\n"
    let results = scan(head + "GET /next", pieces: size)
    let ended = results.firstIndex(of: .ended(length: head.utf8.count))
    #expect(ended != nil && results[..<ended!].allSatisfy { $0 == .incomplete }, "\(results)")
    #expect(scan("GET / HTTP/1.0\n\n", pieces: size).contains(.ended(length: 16)))
    #expect(scan("GET / HTTP/1.0\n\r\n", pieces: size).contains(.ended(length: 17)))
  }

  @Test("a head past the limits is refused while it arrives: 414 for its line, 431 for its fields")
  func limits() {
    #expect(scan("GET /" + String(repeating: "a", count: 8200), pieces: 1).last == .refused(status: 414))
    #expect(
      scan("GET / HTTP/1.1\r\nHost: x\r\nA: " + String(repeating: "b", count: 16400), pieces: 100).last
        == .refused(status: 431))
    #expect(
      scan("GET / HTTP/1.1\r\nA: " + String(repeating: "b", count: 16000), pieces: 1).last == .incomplete)
  }

  @Test("a CR inside a line ends nothing: the parser refuses it once the head has ended")
  func bareCarriageReturn() {
    #expect(scan("GET / HTTP/1.1\r\nX: a\rb\r\n\r\n", pieces: 1).last == .ended(length: 26))
  }
}
