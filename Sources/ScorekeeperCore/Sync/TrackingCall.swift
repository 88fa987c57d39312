/// The arguments a sync trigger passes to a tracking function
/// (`SyncTracking`): the table's name, the row's ids, its parent's id
/// (NULL for a root row), then pairs of a field's name and whether the
/// change times it.
struct TrackingCall {
  let table: SyncedTable
  let ids: [String]
  let parentID: String?
  let fields: [(name: String, isTimed: Bool)]

  /// A call of a tracking function the schema's triggers could not make
  /// (a mistake in a migration's SQL, or a writer calling it by hand).
  struct Malformed: Error, CustomStringConvertible {
    let call: String
    let problem: String
    var description: String { "\(call): \(problem)" }
  }

  init(_ function: String, _ arguments: [SQLValue], ids count: Int, hasParent: Bool) throws {
    func malformed(_ problem: String) -> Malformed {
      let call = "\(function)(" + arguments.map(\.description).joined(separator: ", ") + ")"
      return Malformed(call: call, problem: problem)
    }
    let fixed = 1 + count + (hasParent ? 1 : 0)
    guard arguments.count >= fixed, (arguments.count - fixed).isMultiple(of: 2) else {
      throw malformed("expected \(fixed) arguments, then pairs of a field and whether it is timed")
    }
    guard case .text(let name) = arguments[0], let table = SyncedTable.named(name) else {
      throw malformed("the first argument must name a synced table")
    }
    self.table = table
    ids = try arguments[1...count].map { argument in
      guard case .text(let id) = argument else { throw malformed("a row's id must be text") }
      return id
    }
    switch hasParent ? arguments[fixed - 1] : .null {
    case .null: parentID = nil
    case .text(let id): parentID = id
    default: throw malformed("a parent's id must be text or NULL")
    }
    if hasParent && (parentID == nil) != (table.parentTable == nil) {
      throw malformed(parentID == nil ? "a child row needs its parent's id" : "a root row has no parent")
    }
    fields = try stride(from: fixed, to: arguments.count, by: 2).map { index in
      guard case .text(let field) = arguments[index], table.fields.contains(field) else {
        throw malformed("\(arguments[index]) is not a field of \(table.name)")
      }
      guard case .integer(let flag) = arguments[index + 1] else {
        throw malformed("whether \(field) is timed must be 0 or 1")
      }
      return (field, flag != 0)
    }
  }
}
