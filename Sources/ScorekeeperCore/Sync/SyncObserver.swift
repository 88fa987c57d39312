/// Who watches a sync, told as it goes: a progress line on a terminal, or
/// a test looking at the database between pages. The engine's one way to
/// report what it is doing besides its result.
public struct SyncObserver {
  /// The counts so far after each batch sent and each page fetched, then
  /// once more when the sync ends (`finished`), however it ends.
  public var progress: ((_ report: SyncReport, _ finished: Bool) -> Void)?
  /// After each page of zone changes is applied.
  public var pageApplied: (() -> Void)?

  public init(
    progress: ((_ report: SyncReport, _ finished: Bool) -> Void)? = nil, pageApplied: (() -> Void)? = nil
  ) {
    self.progress = progress
    self.pageApplied = pageApplied
  }
}
