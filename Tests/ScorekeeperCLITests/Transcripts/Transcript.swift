/// A golden transcript: a CLI session written down as it should happen.
///
/// The format reads like a terminal session:
///
///     # Comments explain the scenario. A blank line ends a step's output
///     # when a comment follows.
///     $ scorekeeper add-game "Family gin rummy"
///     Added game "Family gin rummy" (0000…0001)
///     $ scorekeeper score "family gin rummy" Nobody +1
///     [stderr] No player named "Nobody" in "Family gin rummy".
///     [exit 1]
///
/// A step is a `$ ` line (run by /bin/sh) followed by what it printed:
/// stdout lines as they are, then stderr lines prefixed `[stderr] `, then
/// `[exit N]` when the status is not 0. Output that does not end with a
/// newline gets a `[no newline]` marker line.
///
/// Transcripts of syncing also run against a live server (`liveSteps`),
/// except the steps under a comment marked `[mock only]` or `[mock only:
/// why]` (those about the mock cloud's file itself), up to the next comment.
struct Transcript: Equatable {
  enum Element: Equatable {
    /// Comment and blank lines between steps, kept as written.
    case text([String])
    case step(command: String, output: [String])
  }

  var elements: [Element]

  init(elements: [Element]) {
    self.elements = elements
  }

  init(parsing text: String) {
    var elements: [Element] = []
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    for line in lines {
      if line.hasPrefix("$ ") {
        elements.append(.step(command: String(line.dropFirst(2)), output: []))
        continue
      }
      switch elements.last {
      case .step(let command, var output):
        if line.hasPrefix("#"), output.last == "" {
          // The blank line before a comment separates; it is not output.
          output.removeLast()
          elements[elements.count - 1] = .step(command: command, output: output)
          elements.append(.text([line]))
        } else {
          output.append(line)
          elements[elements.count - 1] = .step(command: command, output: output)
        }
      case .text(var text):
        text.append(line)
        elements[elements.count - 1] = .text(text)
      case nil:
        elements.append(.text([line]))
      }
    }
    self.elements = elements
  }

  var commands: [String] {
    elements.compactMap { if case .step(let command, _) = $0 { command } else { nil } }
  }

  /// The transcript without its `[mock only]` steps: what also runs
  /// against a live server.
  var liveSteps: Transcript {
    var skipping = false
    return Transcript(
      elements: elements.filter { element in
        switch element {
        case .text(let lines):
          skipping = lines.contains { $0.hasPrefix("#") && $0.contains("[mock only") }
          return !skipping
        case .step: return !skipping
        }
      })
  }

  /// The same transcript with each step's output replaced, in order.
  func replacingOutputs(_ outputs: [[String]]) -> Transcript {
    var remaining = outputs[...]
    return Transcript(
      elements: elements.map { element in
        guard case .step(let command, _) = element else { return element }
        return .step(command: command, output: remaining.popFirst() ?? [])
      })
  }

  var lines: [String] {
    var lines: [String] = []
    for (index, element) in elements.enumerated() {
      switch element {
      case .text(let text):
        if index > 0, case .step = elements[index - 1], text.first?.hasPrefix("#") == true {
          lines.append("")
        }
        lines += text
      case .step(let command, let output):
        lines.append("$ " + command)
        lines += output
      }
    }
    return lines
  }

  var text: String {
    lines.joined(separator: "\n") + "\n"
  }

  /// How a step's results are written down.
  static func output(stdout: String, stderr: String, status: Int32) -> [String] {
    func split(_ text: String) -> [String] {
      guard !text.isEmpty else { return [] }
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if lines.last == "" { lines.removeLast() } else { lines.append("[no newline]") }
      return lines
    }
    return split(stdout) + split(stderr).map { "[stderr] " + $0 }
      + (status == 0 ? [] : ["[exit \(status)]"])
  }
}
