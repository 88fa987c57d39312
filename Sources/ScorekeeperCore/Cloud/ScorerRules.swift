/// What a participant with `SharePermission.scoring` may add: records of
/// these types, each field named here (when the record has it) holding
/// text that, followed by the field's suffix, names a record the same
/// participant created. Set by the owner's client with the share; the
/// cloud applies it without knowing what the types mean (scorekeeper's:
/// score events and rounds, an undo or correction only of one's own).
public struct ScorerRules: Hashable, Sendable {
  /// Record type → (field → the suffix of the record name it names).
  public var types: [String: [String: String]]

  public init(types: [String: [String: String]]) {
    self.types = types
  }
}

extension ScorerRules {
  /// `{"type": {"field": "suffix"}}`, keys sorted: how both clouds store
  /// the rules and the live one takes them.
  public var json: JSON {
    .object(
      types.sorted { $0.key < $1.key }.map { type, fields in
        (type, .object(fields.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
      })
  }

  /// Nil for anything but an object of objects of text.
  public init?(json: JSON) {
    guard case .object(let types) = json else { return nil }
    var read: [String: [String: String]] = [:]
    for (type, fields) in types {
      guard case .object(let fields) = fields else { return nil }
      var suffixes: [String: String] = [:]
      for (field, suffix) in fields {
        guard let suffix = suffix.stringValue else { return nil }
        suffixes[field] = suffix
      }
      read[type] = suffixes
    }
    self.init(types: read)
  }
}
