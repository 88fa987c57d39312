/// An answer to an HTTP request: status, header fields, body. Every
/// answer `HTTPServer` sends carries the fields of `standardFields` too.
public struct HTTPResponse: Sendable {
  public var status: Int
  public var headers: [(name: String, value: String)]
  public var body: [UInt8]

  public init(status: Int, contentType: String, body: [UInt8], headers: [(name: String, value: String)] = [])
  {
    self.status = status
    self.headers = [("Content-Type", contentType)] + headers
    self.body = body
  }

  /// A short plain-text answer for an error status.
  public static func error(_ status: Int, _ message: String? = nil) -> HTTPResponse {
    HTTPResponse(
      status: status, contentType: "text/plain; charset=utf-8",
      body: Array(((message ?? reason(status)) + "\n").utf8))
  }

  /// What every answer says besides its own fields: what it is (no
  /// sniffing another type), where its page may load anything from (only
  /// this server: no inline script, no other site, no frames), that no
  /// link leaks the address (which may carry the access token), and
  /// that nothing is cached unless the answer says otherwise.
  public static let standardFields: [(name: String, value: String)] = [
    ("X-Content-Type-Options", "nosniff"),
    (
      "Content-Security-Policy",
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    ("Referrer-Policy", "no-referrer"),
  ]

  /// The answer's head as sent: status line and fields (with
  /// Content-Length and Connection); the body follows it as it is.
  func head(keepAlive: Bool) -> [UInt8] {
    var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
    var fields = headers + Self.standardFields
    if !fields.contains(where: { $0.name == "Cache-Control" }) {
      fields.append(("Cache-Control", "no-store"))
    }
    fields.append(("Content-Length", String(body.count)))
    fields.append(("Connection", keepAlive ? "keep-alive" : "close"))
    for (name, value) in fields { head += "\(name): \(value)\r\n" }
    head += "\r\n"
    return Array(head.utf8)
  }

  /// The head of an event stream (Server-Sent Events): no length, kept open.
  static func eventStreamHead() -> [UInt8] {
    var head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"
    for (name, value) in standardFields + [("Cache-Control", "no-store")] { head += "\(name): \(value)\r\n" }
    return Array((head + "\r\n").utf8)
  }

  static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 304: "Not Modified"
    case 400: "Bad Request"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 413: "Content Too Large"
    case 414: "URI Too Long"
    case 421: "Misdirected Request"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    case 505: "HTTP Version Not Supported"
    default: "Status \(status)"
    }
  }
}
