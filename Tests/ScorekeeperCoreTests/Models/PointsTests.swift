import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Points with up to three decimals (issue 45): exact text both ways,
/// exact sums, and the two columns they are stored in.
@Suite struct PointsTests {
  @Test(
    "text reads back as it was written, shortest form",
    arguments: [
      ("13", 13_000), ("-3", -3000), ("13.5", 13_500), ("0.125", 125), ("-0.5", -500), ("-12.25", -12_250),
      ("0", 0), ("9223372036854775807.999", Int128(Int64.max) * 1000 + 999),
      ("-9223372036854775808", Int128(Int64.min) * 1000),
    ] as [(String, Int128)])
  func text(text: String, thousandths: Int128) throws {
    let points = try Points(parsing: text[...])
    #expect(points.thousandths == thousandths)
    #expect(points.description == text)
  }

  @Test("other spellings read as the same value, and print in the shortest form")
  func spellings() throws {
    #expect(try Points(parsing: "1.500").description == "1.5")
    #expect(try Points(parsing: ".5").description == "0.5")
    #expect(try Points(parsing: "+2").description == "2")
    #expect(try Points(parsing: "-0.0").description == "0")
    #expect(Points.withHalvesAsDecimals("½") == "0.5")
    #expect(Points.withHalvesAsDecimals("1½") == "1.5")
    #expect(Points.withHalvesAsDecimals("-½") == "-0.5")
    #expect(Points.withHalvesAsDecimals("1.5½") == "1.5½")
  }

  @Test(
    "what is not a number of points says why",
    arguments: [
      ("", PointsSyntaxError.notANumber), (".", .notANumber), ("1.", .notANumber), ("1,5", .notANumber),
      ("1e3", .notANumber), ("--1", .notANumber), ("1.2345", .tooManyDecimals), (" 1", .notANumber),
      ("9223372036854775808", .outOfRange), ("-9223372036854775809", .outOfRange),
      ("99999999999999999999999", .outOfRange),
    ])
  func refused(text: String, error: PointsSyntaxError) {
    #expect(throws: error) { try Points(parsing: text[...]) }
  }

  @Test("sums are exact: 0.1 + 0.2 is 0.3, and ten tenths are one")
  func exactSums() throws {
    let tenth = try Points(parsing: "0.1")
    #expect(tenth + (try Points(parsing: "0.2")) == (try Points(parsing: "0.3")))
    #expect((0..<10).reduce(Points.zero) { sum, _ in sum + tenth } == 1)
    #expect((Points.max + Points.max).description == "18446744073709551614")
    #expect((Points.max + Points.max).clamped == .max)
  }

  @Test(
    "stored as the whole part toward zero and the thousandths of the same sign, none when whole",
    arguments: [
      ("13.5", 13, 500), ("-3.5", -3, -500), ("-0.5", 0, -500), ("7", 7, nil), ("0.001", 0, 1),
    ] as [(String, Int64, Int64?)])
  func stored(text: String, whole: Int64, thousandths: Int64?) throws {
    let points = try Points(parsing: text[...])
    #expect(points.stored?.whole == whole && points.stored?.thousandths == thousandths)
    #expect(Points(whole: whole, thousandths: thousandths) == points)
    #expect(SQLValue.whole(points) == .integer(whole))
    #expect(SQLValue.thousandths(points) == (thousandths.map(SQLValue.integer) ?? .null))
  }

  @Test("JSON: whole numbers stay integers, others are exact decimals")
  func json() throws {
    #expect(Points(42).json == .integer(42))
    #expect(try Points(parsing: "13.5").json == .decimal("13.5"))
    #expect(try Points(parsing: "-0.125").json == .decimal("-0.125"))
    #expect(JSON.object([("score", try Points(parsing: "13.5").json)]).compactText == #"{"score":13.5}"#)
  }

  @Test("a column is as wide as its widest total: whole parts rounded down, then the most decimals")
  func shape() throws {
    let scores = try ["1.5", "-0.125", "10", "2.25"].map { try Points(parsing: $0[...]) }
    let shape = StandingsShape(playerCount: 4, scores: scores)
    #expect(shape.highestWhole == 10 && shape.lowestWhole == -1 && shape.decimals == 3)
    #expect(shape.scoreWidth == 6)
    #expect(scores.allSatisfy { $0.description.count <= shape.scoreWidth })
    #expect(StandingsShape(playerCount: 2, scores: [10, -5]).scoreWidth == 2)
  }
}
