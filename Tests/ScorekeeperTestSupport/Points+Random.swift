import ScorekeeperCore

extension Points {
  /// Whole points in `range`, for tests that draw scores.
  public static func random(in range: ClosedRange<Int64>, using generator: inout some RandomNumberGenerator)
    -> Points
  {
    Points(Int64.random(in: range, using: &generator))
  }

  public static func random(in range: ClosedRange<Int64>) -> Points {
    Points(Int64.random(in: range))
  }
}

extension Points {
  /// Points in `range` as people enter them: half the time whole, a
  /// quarter in halves (chess), a quarter to the thousandth.
  public static func randomEntered(
    in range: ClosedRange<Int64>, using generator: inout some RandomNumberGenerator
  )
    -> Points
  {
    let step: Int128 = [1000, 1000, 500, 1].randomElement(using: &generator)!
    let steps = Int64.random(
      in: 0...Int64((Int128(range.upperBound - range.lowerBound) * 1000) / step), using: &generator)
    return Points(thousandths: Int128(range.lowerBound) * 1000 + Int128(steps) * step)
  }
}
