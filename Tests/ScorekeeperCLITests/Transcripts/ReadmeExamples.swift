/// The `console` code blocks of a Markdown document, read as one
/// transcript: the README's examples run in order in one session, so a
/// later example can use what an earlier one added.
struct MarkdownExamples {
  private enum Segment {
    case prose([String])
    case example(Transcript)
  }

  private var segments: [Segment] = []

  init(parsing markdown: String) {
    var prose: [String] = []
    var example: [String]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if var lines = example {
        if line == "```" {
          segments.append(.example(Transcript(parsing: lines.joined(separator: "\n"))))
          example = nil
          prose = [line]
        } else {
          lines.append(line)
          example = lines
        }
      } else if line == "```console" {
        segments.append(.prose(prose + [line]))
        prose = []
        example = []
      } else {
        prose.append(line)
      }
    }
    segments.append(.prose(prose))
  }

  /// Every example's steps, in document order.
  var transcript: Transcript {
    Transcript(
      elements: segments.flatMap { segment -> [Transcript.Element] in
        if case .example(let transcript) = segment { transcript.elements } else { [] }
      })
  }

  /// The document with the examples' outputs replaced, in order.
  func replacingOutputs(_ outputs: [[String]]) -> MarkdownExamples {
    var remaining = outputs[...]
    var copy = self
    copy.segments = segments.map { segment in
      guard case .example(let transcript) = segment else { return segment }
      let count = transcript.commands.count
      let mine = Array(remaining.prefix(count))
      remaining = remaining.dropFirst(count)
      return .example(transcript.replacingOutputs(mine))
    }
    return copy
  }

  var text: String {
    segments.map { segment in
      switch segment {
      case .prose(let lines): lines.joined(separator: "\n")
      case .example(let transcript): transcript.lines.joined(separator: "\n")
      }
    }.joined(separator: "\n")
  }
}
