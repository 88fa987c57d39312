import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

@testable import scorekeeper

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `chart --svg`: the document parses as XML, holds a line a player whose
/// points follow the totals, and shows names as text, never markup.
@Suite struct ChartSVGTests {
  /// Each element's name and attributes, and the text inside `text` elements.
  final class Collector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var texts: [String] = []
    private var inText = false

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      elements.append((name, attributes))
      if name == "text" {
        inText = true
        texts.append("")
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if inText { texts[texts.count - 1] += string }
    }

    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
    ) {
      if name == "text" { inText = false }
    }
  }

  @Test("the SVG parses; a polyline a player through every total; names with markup in them are only text")
  func parses() throws {
    let test = try TestStore()
    let store = test.store
    _ = try store.addGame(title: "Tom & Jerry's <game>")
    for name in ["<b>Ann</b>", "Bob & \"Co\""] {
      _ = try store.addPlayer(to: "Tom & Jerry's <game>", name: name)
    }
    _ = try store.addRound(in: "Tom & Jerry's <game>", [("<b>Ann</b>", 10), ("Bob & \"Co\"", -5)])
    _ = try store.addRound(in: "Tom & Jerry's <game>", [("<b>Ann</b>", 5)], name: "Bonus <x>")
    let svg = ChartSVG.document(try store.chart(of: "Tom & Jerry's <game>"), width: 800, height: 400)
    let parser = XMLParser(data: Data(svg.utf8))
    let collector = Collector()
    parser.delegate = collector
    #expect(parser.parse(), "\(parser.parserError.map(String.init(describing:)) ?? "")")
    #expect(collector.elements.first?.name == "svg")
    #expect(collector.elements.first?.attributes["viewBox"] == "0 0 800 400")
    let lines = collector.elements.filter { $0.name == "polyline" }
    #expect(lines.count == 2)
    // Three points each (0, then after each round), across the 720 pixels between the margins.
    let points = lines.map {
      ($0.attributes["points"] ?? "").split(separator: " ").map { $0.split(separator: ",") }
    }
    #expect(points.map(\.count) == [3, 3])
    #expect(points.allSatisfy { $0.map { Double($0[0])! } == [60, 420, 780] })
    // From -5 (the bottom, y 340) to 15 (the top, y 40): Ann 0, 10, 15;
    // Bob 0, -5, -5.
    #expect(points.map { $0.map { Double($0[1])! } } == [[265, 115, 40], [265, 340, 340]])
    #expect(collector.texts.contains("<b>Ann</b> 15"))
    #expect(collector.texts.contains("Bob & \"Co\" -5"))
    #expect(collector.texts.contains("Bonus <x>"))
    #expect(collector.texts.contains("Tom & Jerry's <game>"))
    #expect(!collector.elements.contains { $0.name == "b" || $0.name == "x" || $0.name == "game" })
  }
}

/// `chart` in the terminal, on games a random test found: every total the
/// same (the axis has one value) draws, and says so, rather than crash.
@Suite struct ChartTextTests {
  @Test("a chart whose totals are all 0 draws one flat line a player on the zero axis")
  func flat() throws {
    let test = try TestStore()
    _ = try test.store.addGame(title: "Poker")
    for name in ["Ann", "Bob"] { _ = try test.store.addPlayer(to: "Poker", name: name) }
    _ = try test.store.addRound(in: "Poker", [("Ann", 0)])
    let output = Output.memory()
    ChartText(chart: try test.store.chart(of: "Poker"), width: 24, height: 3, ascii: true).print(to: output)
    #expect(
      output.text == """
        Poker: totals after each step
          |
          |
        0 +#####################
          +---------------------
           0                   1
        * Ann 0  # Bob 0

        """)
  }
}
