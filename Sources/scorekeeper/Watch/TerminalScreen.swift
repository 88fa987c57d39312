import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal as `watch` uses it full-screen: the alternate screen (the
/// shell's screen comes back as it was), the cursor hidden, keys read one
/// at a time without echo, and each frame drawn in place, cut to the
/// terminal's size. `leave` puts everything back; the session calls it
/// however it ends.
final class TerminalScreen {
  private let output: Output
  /// The terminal's settings before, when stdin is that terminal.
  private var savedInput: termios?
  private var entered = false
  /// The last frame drawn, so an unchanged one costs nothing.
  private var lastFrame: String?
  private var lastSize: (rows: Int, columns: Int)?

  init(output: Output) {
    self.output = output
  }

  /// Whether keys can be read (stdin is a terminal).
  var readsKeys: Bool { savedInput != nil }

  func enter() {
    var settings = termios()
    if isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &settings) == 0 {
      savedInput = settings
      // Keys as typed, not echoed; Ctrl-C still interrupts (ISIG stays).
      settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
      withUnsafeMutableBytes(of: &settings.c_cc) { characters in
        characters[Int(VMIN)] = 1
        characters[Int(VTIME)] = 0
      }
      tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }
    output.write(verbatim: "\u{1B}[?1049h\u{1B}[?25l")
    output.flush()
    entered = true
  }

  func leave() {
    guard entered else { return }
    entered = false
    output.write(verbatim: "\u{1B}[?25h\u{1B}[?1049l")
    output.flush()
    if var saved = savedInput { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
  }

  /// The terminal's rows and columns (24 and 80 where it says none).
  var size: (rows: Int, columns: Int) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 else { return (24, 80) }
    return (size.ws_row > 0 ? Int(size.ws_row) : 24, size.ws_col > 0 ? Int(size.ws_col) : 80)
  }

  /// Draws `lines` (written through an `Output` already, so that what
  /// they show of the data is safe) from the top left, each cut to the width, as many as
  /// fit, clearing what is left of each line and below; nothing when the
  /// same frame is on a screen of the same size.
  func draw(_ lines: [String]) {
    let size = size
    let frame =
      "\u{1B}[H"
      + lines.prefix(size.rows).map { Self.fitted($0, columns: size.columns) + "\u{1B}[K" }
      .joined(separator: "\n") + "\u{1B}[J"
    // (A terminal resized may have moved what it showed: drawn again.)
    guard frame != lastFrame || size.rows != lastSize?.rows || size.columns != lastSize?.columns else {
      return
    }
    lastFrame = frame
    lastSize = size
    output.write(verbatim: frame)
    output.flush()
  }

  /// The keys typed since (stdin was readable).
  func takeKeys() -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = read(STDIN_FILENO, &bytes, bytes.count)
    return count > 0 ? Array(bytes[..<count]) : []
  }

  /// `line` cut to `columns` terminal columns; colour sequences pass
  /// through without counting, and one left open is closed.
  static func fitted(_ line: String, columns: Int) -> String {
    var result = ""
    var width = 0
    var styled = false
    var characters = line.makeIterator()
    while let character = characters.next() {
      if character == "\u{1B}" {
        // An escape sequence: ESC [ parameters, up to its final letter.
        result.append(character)
        styled = true
        while let next = characters.next() {
          result.append(next)
          if next.isLetter { break }
        }
        continue
      }
      let characterWidth = String(character).displayWidth
      guard width + characterWidth <= columns else {
        return styled ? result + "\u{1B}[0m" : result
      }
      width += characterWidth
      result.append(character)
    }
    return result
  }
}
