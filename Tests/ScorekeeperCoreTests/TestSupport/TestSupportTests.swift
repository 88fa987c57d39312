import ScorekeeperTestSupport
import Testing

/// The helpers other tests trust must themselves be right.
@Suite struct LineDiffTests {
  @Test("identical, inserted, removed, replaced")
  func diffs() {
    #expect(lineDiff(expected: ["a", "b"], actual: ["a", "b"]) == [.common("a"), .common("b")])
    #expect(
      lineDiff(expected: ["a", "c"], actual: ["a", "b", "c"]) == [.common("a"), .added("b"), .common("c")])
    #expect(
      lineDiff(expected: ["a", "b", "c"], actual: ["a", "c"]) == [.common("a"), .removed("b"), .common("c")])
    #expect(
      lineDiff(expected: ["a", "b", "c"], actual: ["a", "x", "c"]) == [
        .common("a"), .removed("b"), .added("x"), .common("c"),
      ])
    #expect(lineDiff(expected: [], actual: ["x"]) == [.added("x")])
    #expect(lineDiff(expected: ["x"], actual: []) == [.removed("x")])
  }

  @Test("rendering keeps a little context and elides the rest")
  func rendering() {
    let expected = (1...10).map(String.init)
    var actual = expected
    actual[4] = "five"
    #expect(
      renderDiff(lineDiff(expected: expected, actual: actual), context: 1) == """
          …
          4
        − 5
        + five
          6
          …
        """)
  }
}

@Suite struct DifferenceTests {
  struct Player: Equatable {
    var name: String
    var score: Int64
    var tags: [String]
    var note: String?
  }

  @Test("a dump puts one field per line, strings quoted and escaped")
  func dump() {
    #expect(
      customDump(Player(name: "A \"b\"\n", score: -1, tags: ["x"], note: nil)) == """
        Player(
          name: "A \\"b\\"\\n",
          score: -1,
          tags: [
            [0]: "x"
          ],
          note: nil
        )
        """)
    #expect(customDump(["b": 2, "a": 1]) == "[\n  \"a\": 1,\n  \"b\": 2\n]")
    #expect(customDump(Set([3, 1, 2])) == "Set([\n  1,\n  2,\n  3\n])")
    #expect(customDump([Int]()) == "[]")
    #expect(customDump("one\ntwo\n") == "\"\"\"\none\ntwo\n\n\"\"\"")
  }

  @Test("equal values have no difference; unequal ones show − and + lines")
  func difference() {
    let alice = Player(name: "Alice", score: 12, tags: [], note: nil)
    var alicia = alice
    alicia.name = "Alicia"
    #expect(ScorekeeperTestSupport.difference(alice, alice) == nil)
    #expect(
      ScorekeeperTestSupport.difference(alice, alicia) == """
        Difference: − expected, + actual
          Player(
        −   name: "Alice",
        +   name: "Alicia",
            score: 12,
            tags: [],
            note: nil
          )
        """)
  }

  @Test("expectNoDifference records the difference as the issue's comment")
  func recordsIssue() {
    let alice = Player(name: "Alice", score: 12, tags: [], note: nil)
    let bob = Player(name: "Alice", score: 13, tags: [], note: nil)
    withKnownIssue {
      expectNoDifference(alice, bob)
    } matching: { issue in
      issue.comments.map(\.rawValue) == [ScorekeeperTestSupport.difference(alice, bob)!]
    }
    expectNoDifference(alice, alice)
  }
}
