extension Migration {
  /// Schema v9: a covering index of each photo's description.
  ///
  /// - `list` shows which players have a photo, and `--json` describes it
  ///   (type, size, hash). Those columns come first in a photo's row, but
  ///   the row's first page also holds up to 4 KiB of the image itself, so
  ///   listing 1,000 players with photos read 1,000 such pages (1.5× the
  ///   time of a game without photos). The index holds only the
  ///   description, about 40 photos to a page, and answers the join alone:
  ///   listing never reads a byte of an image.
  static let photoSummaries = Migration(
    version: 9,
    identifier: "photoSummaries",
    sql: """
      CREATE INDEX playerPhotos_summary ON playerPhotos (id, type, width, height, byteCount, sha256);
      """
  )
}
