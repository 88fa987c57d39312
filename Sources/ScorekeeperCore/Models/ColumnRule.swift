/// What a synced table's text column may hold, however a row comes in: a
/// command, an import, or a sync from another device or person (whose
/// program may be older, or modified). The rules are the commands' own
/// (`TextField` for titles and names), so the database holds nothing a
/// command would refuse, and every path refuses it with the same words.
public enum ColumnRule: Sendable, Equatable {
  /// A title or name, trimmed and checked as the commands check it.
  case text(TextField)
  /// A row's id, as the store makes them and people type them: hex digits
  /// (the store's are lowercase; BG Stats' play ids, kept as game ids, are
  /// not) and dashes, at least `IDFragment.minimumDigits` digits.
  case id
  /// Several ids between spaces (a finish's winners), or none.
  case ids
  /// Ids as a JSON array (a split's games).
  case idList
  /// Arrays of ids as a JSON array (a finish's places, best first).
  case idTiers
  /// Texts as a JSON array, each checked as the field's (a kind's round names).
  case texts(TextField)
  /// A device: what `history` shows of where a change was made.
  case device
  /// A person's id: a name's key (`Person.key`), perhaps with `#` and a
  /// split's id.
  case person

  /// The rule of `table`'s `column`; nil for a column that holds no text
  /// people see (numbers, times, kinds checked by their own lists).
  public static func of(table: String, column: String) -> ColumnRule? {
    switch (table, column) {
    case (_, "id"), (_, "gameID"), (_, "playerID"), (_, "roundID"), (_, "undoes"), (_, "fixes"): .id
    case ("games", "title"): .text(.gameTitle)
    case ("games", "kind"), ("kindRules", "name"): .text(.gameKind)
    case ("kindRules", "roundNames"): .texts(.roundName)
    case ("players", "name"), ("personLinks", "name"): .text(.playerName)
    case ("players", "team"): .text(.teamName)
    case ("rounds", "name"): .text(.roundName)
    case ("gameEvents", "winners"): .ids
    case ("personLinks", "games"): .idList
    case ("gameEvents", "places"): .idTiers
    case (_, "device"): .device
    case ("personLinks", "person"), ("personLinks", "other"): .person
    default: nil
    }
  }

  /// The longest id or device taken.
  public static let maximumIDLength = 64

  /// The value to store (a title or name trimmed), or why it can't be.
  public func check(_ value: String) throws(ColumnError) -> String {
    switch self {
    case .text(let field):
      do {
        return try field.validate(value)
      } catch {
        throw .text(error)
      }
    case .id:
      guard Self.isID(value[...]) else { throw .notID(value) }
    case .texts(let field):
      guard case .array(let items)? = try? JSON.parse(value) else { throw .notNames(value) }
      var checked: [JSON] = []
      for item in items {
        guard case .string(let text) = item else { throw .notNames(value) }
        do {
          checked.append(.string(try field.validate(text)))
        } catch {
          throw .text(error)
        }
      }
      return JSON.array(checked).compactText
    case .ids:
      // (Empty: a finish BG Stats says nobody won.)
      guard
        value.isEmpty || value.split(separator: " ", omittingEmptySubsequences: false).allSatisfy(Self.isID)
      else {
        throw .notIDs(value)
      }
    case .idList:
      guard case .array(let items)? = try? JSON.parse(value),
        items.allSatisfy({ if case .string(let id) = $0 { Self.isID(id[...]) } else { false } })
      else { throw .notIDs(value) }
    case .idTiers:
      guard case .array(let tiers)? = try? JSON.parse(value),
        tiers.allSatisfy({ tier in
          guard case .array(let items) = tier else { return false }
          return items.allSatisfy { if case .string(let id) = $0 { Self.isID(id[...]) } else { false } }
        })
      else { throw .notPlaces(value) }
    case .device:
      let valid =
        (1...Self.maximumIDLength).contains(value.utf8.count)
        && Self.bytes(of: value[...]) { byte in
          switch byte {
          case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
          default: false
          }
        }
      guard valid else { throw .notDevice(value) }
    case .person:
      guard !value.isEmpty, value.count <= 2 * TextField.maximumLength, firstHidden(in: value) == nil else {
        throw .notPerson(value)
      }
    }
    return value
  }

  /// Hex digits and dashes, 4 digits or more, 64 characters at most.
  public static func isID(_ text: Substring) -> Bool {
    guard text.utf8.count <= maximumIDLength else { return false }
    return text.utf8.withContiguousStorageIfAvailable(isID(bytes:)) ?? isID(bytes: text.utf8)
  }

  private static func isID(bytes: some Sequence<UInt8>) -> Bool {
    var digits = 0
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
        UInt8(ascii: "A")...UInt8(ascii: "F"):
        digits += 1
      case UInt8(ascii: "-"): break
      default: return false
      }
    }
    return digits >= IDFragment.minimumDigits
  }

  /// Whether each of the text's bytes passes `test`, read from its
  /// storage (as `isID` reads them): through the view, a byte at a time,
  /// checking the ids and devices of every record a sync receives cost
  /// 2 % of it.
  static func bytes(of text: Substring, allPass test: (UInt8) -> Bool) -> Bool {
    text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(test) } ?? text.utf8.allSatisfy(test)
  }
}

/// A value a column's rule refuses.
public enum ColumnError: Error, Equatable, CustomStringConvertible {
  case text(InvalidTextError)
  case notID(String)
  case notIDs(String)
  case notPlaces(String)
  case notNames(String)
  case notDevice(String)
  case notPerson(String)

  public var description: String {
    switch self {
    case .text(let error): error.description
    case .notID(let value):
      "\(quote(value)) is not an id (hex digits and dashes, at least \(IDFragment.minimumDigits) digits, "
        + "as scorekeeper makes them)."
    case .notIDs(let value): "\(quote(value)) is not a list of ids."
    case .notPlaces(let value): "\(quote(value)) is not a list of places (lists of ids, best first)."
    case .notNames(let value): "\(quote(value)) is not a list of names (a JSON array of texts)."
    case .notDevice(let value):
      "\(quote(value)) is not a device (1 to \(ColumnRule.maximumIDLength) letters, digits, '-', '_' or '.')."
    case .notPerson(let value):
      "\(quote(value)) is not a person's id (a name, without control or invisible characters)."
    }
  }
}
