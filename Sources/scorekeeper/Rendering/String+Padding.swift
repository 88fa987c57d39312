import ScorekeeperCore

extension String {
  /// The text with spaces after it (or, when `leading`, before it) up to
  /// `width` terminal columns (`displayWidth`), for columns of text.
  func padding(to width: Int, leading: Bool = false) -> String {
    let spaces = String(repeating: " ", count: max(0, width - displayWidth))
    return leading ? spaces + self : self + spaces
  }
}
