import ScorekeeperCore

extension KindRules {
  /// "lowest wins, ends at 100", "7 rounds: Military, Coins, …", "ends at
  /// 500, teams of 2"; "highest wins" for a kind with no rule of its own.
  var text: String {
    var parts = [rules.summary ?? "highest wins"]
    if let teamSize { parts.append("teams of \(teamSize)") }
    var text = parts.joined(separator: ", ")
    if !roundNames.isEmpty {
      text += "; rounds named " + roundNames.map { $0.visible }.joined(separator: ", ")
    }
    return text
  }
}

extension KindRulesChange {
  /// "The kind "Hearts" now starts games as: lowest wins, ends at 50." and
  /// the like, for a set, a forget or an undo of either.
  var sentence: String {
    let kind = quote(name)
    guard let current else { return "The kind \(kind) has no rules now: its new games start with none." }
    if current == previous {
      return "The kind \(kind) has these rules already (\(current.source.rawValue)): \(current.text)."
    }
    return
      "New games of \(kind) start with \(current.source == .yours ? "your" : "the built-in") rules: \(current.text)."
  }
}
