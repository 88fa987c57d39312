import ScorekeeperCore

extension Settings {
  /// The variables a person sets, and what each does: the man page's
  /// ENVIRONMENT section (the deterministic ones are for tests).
  static let documentedVariables: [(name: String, help: String)] = [
    (SettingSpec.database.variable, "The database file, when --db is not given."),
    (
      SettingSpec.cloud.variable,
      "The cloud, when --cloud is not given: a PostgreSQL URL or connection string, or a mock cloud's file."
    ),
    (
      SettingSpec.user.variable,
      "Who you are on the cloud, when --user is not given (default: your login name)."
    ),
    (SettingSpec.offline.variable, "1 works offline, as --offline does; 0 or unset syncs."),
    (
      SettingSpec.syncBudget.variable,
      "Seconds a sync may wait for a busy or unreachable cloud before it leaves the rest to the next "
        + "command (default 10)."
    ),
    (SettingSpec.color.variable, "Colour: auto, always or never, when --color is not given."),
    (
      SettingSpec.pager.variable,
      "The pager for long output on a terminal (default: $PAGER, else less -FRX); empty for none."
    ),
    ("XDG_DATA_HOME", "Where the default database and mock cloud live (default ~/.local/share)."),
    ("XDG_CONFIG_HOME", "Where the settings file lives (default ~/.config): see config."),
    (
      SettingSpec.testingVariable,
      "1 honours the variables below that are for tests only; without it they are ignored, and status "
        + "names them."
    ),
    (
      SettingSpec.ids.variable,
      "incrementing: ids 00000000-0000-0000-0000-000000000001, …0002, … For tests and transcripts only."
    ),
    (
      SettingSpec.now.variable,
      "A time such as 2026-01-01T12:00:00Z that the clock is fixed at. For tests only."
    ),
    (
      SettingSpec.device.variable,
      "With incrementing ids, this database's device number (1 to 65535), so devices never share ids. "
        + "For tests only."
    ),
    (
      SettingSpec.progressDelay.variable,
      "Seconds before a sync shows its progress on a terminal (default 1). For tests only."
    ),
    (
      SettingSpec.cloudFaults.variable,
      "Failures the mock cloud produces next, such as network-unavailable*2. For tests only."
    ),
    (
      SettingSpec.checkpointPages.variable,
      "Pages the database's log holds before a command folds it into the file "
        + "(default \(Database.defaultCheckpointPages)). "
        + "For tests only."
    ),
  ]
}
