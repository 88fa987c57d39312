/// A number with a fixed count of decimals, as people read ratings:
/// "27.64", "-3.10", "1516". Without Foundation: the scaled value is
/// rounded half away from zero and written as digits.
func fixedPoint(_ value: Double, decimals: Int) -> String {
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let scaled = (abs(value) * scale).rounded()
  guard scaled < 9e15 else { return value.description }  // past exact integers: as Swift writes it
  let digits = String(Int64(scaled))
  let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
  let sign = value < 0 && scaled > 0 ? "-" : ""
  guard decimals > 0 else { return sign + padded }
  return sign + padded.dropLast(decimals) + "." + padded.suffix(decimals)
}
