#if canImport(Glibc)
  import Glibc
#endif

/// This machine's loopback, as `serve` decides it (issue 44): one rule for
/// the address it listens on and for the host a request names.
///
/// A loopback address is any of 127.0.0.0/8 or ::1, however it is written
/// (`127.0.0.2`, `0:0:0:0:0:0:0:1`, `::ffff:127.0.0.1`): only this machine
/// reaches it, so `serve` listening there needs no token. It then answers
/// only requests for a loopback host (`localhost`, a name under
/// `.localhost`, or a loopback address, with any port): a web page that
/// makes its own name resolve to 127.0.0.1 (DNS rebinding) still sends
/// its own name, and is refused.
public enum Loopback {
  /// Whether `address` (an IPv4 or IPv6 literal) is a loopback address.
  public static func isAddress(_ address: String) -> Bool {
    var ipv4 = in_addr()
    if inet_pton(AF_INET, address, &ipv4) == 1 {
      return UInt32(bigEndian: ipv4.s_addr) >> 24 == 127
    }
    var ipv6 = in6_addr()
    guard inet_pton(AF_INET6, address, &ipv6) == 1 else { return false }
    let bytes = withUnsafeBytes(of: ipv6) { Array($0) }
    if bytes[..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }  // ::1
    // An IPv4-mapped address: ::ffff:127.x.x.x.
    return bytes[..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff && bytes[12] == 127
  }

  /// Whether a request's host (`Host`, or an absolute target's authority:
  /// `localhost:8080`, `[::1]:8080`) names this machine's loopback.
  public static func isAuthority(_ authority: String) -> Bool {
    var host = Substring(authority.lowercased())
    if host.hasPrefix("[") {
      guard let close = host.firstIndex(of: "]") else { return false }
      let rest = host[host.index(after: close)...]
      guard rest.isEmpty || isPort(rest.dropFirst()) && rest.hasPrefix(":") else { return false }
      return isAddress(String(host[host.index(after: host.startIndex)..<close]))
    }
    if let colon = host.lastIndex(of: ":") {
      guard isPort(host[host.index(after: colon)...]) else { return false }
      host = host[..<colon]
    }
    if host.hasSuffix(".") { host = host.dropLast() }
    return host == "localhost" || host.hasSuffix(".localhost") || isAddress(String(host))
  }

  private static func isPort(_ text: Substring) -> Bool {
    !text.isEmpty && text.count <= 5 && text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber)
  }
}
