import ScorekeeperSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Why `serve` could not listen where it was asked to.
public struct ListenError: Error, Equatable, Sendable, CustomStringConvertible {
  public let address: String
  public let port: Int
  public let reason: String
  /// The system's error number, when the system refused (EADDRINUSE, EACCES…).
  public var code: Int32? = nil

  /// Another listener holds the port.
  public var portInUse: Bool { code == EADDRINUSE }
  /// A port below 1024 needs privileges this process lacks.
  public var portNeedsPrivileges: Bool { code == EACCES }

  public var description: String {
    "Cannot listen on \(quote(address)), port \(port): \(reason)."
  }
}

extension HTTPServer {
  /// A non-blocking socket listening on `address` (IPv4 or IPv6 literal)
  /// and `port`, and the port it got (`port` 0: one the system chose).
  static func listen(address: String, port: Int) throws -> (socket: Int32, port: Int) {
    func failure(_ reason: String, code: Int32? = nil) -> ListenError {
      ListenError(address: address, port: port, reason: reason, code: code)
    }
    guard (0...65535).contains(port) else { throw failure("a port is a number from 0 to 65535") }
    var storage = sockaddr_storage()
    let family: Int32
    let length: Int
    if address.contains(":") {
      var ipv6 = sockaddr_in6()
      guard inet_pton(AF_INET6, address, &ipv6.sin6_addr) == 1 else { throw failure("not an IPv6 address") }
      ipv6.sin6_family = sa_family_t(AF_INET6)
      ipv6.sin6_port = in_port_t(UInt16(port).bigEndian)
      withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: ipv6, as: sockaddr_in6.self) }
      (family, length) = (AF_INET6, MemoryLayout<sockaddr_in6>.size)
    } else {
      var ipv4 = sockaddr_in()
      guard inet_pton(AF_INET, address, &ipv4.sin_addr) == 1 else {
        throw failure("not an IPv4 address (give an address such as 0.0.0.0 or ::, not a host name)")
      }
      ipv4.sin_family = sa_family_t(AF_INET)
      ipv4.sin_port = in_port_t(UInt16(port).bigEndian)
      withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: ipv4, as: sockaddr_in.self) }
      (family, length) = (AF_INET, MemoryLayout<sockaddr_in>.size)
    }
    let socket = Glibc.socket(
      family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { throw failure(String(cString: strerror(errno)), code: errno) }
    var yes: Int32 = 1
    setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    let bound = withUnsafePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(length)) }
    }
    guard bound == 0, Glibc.listen(socket, 1024) == 0 else {
      let code = errno
      _ = Glibc.close(socket)
      throw failure(String(cString: strerror(code)), code: code)
    }
    var actual = sockaddr_storage()
    var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &actualLength) }
    }
    let networkPort = withUnsafeBytes(of: &actual) { bytes in
      family == AF_INET6
        ? bytes.load(as: sockaddr_in6.self).sin6_port : bytes.load(as: sockaddr_in.self).sin_port
    }
    return (socket, Int(UInt16(bigEndian: networkPort)))
  }

  /// Raises the soft limit on open descriptors to the hard one (at most
  /// 65,536), so that many clients can be served; returns the limit.
  static func raiseDescriptorLimit() -> Int {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
    let wanted = min(limit.rlim_max, 65536)
    if limit.rlim_cur < wanted {
      limit.rlim_cur = wanted
      _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
      _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
    return Int(limit.rlim_cur)
  }
}
