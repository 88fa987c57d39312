import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

/// A buffered byte stream: to a file descriptor (stdout, stderr), or to
/// memory for in-process tests.
///
/// Printing is on the hot path of `list` (100,000 standings must print in a
/// fraction of the query's time), so text is copied straight into a fixed
/// buffer and numbers are formatted in place, without intermediate strings.
final class Output {
  private enum Destination {
    case fileDescriptor(Int32)
    case memory
    /// Nothing is kept (`--quiet`).
    case discarded
  }

  /// Colours (ANSI SGR sequences) in `styled` text: only for a terminal
  /// that wants them (`Presentation`).
  var usesColor = false
  /// The locale is not UTF-8: the few symbols the program prints (…, →,
  /// ×) are written in ASCII (..., ->, x).
  var asciiOnly = false

  private static let capacity = 64 * 1024
  private let destination: Destination
  private let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: Output.capacity)
  private var count = 0
  /// What was written, for `.memory` outputs.
  private var captured: [UInt8] = []
  /// The errno of the first write that failed; nothing is written after it.
  private(set) var failure: Int32?

  private init(_ destination: Destination) {
    self.destination = destination
  }

  static func fileDescriptor(_ descriptor: Int32) -> Output {
    Output(.fileDescriptor(descriptor))
  }

  static func memory() -> Output {
    Output(.memory)
  }

  static func discarded() -> Output {
    Output(.discarded)
  }

  deinit {
    flush()
    buffer.deallocate()
  }

  /// Everything written so far to a `.memory` output.
  var text: String {
    flush()
    return String(decoding: captured, as: UTF8.self)
  }

  /// Writes the program's words and whatever they show of the data: every
  /// control or invisible character in it but the line break is written
  /// out (`\u{1B}`, `\t`), so that nothing written here acts on a
  /// terminal, whatever a database from an older version (or another
  /// person's device) holds. The program's own terminal sequences go
  /// through `begin`, `end` and `write(verbatim:)`.
  func write(_ text: String) {
    var text = asciiOnly ? Glyphs.ascii(text) : text
    // One pass over the bytes: printable ASCII and line breaks (nearly all
    // text) go as they are; anything else is looked at scalar by scalar.
    let written = text.withUTF8 { bytes in
      for byte in bytes where (byte < 0x20 && byte != 0x0a) || byte >= 0x7f { return false }
      write(bytes)
      return true
    }
    guard !written else { return }
    if text.hasHiddenBesidesLineBreaks { text = text.visibleKeepingLineBreaks }
    text.withUTF8 { write($0) }
  }

  /// Writes `text` exactly: the program's own terminal sequences, or text
  /// already written through an `Output` (a snapshot, a paged listing).
  func write(verbatim text: String) {
    var text = asciiOnly ? Glyphs.ascii(text) : text
    text.withUTF8 { write($0) }
  }

  /// Starts writing in `style`, when this output uses colour (`end` ends it).
  func begin(_ style: Style) {
    if usesColor { write(verbatim: "\u{1B}[" + style.rawValue + "m") }
  }

  func end() {
    if usesColor { write(verbatim: "\u{1B}[0m") }
  }

  /// Writes `text` in `style` when this output uses colour; as it is otherwise.
  func write(_ text: String, in style: Style) {
    begin(style)
    write(text)
    end()
  }

  /// "warning: `text`", the word in the warnings' colour, and a line break.
  func warning(_ text: String) {
    write("warning:", in: .warning)
    line(" " + text)
  }

  func line(_ text: String = "") {
    write(text)
    write(byte: UInt8(ascii: "\n"))
  }

  func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
    if count + bytes.count > Self.capacity {
      flush()
      if bytes.count > Self.capacity {
        emit(UnsafeRawBufferPointer(bytes))
        return
      }
    }
    (buffer + count).update(from: start, count: bytes.count)
    count += bytes.count
  }

  func write(byte: UInt8) {
    if count == Self.capacity { flush() }
    buffer[count] = byte
    count += 1
  }

  func write(spaces: Int) {
    for _ in 0..<max(0, spaces) { write(byte: UInt8(ascii: " ")) }
  }

  /// Writes points as `Points.description` does, right-aligned in
  /// `width` columns; a whole number by the fast path below.
  func write(_ points: Points, width: Int = 0) {
    if let whole = points.wholeNumber {
      write(whole, width: width)
    } else {
      let text = points.description
      write(spaces: width - text.utf8.count)
      write(verbatim: text)
    }
  }

  /// Writes `value` in decimal, right-aligned in `width` columns.
  func write(_ value: Int64, width: Int = 0) {
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits and a sign
    withUnsafeMutableBytes(of: &digits) { scratch in
      var magnitude = value.magnitude
      var index = scratch.count
      repeat {
        index -= 1
        scratch[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if value < 0 {
        index -= 1
        scratch[index] = UInt8(ascii: "-")
      }
      write(spaces: width - (scratch.count - index))
      write(UnsafeBufferPointer(rebasing: scratch.bindMemory(to: UInt8.self)[index...]))
    }
  }

  func flush() {
    guard count > 0 else { return }
    emit(UnsafeRawBufferPointer(start: buffer, count: count))
    count = 0
  }

  private func emit(_ bytes: UnsafeRawBufferPointer) {
    switch destination {
    case .discarded:
      return
    case .memory:
      captured.append(contentsOf: bytes)
    case .fileDescriptor(let descriptor):
      guard failure == nil else { return }
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno  // the reader went away (EPIPE), the disk is full: the program says which
          return
        }
        offset += written
      }
    }
  }
}
