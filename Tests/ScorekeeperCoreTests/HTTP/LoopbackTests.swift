import Testing

@testable import ScorekeeperCore
@testable import ScorekeeperHTTP

/// `Loopback`: one rule for where `serve` listens without a token and for
/// the hosts it then answers (issue 44: DNS rebinding).
@Suite struct LoopbackTests {
  @Test(
    "loopback addresses, however written",
    arguments: [
      ("127.0.0.1", true), ("127.0.0.2", true), ("127.255.255.254", true), ("::1", true),
      ("0:0:0:0:0:0:0:1", true), ("::ffff:127.0.0.1", true), ("0.0.0.0", false), ("::", false),
      ("10.0.0.1", false), ("128.0.0.1", false), ("::2", false), ("::ffff:10.0.0.1", false),
      ("localhost", false),
    ])
  func addresses(address: String, loopback: Bool) {
    #expect(Loopback.isAddress(address) == loopback)
  }

  @Test(
    "hosts a request may name on loopback: localhost and its names, loopback addresses, any port",
    arguments: [
      ("localhost", true), ("LOCALHOST:8080", true), ("localhost.", true), ("tv.localhost:80", true),
      ("127.0.0.1", true), ("127.0.0.2:8080", true), ("[::1]", true), ("[::1]:8080", true),
      ("[0:0:0:0:0:0:0:1]:1", true), ("rebind.attacker.example", false),
      ("localhost.attacker.example", false),
      ("attacker.example:8080", false), ("127.0.0.1.attacker.example", false), ("[::2]:80", false),
      ("localhost:x", false), ("[::1]x", false), ("[::1", false), ("", false), ("0.0.0.0:8080", false),
    ])
  func authorities(authority: String, loopback: Bool) {
    #expect(Loopback.isAuthority(authority) == loopback)
  }
}
