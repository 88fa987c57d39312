/// A select list of `names`, each of the table under `alias` when given
/// ("p.id, p.name"): one spelling for the codecs that name their columns.
public func columnList(_ names: [String], of alias: String? = nil) -> String {
  let prefix = alias.map { $0 + "." } ?? ""
  return names.map { prefix + $0 }.joined(separator: ", ")
}
