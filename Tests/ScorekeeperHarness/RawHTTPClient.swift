import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A client that sends exactly the bytes it is given, as an attacker's
/// tool would, to a port on 127.0.0.1 (or another IPv4 or IPv6 loopback
/// address), and reads what comes back: for `serve`'s tests and the
/// bench's rows. Every read and every send has a deadline.
public final class RawHTTPClient {
  /// The connection could not be made.
  public struct CannotConnect: Error, CustomStringConvertible {
    public let description: String
  }

  public let socket: Int32

  /// A send that the server does not take for this long gives up.
  static let sendLimit = timeval(tv_sec: 30, tv_usec: 0)

  public init(port: Int, address host: String = "127.0.0.1") throws {
    let connected: Int32
    if host.contains(":") {
      socket = Glibc.socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = in_port_t(UInt16(port).bigEndian)
      inet_pton(AF_INET6, host, &address.sin6_addr)
      connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    } else {
      socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = in_port_t(UInt16(port).bigEndian)
      address.sin_addr.s_addr = inet_addr(host)
      connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    }
    guard connected == 0 else {
      let reason = String(cString: strerror(errno))  // (before close sets errno)
      Glibc.close(socket)
      throw CannotConnect(description: "connect to port \(port): \(reason)")
    }
    var limit = Self.sendLimit
    setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    // Each request goes out as it is written, not held for the next.
    var yes: Int32 = 1
    setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
  }

  deinit { Glibc.close(socket) }

  public func send(_ text: String) {
    send(Array(text.utf8))
  }

  public func send(_ bytes: [UInt8]) {
    var rest = bytes[...]
    while !rest.isEmpty {
      let count = rest.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard count > 0 else { return }
      rest = rest.dropFirst(count)
    }
  }

  /// Sends what the socket takes now, without waiting; how many bytes.
  public func sendWithoutWaiting(_ bytes: ArraySlice<UInt8>) -> Int {
    let count = bytes.withUnsafeBytes {
      Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
    }
    return max(0, count)
  }

  /// Says it will send nothing more (`shutdown(SHUT_WR)`); it still reads.
  public func endSending() {
    shutdown(socket, Int32(SHUT_WR))
  }

  /// What arrives until the server closes the connection, or `seconds` pass.
  public func readToEnd(within seconds: Double = 30) -> String {
    read(within: seconds) { _ in false }
  }

  /// What arrives until `done` holds for all of it so far, the server
  /// closes, or `seconds` pass.
  public func read(within seconds: Double = 30, until done: (String) -> Bool) -> String {
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

  /// How many times `marker` arrives, reading until it has `limit` times,
  /// the server closes, or `seconds` pass; what is read is counted and
  /// dropped, so megabytes of answers cost nothing here.
  public func count(_ marker: String, upTo limit: Int, within seconds: Double = 60) -> Int {
    let wanted = Array(marker.utf8)
    let deadline = Date().addingTimeInterval(seconds)
    var carried: [UInt8] = []
    var found = 0
    var buffer = [UInt8](repeating: 0, count: 65536)
    while found < limit && Date() < deadline {
      var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, 50) > 0 else { continue }
      let count = recv(socket, &buffer, buffer.count, 0)
      if count <= 0 { break }
      let bytes = Data(carried + buffer[..<count])
      // Searched with Foundation's range(of:): tens of megabytes of
      // answers, compared a byte at a time in a debug build, took longer
      // than the reading's deadline.
      var index = bytes.startIndex
      while let range = bytes.range(of: Data(wanted), in: index..<bytes.endIndex) {
        found += 1
        index = range.upperBound
      }
      // (A marker may begin at a chunk's end.)
      carried = Array(bytes[max(index, bytes.count - wanted.count + 1)...])
    }
    return found
  }

  /// `count` whole responses to pipelined requests, in the order they
  /// come (each its head and a body of its Content-Length), or as many as
  /// arrived before the server closed or `seconds` passed.
  public func responses(_ count: Int, within seconds: Double = 60) -> [String] {
    let deadline = Date().addingTimeInterval(seconds)
    var bytes: [UInt8] = []
    var start = 0
    var found: [String] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    let blank = Array("\r\n\r\n".utf8)
    while found.count < count {
      // Every whole response in what has arrived.
      while let headEnd = bytes[start...].firstRange(of: blank)?.upperBound {
        let head = String(decoding: bytes[start..<headEnd], as: UTF8.self).lowercased()
        let length = head.firstMatch(of: /content-length: (\d+)/).map { Int($0.output.1)! } ?? 0
        guard bytes.count - headEnd >= length else { break }
        found.append(String(decoding: bytes[start..<headEnd + length], as: UTF8.self))
        start = headEnd + length
      }
      guard found.count < count, Date() < deadline else { break }
      var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, 50) > 0 else { continue }
      let received = recv(socket, &buffer, buffer.count, 0)
      if received <= 0 { break }
      bytes += buffer[..<received]
    }
    return found
  }

  /// One whole response to a request already sent (its head, and a body
  /// of its Content-Length), on a connection that stays open.
  public func response(within seconds: Double = 30) -> String {
    read(within: seconds, until: Self.isWholeResponse)
  }

  /// Whether `text` holds a whole response: its head, and a body of its
  /// Content-Length (none without one).
  public static func isWholeResponse(_ text: String) -> Bool {
    guard let end = text.range(of: "\r\n\r\n") else { return false }
    let head = text[..<end.lowerBound].lowercased()
    guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
      let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
    else { return true }
    return text.utf8.count - text[..<end.upperBound].utf8.count >= length
  }

  /// Whether `text` holds an event stream's head and a whole first event
  /// (an event ends with a blank line).
  public static func hasEvent(_ text: String) -> Bool {
    text.contains("data: ") && text.hasSuffix("\n\n")
  }

  /// Sends a GET (or `method`) for `path` and reads the whole answer.
  public static func request(
    port: Int, _ path: String, method: String = "GET", headers: [String] = [], address: String = "127.0.0.1"
  ) throws -> String {
    let client = try RawHTTPClient(port: port, address: address)
    let host = address.contains(":") ? "[\(address)]" : address
    client.send(
      "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n"
        + headers.map { $0 + "\r\n" }.joined() + "\r\n")
    return client.readToEnd()
  }
}
