import Foundation
import ScorekeeperTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A client that sends exactly the bytes a test gives, as an attacker's
/// tool would, to a port on 127.0.0.1, and reads what comes back: for
/// `serve`'s tests. Every read has a deadline.
final class RawHTTPClient {
  let socket: Int32

  init(port: Int) throws {
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      Glibc.close(socket)
      throw SetUpFailure("connect to port \(port): \(String(cString: strerror(errno)))")
    }
  }

  deinit { Glibc.close(socket) }

  func send(_ text: String) {
    send(Array(text.utf8))
  }

  func send(_ bytes: [UInt8]) {
    var rest = bytes[...]
    while !rest.isEmpty {
      let count = rest.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard count > 0 else { return }
      rest = rest.dropFirst(count)
    }
  }

  /// What arrives until the server closes the connection, or `seconds` pass.
  func readToEnd(within seconds: Double = 30) -> String {
    read(within: seconds) { _ in false }
  }

  /// What arrives until `done` holds for all of it so far, the server
  /// closes, or `seconds` pass.
  func read(within seconds: Double = 30, until done: (String) -> Bool) -> String {
    let deadline = Date().addingTimeInterval(seconds)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while Date() < deadline {
      var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, 50) > 0 else { continue }
      let count = recv(socket, &buffer, buffer.count, 0)
      if count <= 0 { break }
      bytes += buffer[..<count]
      if done(String(decoding: bytes, as: UTF8.self)) { break }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// One whole response to a request already sent (its head, and a body
  /// of its Content-Length), on a connection that stays open.
  func response(within seconds: Double = 30) -> String {
    read(within: seconds) { text in
      guard let end = text.range(of: "\r\n\r\n") else { return false }
      let head = text[..<end.lowerBound].lowercased()
      guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
        let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
      else { return true }
      return text.utf8.count - text[..<end.upperBound].utf8.count >= length
    }
  }

  /// Sends a GET (or `method`) for `path` and reads the whole answer.
  static func request(
    port: Int, _ path: String, method: String = "GET", headers: [String] = []
  ) throws -> String {
    let client = try RawHTTPClient(port: port)
    client.send(
      "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        + headers.map { $0 + "\r\n" }.joined() + "\r\n")
    return client.readToEnd()
  }
}

/// A response split into its status line, fields and body.
struct ParsedResponse: Equatable {
  var status: String
  var fields: [String]
  var body: String

  init(_ text: String) {
    let parts = text.components(separatedBy: "\r\n\r\n")
    let head = parts[0].components(separatedBy: "\r\n")
    status = head[0]
    fields = Array(head.dropFirst())
    body = parts.dropFirst().joined(separator: "\r\n\r\n")
  }

  func field(_ name: String) -> String? {
    fields.first { $0.lowercased().hasPrefix(name.lowercased() + ":") }.map {
      String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces)
    }
  }
}
