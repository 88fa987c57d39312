/// libpq's two forms of connection string, read as libpq 15 reads them
/// (fe-connect.c: `conninfo_parse`, `conninfo_uri_parse_options`,
/// `conninfo_uri_parse_params`, `conninfo_uri_decode`), step for step and
/// with its messages: `key=value` pairs, and `postgresql://` URIs. It works
/// on bytes, as libpq does.
struct PGConnectionStringParser {
  private let text: String
  private let bytes: [UInt8]
  private var position = 0

  init(_ text: String) {
    self.text = text
    bytes = Array(text.utf8)
  }

  /// The settings given, in the order given (a URI's hosts and ports each
  /// joined with commas, as libpq keeps them).
  mutating func settings() throws -> [(key: String, value: String)] {
    for prefix in ["postgresql://", "postgres://"] where text.hasPrefix(prefix) {
      position = prefix.utf8.count
      return try uri()
    }
    return try pairs()
  }

  private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

  private static func isSpace(_ byte: UInt8?) -> Bool {
    guard let byte else { return false }
    return byte == 0x20 || (0x09...0x0d).contains(byte)
  }

  private func string(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  // MARK: key=value

  private mutating func pairs() throws -> [(key: String, value: String)] {
    var settings: [(key: String, value: String)] = []
    while current != nil {
      if Self.isSpace(current) {
        position += 1
        continue
      }
      let nameStart = position
      while let byte = current, byte != UInt8(ascii: "="), !Self.isSpace(byte) { position += 1 }
      let name = string(nameStart..<position)
      while Self.isSpace(current) { position += 1 }
      guard current == UInt8(ascii: "=") else {
        throw PGError(message: "missing \"=\" after \"\(name)\" in connection info string")
      }
      position += 1
      while Self.isSpace(current) { position += 1 }
      let value = try self.value()
      settings.append(try Self.stored(name, value))
    }
    return settings
  }

  /// A value: up to the next space, or quoted in '…'; a backslash takes
  /// the next byte as it is, in both.
  private mutating func value() throws -> String {
    var value: [UInt8] = []
    let quoted = current == UInt8(ascii: "'")
    if quoted { position += 1 }
    while true {
      guard let byte = current else {
        if quoted { throw PGError(message: "unterminated quoted string in connection info string") }
        break
      }
      position += 1
      if byte == UInt8(ascii: "\\") {
        if let next = current {
          value.append(next)
          position += 1
        }
      } else if quoted ? byte == UInt8(ascii: "'") : Self.isSpace(byte) {
        break
      } else {
        value.append(byte)
      }
    }
    return String(decoding: value, as: UTF8.self)
  }

  /// A setting as libpq stores it: a known keyword, `requiressl` read as
  /// the `sslmode` it stands for (libpq 15).
  private static func stored(_ key: String, _ value: String) throws -> (key: String, value: String) {
    if key == "requiressl" { return ("sslmode", value.hasPrefix("1") ? "require" : "prefer") }
    guard PGConnectionString.keywords.contains(key) else {
      throw PGError(message: "invalid connection option \"\(key)\"")
    }
    return (key, value)
  }

  // MARK: URIs

  /// `[user[:password]@][host[:port][,…]][/dbname][?key=value&…]`, each
  /// part percent-encoded.
  private mutating func uri() throws -> [(key: String, value: String)] {
    var settings: [(key: String, value: String)] = []
    let start = position
    // Credentials, when an "@" comes before any "/".
    var end = start
    while end < bytes.count, bytes[end] != UInt8(ascii: "@"), bytes[end] != UInt8(ascii: "/") { end += 1 }
    if end < bytes.count, bytes[end] == UInt8(ascii: "@") {
      var cut = start
      while bytes[cut] != UInt8(ascii: ":") && bytes[cut] != UInt8(ascii: "@") { cut += 1 }
      if cut > start { settings.append(("user", try decoded(start..<cut))) }
      if bytes[cut] == UInt8(ascii: ":") {
        let passwordStart = cut + 1
        cut = passwordStart
        while bytes[cut] != UInt8(ascii: "@") { cut += 1 }
        if cut > passwordStart { settings.append(("password", try decoded(passwordStart..<cut))) }
      }
      position = cut + 1
    }
    // Hosts and ports, comma-separated.
    var hosts: [UInt8] = []
    var ports: [UInt8] = []
    var terminator: UInt8?
    while true {
      var hostRange: Range<Int>
      if current == UInt8(ascii: "[") {
        let hostStart = position + 1
        position = hostStart
        while let byte = current, byte != UInt8(ascii: "]") { position += 1 }
        guard current != nil else {
          throw PGError(
            message: "end of string reached when looking for matching \"]\" in IPv6 host address in URI: "
              + "\"\(text)\"")
        }
        guard position > hostStart else {
          throw PGError(message: "IPv6 host address may not be empty in URI: \"\(text)\"")
        }
        hostRange = hostStart..<position
        position += 1
        if let byte = current, !":/?,".utf8.contains(byte) {
          throw PGError(
            message:
              "unexpected character \"\(Character(UnicodeScalar(byte)))\" at position \(position + 1) in "
              + "URI (expected \":\" or \"/\"): \"\(text)\"")
        }
      } else {
        let hostStart = position
        while let byte = current, !":/?,".utf8.contains(byte) { position += 1 }
        hostRange = hostStart..<position
      }
      hosts += bytes[hostRange]
      terminator = current
      if current == UInt8(ascii: ":") {
        position += 1
        let portStart = position
        while let byte = current, !"/?,".utf8.contains(byte) { position += 1 }
        ports += bytes[portStart..<position]
        terminator = current
      }
      guard terminator == UInt8(ascii: ",") else { break }
      position += 1
      hosts.append(UInt8(ascii: ","))
      ports.append(UInt8(ascii: ","))
    }
    if !hosts.isEmpty { settings.append(("host", try decoded(hosts))) }
    if !ports.isEmpty { settings.append(("port", try decoded(ports))) }
    // The database, after a "/".
    if let byte = terminator, byte != UInt8(ascii: "?") {
      position += 1
      let databaseStart = position
      while let byte = current, byte != UInt8(ascii: "?") { position += 1 }
      if position > databaseStart { settings.append(("dbname", try decoded(databaseStart..<position))) }
      terminator = current
    }
    if terminator != nil {
      position += 1
      settings += try parameters()
    }
    return settings
  }

  /// `key=value&…` after the "?".
  private mutating func parameters() throws -> [(key: String, value: String)] {
    var settings: [(key: String, value: String)] = []
    while current != nil {
      let keyStart = position
      var equals: Int?
      while let byte = current, byte != UInt8(ascii: "&") {
        if byte == UInt8(ascii: "=") {
          // (libpq names the key as cut at the first "=".)
          if let first = equals {
            throw PGError(
              message:
                "extra key/value separator \"=\" in URI query parameter: \"\(string(keyStart..<first))\"")
          }
          equals = position
        }
        position += 1
      }
      guard let equals else {
        throw PGError(
          message:
            "missing key/value separator \"=\" in URI query parameter: \"\(string(keyStart..<position))\"")
      }
      var key = try decoded(keyStart..<equals)
      var value = try decoded(equals + 1..<position)
      if current != nil { position += 1 }
      if key == "ssl" && value == "true" { (key, value) = ("sslmode", "require") }
      guard key == "requiressl" || PGConnectionString.keywords.contains(key) else {
        throw PGError(message: "invalid URI query parameter: \"\(key)\"")
      }
      settings.append(try Self.stored(key, value))
    }
    return settings
  }

  private func decoded(_ range: Range<Int>) throws -> String {
    try decoded(Array(bytes[range]))
  }

  /// `%XX` escapes decoded; a bad one, or %00, refused.
  private func decoded(_ part: [UInt8]) throws -> String {
    var bytes: [UInt8] = []
    var index = 0
    while index < part.count {
      guard part[index] == UInt8(ascii: "%") else {
        bytes.append(part[index])
        index += 1
        continue
      }
      func hex(_ at: Int) -> UInt8? {
        guard at < part.count else { return nil }
        return UInt8(String(UnicodeScalar(part[at])), radix: 16)
      }
      guard let high = hex(index + 1), let low = hex(index + 2) else {
        throw PGError(message: "invalid percent-encoded token: \"\(String(decoding: part, as: UTF8.self))\"")
      }
      guard high << 4 | low != 0 else {
        throw PGError(
          message:
            "forbidden value %00 in percent-encoded value: \"\(String(decoding: part, as: UTF8.self))\"")
      }
      bytes.append(high << 4 | low)
      index += 3
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension PGConnectionString {
  /// The keywords libpq knows, in the order it lists them (libpq 15's,
  /// then those later versions added, which a newer libpq will use).
  static let keywords = [
    "service", "user", "password", "passfile", "channel_binding", "connect_timeout", "dbname", "host",
    "hostaddr", "port", "client_encoding", "options", "application_name", "fallback_application_name",
    "keepalives", "keepalives_idle", "keepalives_interval", "keepalives_count", "tcp_user_timeout", "sslmode",
    "sslcompression", "sslcert", "sslkey", "sslpassword", "sslrootcert", "sslcrl", "sslcrldir", "sslsni",
    "requirepeer", "ssl_min_protocol_version", "ssl_max_protocol_version", "gssencmode", "krbsrvname",
    "gsslib", "replication", "target_session_attrs",
    // libpq 16 and 17.
    "require_auth", "sslcertmode", "gssdelegation", "load_balance_hosts", "sslnegotiation",
  ]
}
