extension Row {
  /// Points stored as schema v16 stores them: the whole part at `index`
  /// and its thousandths (NULL for none) at the next column.
  func points(_ index: Int) throws -> Points {
    Points(whole: try int64(index), thousandths: try optionalInt64(index + 1))
  }

  /// A player's total: `score` (the whole part, rounded down and clamped)
  /// at `index`, `scoreThousandths` at the next column.
  func total(_ index: Int) throws -> Points {
    // `score` is clamped already: only its top can pass the range with its thousandths.
    let whole = try int64(index)
    return whole == Int64.max ? .max : Points(whole: whole, thousandths: try int64(index + 1))
  }
}

extension SQLValue {
  /// The whole part of a stored value (64 bits by `Points.stored`).
  public static func whole(_ points: Points) -> SQLValue { .integer(points.stored?.whole ?? 0) }

  /// The thousandths of a stored value, NULL for none.
  public static func thousandths(_ points: Points) -> SQLValue {
    points.stored?.thousandths.map(SQLValue.integer) ?? .null
  }
}
