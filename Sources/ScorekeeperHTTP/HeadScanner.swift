/// Finds where a request head ends in bytes that arrive a piece at a
/// time, looking at each byte once: a head sent a byte at a time costs
/// the server its length, not its length squared (issue 44: 60 clients
/// doing so took a whole core when every byte re-read the head).
///
/// A head ends at an empty line: LF LF, or LF CR LF. The limits
/// `HTTPRequest.parse` enforces on a whole head are enforced here on one
/// still arriving, so a head that can never be taken is refused as soon
/// as it passes them.
struct HeadScanner: Equatable {
  enum Result: Equatable {
    /// Not ended yet, and within the limits.
    case incomplete
    /// The head is the first `length` bytes given.
    case ended(length: Int)
    /// Past a limit: answer with `status`, then close.
    case refused(status: Int)
  }

  /// Bytes of the head looked at so far.
  private var scanned = 0
  /// Where the request line ended, once it has.
  private var lineEnd: Int?
  /// 0: in a line; 1: just after an LF; 2: after LF CR.
  private var state = 0

  /// Looks at what arrived of `head` (all of it: the head's bytes from
  /// its first) past what was looked at before.
  mutating func scan(_ head: ArraySlice<UInt8>) -> Result {
    var index = head.startIndex + scanned
    while index < head.endIndex {
      let byte = head[index]
      index += 1
      switch (byte, state) {
      case (0x0a, 0):
        if lineEnd == nil { lineEnd = index - head.startIndex }
        state = 1
      case (0x0a, _):
        self = HeadScanner()
        return .ended(length: index - head.startIndex)
      case (0x0d, 1): state = 2
      case (0x0d, _): break  // (a CRLF's CR; one elsewhere the parser refuses)
      default: state = 0
      }
    }
    scanned = head.count
    guard let lineEnd else {
      return scanned > HTTPRequest.requestLineLimit ? .refused(status: 414) : .incomplete
    }
    return scanned - lineEnd > HTTPRequest.headerLimit ? .refused(status: 431) : .incomplete
  }
}
