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

@Suite struct SHA256Tests {
  @Test(
    "FIPS 180-4 test vectors",
    arguments: [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
      (String(repeating: "a", count: 55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
      (String(repeating: "a", count: 56), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
      (String(repeating: "a", count: 64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
    ])
  func vectors(message: String, hash: String) {
    #expect(sha256Hex(Array(message.utf8)) == hash)
  }

  @Test("one million a's")
  func million() {
    #expect(
      sha256Hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }
}
