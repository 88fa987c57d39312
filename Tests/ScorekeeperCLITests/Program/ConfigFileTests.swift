import Testing

@testable import scorekeeper

@Suite struct ConfigFileTests {
  func file(_ lines: [String]) -> ConfigFile {
    ConfigFile(path: "/home/ann/.config/scorekeeper/config", lines: lines)
  }

  @Test("key = value lines, comments and blanks; quotes keep a value's spaces; the last line for a key wins")
  func parsing() throws {
    let config = file([
      "# my settings", "", "  db =  ~/games.sqlite  ", "user=\"alice\"", "cloud = \" spaced \"", "user = bob",
    ])
    #expect(
      try config.entries() == [
        .init(key: "db", value: "~/games.sqlite", line: 3), .init(key: "user", value: "alice", line: 4),
        .init(key: "cloud", value: " spaced ", line: 5), .init(key: "user", value: "bob", line: 6),
      ])
    let settings = try Settings.resolve(
      options: [:], environment: { ["HOME": "/home/ann", "SCOREKEEPER_CLOUD": "team.sqlite"][$0] },
      file: config)
    #expect(try settings.database.get() == .given("/home/ann/games.sqlite"))
    #expect(try settings.userName() == "bob")
    #expect(settings.user.origin == .file(path: config.path, key: "user", line: 6))
    #expect(try settings.cloud.get() == .file(.given("team.sqlite")), "the variable beats the file")
    #expect(settings.offline.origin == .byDefault)
  }

  @Test("a mistake names the file, the line and the key, and never prints a password")
  func mistakes() {
    func error(_ lines: [String]) -> String? {
      do {
        _ = try file(lines).entries()
        return nil
      } catch { return (error as? UsageError)?.message }
    }
    let prefix = "In the settings file \"/home/ann/.config/scorekeeper/config\", line 2: "
    #expect(error(["# x", "just words"]) == prefix + "\"just words\" is not key = value")
    #expect(
      error(["", "colour = red"])
        == prefix
        + "\"colour\" is not a setting. Did you mean \"color\" or \"cloud\"? Keys: db, cloud, listen-cloud, user, "
        + "offline, sync-budget, color, pager.")
    #expect(
      error(["", "offline = maybe"]) == prefix
        + "offline: \"maybe\" is not understood; use 1, yes, true or on to work offline, or 0, no, false or off "
        + "to sync.")
    #expect(error(["", "db ="]) == prefix + "db is empty.")
    let password = error(["", "cloud = postgresql://ann:hunter2@db/scores"])
    #expect(
      password?.hasPrefix(prefix + "cloud: The connection string in cloud holds a password")
        == true)
    #expect(password?.contains("hunter2") == false)
  }

  @Test("set replaces a key's lines (or adds one) and unset removes them; comments and other keys stay")
  func editing() {
    let config = file(["# mine", "db = a.sqlite", "user = ann", "db = b.sqlite"])
    #expect(config.setting("db", to: "c.sqlite").lines == ["# mine", "user = ann", "db = c.sqlite"])
    #expect(config.setting("db", to: nil).lines == ["# mine", "user = ann"])
    #expect(config.setting("cloud", to: " x ").lines == config.lines + ["cloud = \" x \""])
  }
}
