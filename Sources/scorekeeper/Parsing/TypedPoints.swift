import ScorekeeperCore

/// Points as typed on the command line ("13.5", "-3", "½"), or the usage
/// error that says what is wrong with them, quoting `text` within `typed`
/// (the whole argument, as "Ann=13,5").
func typedPoints(
  _ text: String, in typed: String? = nil, allowingSign: Bool = true, command: String? = nil
) throws -> Points {
  let quoted = typed.map { "\(quote(text)) in \(quote($0))" } ?? quote(text)
  do {
    return try Points(parsing: Points.withHalvesAsDecimals(text[...]), allowingSign: allowingSign)
  } catch .notANumber {
    if Points.hasDecimalComma(text[...]) {
      throw UsageError(
        "\(quoted) has a decimal comma; write decimals with a point (\(text.replacing(",", with: "."))).",
        command: command)
    }
    throw UsageError("\(quoted) is not a number (write 5, -3 or 13.5).", command: command)
  } catch {
    throw UsageError("\(quoted) \(error.words!).", command: command)
  }
}
