extension KindRules {
  /// {"kind", "source": "yours" | "built-in", "rules" (`GameRules.json`),
  /// "teamSize": N | null, "roundNames": [names]}
  public var json: JSON { .object([("kind", .string(name))] + jsonFields) }

  /// The same without the name, for a document that names the kind itself.
  public var jsonFields: [(String, JSON)] {
    [
      ("source", .string(source.rawValue)), ("rules", rules.json),
      ("teamSize", teamSize.map { .integer(Int64($0)) } ?? .null),
      ("roundNames", .array(roundNames.map(JSON.string))),
    ]
  }

  /// `jsonFields` for a kind with no rules: every one null.
  public static let noJSONFields: [(String, JSON)] = [
    ("source", .null), ("rules", .null), ("teamSize", .null), ("roundNames", .null),
  ]
}

extension KindRulesChange {
  /// {"kind", "id" (the row written, null when nothing changed), "previous", "current"}: each the
  /// kind's rules (`KindRules.json`) or null.
  public var json: JSON {
    .object([
      ("kind", .string(name)), ("id", id.map(JSON.string) ?? .null), ("previous", previous?.json ?? .null),
      ("current", current?.json ?? .null),
    ])
  }
}
