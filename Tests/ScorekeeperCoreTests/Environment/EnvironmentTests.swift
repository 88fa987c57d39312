import Testing

@_spi(Testing) @testable import ScorekeeperCore

@Suite struct TimestampTests {
  @Test(
    "ISO 8601 round trips",
    arguments: [
      (Int64(0), "1970-01-01T00:00:00.000Z"), (1_767_225_600_000, "2026-01-01T00:00:00.000Z"),
      (951_782_400_123, "2000-02-29T00:00:00.123Z"), (-1, "1969-12-31T23:59:59.999Z"),
      (-62_135_596_800_000, "0001-01-01T00:00:00.000Z"), (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
    ])
  func roundTrip(milliseconds: Int64, text: String) throws {
    #expect(Timestamp(millisecondsSince1970: milliseconds).iso8601 == text)
    #expect(Timestamp(iso8601: text) == Timestamp(millisecondsSince1970: milliseconds))
  }

  @Test("seconds without fractions, and fractions of one or two digits, parse")
  func shortForms() {
    #expect(Timestamp(iso8601: "2026-01-01T12:00:00Z")?.iso8601 == "2026-01-01T12:00:00.000Z")
    #expect(Timestamp(iso8601: "2026-01-01T12:00:00.5Z")?.iso8601 == "2026-01-01T12:00:00.500Z")
    #expect(Timestamp(iso8601: "2026-01-01T12:00:00.05Z")?.iso8601 == "2026-01-01T12:00:00.050Z")
  }

  @Test(
    "anything else is refused",
    arguments: [
      "", "yesterday", "2026-01-01", "2026-01-01 12:00:00Z", "2026-01-01T12:00:00", "2026-13-01T00:00:00Z",
      "2026-02-29T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T12:00:00.1234Z",
      "2026-01-01T12:00:00+01:00",
    ])
  func invalid(text: String) {
    #expect(Timestamp(iso8601: text) == nil)
  }
}

@Suite struct UUIDGeneratorTests {
  @Test("incrementing counts up from its start, formatted as a UUID")
  func incrementing() throws {
    let generate = UUIDGenerator.incrementing(startingAt: 255)
    #expect(
      [try generate(), try generate()] == [
        "00000000-0000-0000-0000-0000000000ff", "00000000-0000-0000-0000-000000000100",
      ])
  }

  @Test("a 128-bit number is written as 8-4-4-4-12 lowercase hex digits, zero-padded")
  func format() {
    #expect(
      UUIDGenerator.format(high: 0x0123_4567_89ab_cdef, low: 0xfedc_ba98_7654_3210)
        == "01234567-89ab-cdef-fedc-ba9876543210")
    #expect(UUIDGenerator.format(high: 0, low: 0) == "00000000-0000-0000-0000-000000000000")
    #expect(UUIDGenerator.format(high: .max, low: .max) == "ffffffff-ffff-ffff-ffff-ffffffffffff")
  }

  @Test("live ids are version 7 UUIDs: the time they were made, in milliseconds, then random bits")
  func live() throws {
    let before = try Clock.live.now().millisecondsSince1970
    let ids = try (0..<100).map { _ in try UUIDGenerator.live() }
    let after = try Clock.live.now().millisecondsSince1970
    #expect(Set(ids).count == 100)
    for id in ids {
      let characters = Array(id)
      #expect(characters.count == 36)
      #expect([8, 13, 18, 23].allSatisfy { characters[$0] == "-" })
      #expect(characters[14] == "7")
      #expect("89ab".contains(characters[19]))
      #expect(id == id.lowercased())
      // The first 48 bits are the Unix time in milliseconds.
      let made = Int64(String(characters[0..<8] + characters[9..<13]), radix: 16)!
      #expect((before...after).contains(made), "\(id)")
      #expect(UUIDGenerator.time(ofVersion7: id) == Timestamp(millisecondsSince1970: made))
    }
  }

  @Test("a version 7 id's time is read back; an id of another version, or no id, has none")
  func version7Time() {
    #expect(
      UUIDGenerator.time(ofVersion7: "01a227dc-14df-73ed-920e-805e3507c731")
        == Timestamp(millisecondsSince1970: 1_795_965_064_415))
    #expect(UUIDGenerator.time(ofVersion7: "01A227DC-14DF-73ED-920E-805E3507C731") != nil)
    for other in [
      "00000000-0000-0000-0000-000000000001", "01a227dc-14df-43ed-920e-805e3507c731",
      "01a227dc-14df-73ed-c20e-805e3507c731", "01a227dc-14df-73ed-920e",
      "x1a227dc-14df-73ed-920e-805e3507c731",
    ] {
      #expect(UUIDGenerator.time(ofVersion7: other) == nil, "\(other)")
    }
  }

  @Test("constant and unimplemented")
  func doubles() throws {
    #expect(try UUIDGenerator.constant("x")() == "x")
    #expect(throws: UnimplementedDependencyError(name: "uuid")) { try UUIDGenerator.unimplemented() }
    #expect(throws: UnimplementedDependencyError(name: "clock")) { try Clock.unimplemented.now() }
  }
}
