/// What a row of each synced table is called in what the program says:
/// an import's counts ("2 score changes"), a sync's warnings ("a score
/// change … was not taken").
enum TableNouns {
  static func of(_ table: String) -> (one: String, many: String) {
    switch table {
    case "games": ("game", "games")
    case "players": ("player", "players")
    case "playerPhotos": ("photo", "photos")
    case "rounds": ("round", "rounds")
    case "gameEvents": ("rule change or ending", "rule changes and endings")
    case "scoreEvents": ("score change", "score changes")
    case "kindRules": ("change of a kind's rules", "changes of kinds' rules")
    default: ("person link", "person links")
    }
  }
}
