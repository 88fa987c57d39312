/// One HTTP/1.x request's head, as `HTTPRequest.parse` reads it off the
/// bytes a client sent. `serve` (issue 34) answers GET and HEAD only, so a
/// request has no body it reads.
public struct HTTPRequest: Equatable, Sendable {
  public var method: String
  /// The path as sent, percent-encoding and all (never decoded: routes
  /// match the bytes, so no encoded form reaches outside them).
  public var path: String
  /// The query's parameters, decoded; the last of a name wins.
  public var query: [String: String]
  /// Header fields in order, names lowercased.
  public var headers: [(name: String, value: String)]
  /// 0 for HTTP/1.0, 1 for HTTP/1.1.
  public var minorVersion: Int
  /// The host (and port) of an absolute-form target
  /// (`GET http://host:8080/path`), which a server must accept.
  public var targetAuthority: String?

  public init(
    method: String, path: String, query: [String: String], headers: [(name: String, value: String)],
    minorVersion: Int, targetAuthority: String? = nil
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.minorVersion = minorVersion
    self.targetAuthority = targetAuthority
  }

  public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
    lhs.method == rhs.method && lhs.path == rhs.path && lhs.query == rhs.query
      && lhs.headers.elementsEqual(rhs.headers) { $0 == $1 } && lhs.minorVersion == rhs.minorVersion
      && lhs.targetAuthority == rhs.targetAuthority
  }

  /// The host the request is for, as sent: an absolute-form target's
  /// authority, which wins over `Host` (RFC 9112, 3.2.2), else `Host`;
  /// nil for an HTTP/1.0 request that names none.
  public var authority: String? {
    targetAuthority ?? header("host")
  }

  /// The first value of the header `name` (lowercase).
  public func header(_ name: String) -> String? {
    headers.first { $0.name == name }?.value
  }

  /// Whether the connection stays open after the answer: HTTP/1.1 unless
  /// the client says close, HTTP/1.0 only when it asks for keep-alive.
  public var keepsAlive: Bool {
    let connection = header("connection")?.lowercased() ?? ""
    return minorVersion >= 1 ? !connection.contains("close") : connection.contains("keep-alive")
  }

  /// The longest request line taken, in bytes (longer: 414).
  public static let requestLineLimit = 8192
  /// The most bytes of header fields taken (more: 431), and fields.
  public static let headerLimit = 16384
  public static let headerCountLimit = 100

  /// What the bytes at the start of `buffer` hold.
  public enum Parse: Equatable, Sendable {
    /// Not a whole head yet (and within the limits so far).
    case incomplete
    /// A request, whose head took `length` bytes.
    case request(HTTPRequest, length: Int)
    /// A head that cannot be served: answer with `status`, then close.
    case refused(status: Int)
  }

  /// Reads a request head (request line, header fields, empty line) from
  /// the start of `buffer`. Strict as RFC 9112 asks of a server: CRLF line
  /// ends (a lone LF is taken, as the RFC allows), no whitespace before a
  /// field's colon, no obsolete line folding, and a body refused (`serve`
  /// takes none). It reads the whole head each time: a connection calls
  /// it once a head has ended (`HeadScanner`), not at every byte.
  public static func parse(_ buffer: ArraySlice<UInt8>) -> Parse {
    let start = buffer.startIndex
    guard let lineEnd = buffer.firstIndex(of: UInt8(ascii: "\n")) else {
      return buffer.count > requestLineLimit ? .refused(status: 414) : .incomplete
    }
    guard lineEnd - start <= requestLineLimit else { return .refused(status: 414) }
    var headEnd: Int?
    var index = lineEnd + 1
    var fields: [(name: String, value: String)] = []
    while index < buffer.endIndex {
      guard let end = buffer[index...].firstIndex(of: UInt8(ascii: "\n")) else { break }
      let line = trimmed(buffer[index..<end])
      index = end + 1
      if line.isEmpty {
        headEnd = index
        break
      }
      guard let field = field(line) else { return .refused(status: 400) }
      fields.append(field)
      if fields.count > headerCountLimit { return .refused(status: 431) }
    }
    guard let headEnd else {
      return buffer.endIndex - lineEnd > headerLimit ? .refused(status: 431) : .incomplete
    }
    if headEnd - lineEnd > headerLimit { return .refused(status: 431) }
    let line = requestLine(trimmed(buffer[start..<lineEnd]))
    guard var request = line.request else { return .refused(status: line.refusal) }
    request.headers = fields
    // HTTP/1.1 requires Host, once (two could name two hosts, and a
    // server and a proxy in front of it could each believe another); a
    // body (which `serve` never takes) is refused.
    let hosts = fields.filter { $0.name == "host" }
    if (request.minorVersion >= 1 && hosts.isEmpty) || hosts.count > 1 { return .refused(status: 400) }
    if fields.contains(where: { $0.name == "transfer-encoding" })
      || fields.contains(where: { $0.name == "content-length" && $0.value != "0" })
    {
      return .refused(status: 413)
    }
    return .request(request, length: headEnd - start)
  }

  public static func parse(_ buffer: [UInt8]) -> Parse {
    parse(buffer[...])
  }

  /// "GET /path?query HTTP/1.1" (or "GET http://host/path HTTP/1.1") →
  /// a request without fields, or the status refusing it (400, or 505 for
  /// another HTTP version).
  private static func requestLine(_ line: ArraySlice<UInt8>) -> (request: HTTPRequest?, refusal: Int) {
    let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard parts.count == 3, let method = String(validating: parts[0], as: UTF8.self),
      !method.isEmpty, method.utf8.allSatisfy(isTokenByte),
      var target = String(validating: parts[1], as: UTF8.self),
      target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
    else { return (nil, 400) }
    var authority: String?
    if !target.hasPrefix("/") {
      // Absolute form: "http://" authority, then the path (or none: "/").
      guard target.lowercased().hasPrefix("http://") else { return (nil, 400) }
      let rest = target.dropFirst("http://".count)
      let end = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
      authority = String(rest[..<end])
      guard !authority!.isEmpty, !authority!.contains("@") else { return (nil, 400) }
      target = rest[end...].hasPrefix("/") ? String(rest[end...]) : "/" + rest[end...]
    }
    let minor: Int
    switch Array(parts[2]) {
    case Array("HTTP/1.1".utf8): minor = 1
    case Array("HTTP/1.0".utf8): minor = 0
    default: return (nil, parts[2].starts(with: "HTTP/".utf8) ? 505 : 400)
    }
    let question = target.firstIndex(of: "?")
    let path = String(target[..<(question ?? target.endIndex)])
    var query: [String: String] = [:]
    if let question {
      for pair in target[target.index(after: question)...].split(separator: "&") {
        let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard let name = percentDecoded(halves[0]) else { continue }
        query[name] = halves.count > 1 ? percentDecoded(halves[1]) ?? "" : ""
      }
    }
    return (
      HTTPRequest(
        method: method, path: path, query: query, headers: [], minorVersion: minor, targetAuthority: authority
      ),
      0
    )
  }

  /// "Name: value" → (lowercased name, value without surrounding blanks).
  /// A CR or NUL inside the value is refused (RFC 9110, 5.5): a CR not
  /// before the line's LF is how a split field is smuggled past a proxy.
  private static func field(_ line: ArraySlice<UInt8>) -> (name: String, value: String)? {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
      line[line.startIndex..<colon].allSatisfy(isTokenByte),
      !line[(colon + 1)...].contains(where: { $0 == 0x0d || $0 == 0 }),
      let value = String(validating: line[(colon + 1)...], as: UTF8.self)
    else { return nil }
    let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self).lowercased()
    return (name, value.trimmingBlanks)
  }

  /// A line without its CR.
  private static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    line.last == UInt8(ascii: "\r") ? line.dropLast() : line
  }

  /// RFC 9110's tchar: what a method or a field name is made of.
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }

  /// `text` with %XX decoded and + as a space; nil when malformed or not UTF-8.
  static func percentDecoded(_ text: Substring) -> String? {
    var bytes: [UInt8] = []
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
          return nil
        }
        bytes.append(high << 4 | low)
      default: bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

extension String {
  /// Without leading and trailing spaces and tabs.
  fileprivate var trimmingBlanks: String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    return String(drop(while: blank).reversed().drop(while: blank).reversed())
  }
}
