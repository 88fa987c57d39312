extension Store {
  /// Files in and out: imports (an export of this program's, a CSV of
  /// score changes, a BG Stats backup) and exports (every row, the score
  /// changes, the standings).
  public var transfer: Transfer { Transfer(store: self) }

  /// A room of the store: the use cases of files in and out, on the
  /// store's connection and in its transactions.
  public struct Transfer {
    let store: Store
  }
}
