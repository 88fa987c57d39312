/// The names shown for people: a person is shown as `rename-person` last
/// named them, else as their own name is spelled last (the person a merge
/// kept, not one merged into them), a split's person as the split named them, with " (2)", " (3)" … after a
/// split's person whose name another person shows too, in the order the
/// splits were made. Every device with the same data shows the same.
public enum PeopleNames {
  /// The latest spelling of each name key, as players are read in order.
  public struct Spellings: Sendable {
    var latest: [String: String] = [:]
    public init() {}
    /// Notes `name` as its key's latest spelling (`key`: its key, when known).
    public mutating func note(_ name: String, key: String? = nil) {
      latest[key ?? Person.key(of: name)] = name
    }
  }

  /// The name shown for each of `people` (person ids).
  public static func shown(for people: Set<String>, spellings: Spellings, directory: PeopleDirectory)
    -> [String: String]
  {
    var shown: [String: String] = [:]
    var splitOrder: [String] = []
    for link in directory.links {
      if case .split(let nameKey, _, _) = link.change { splitOrder.append(nameKey + "#" + link.id) }
    }
    for person in people {
      shown[person] =
        directory.renamedName(of: person) ?? directory.splitName(of: person) ?? spellings.latest[person]
        ?? person
    }
    var taken = Set(people.filter { directory.splitName(of: $0) == nil }.map { Person.key(of: shown[$0]!) })
    for person in splitOrder where people.contains(person) && directory.renamedName(of: person) == nil {
      let name = shown[person]!
      var candidate = name
      var number = 1
      while taken.contains(Person.key(of: candidate)) {
        number += 1
        candidate = "\(name) (\(number))"
      }
      taken.insert(Person.key(of: candidate))
      shown[person] = candidate
    }
    return shown
  }
}
