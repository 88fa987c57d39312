import ScorekeeperCore

extension Command {
  static let sync = Command(
    spec: CommandSpec(
      name: "sync",
      summary: "Send this device's changes and fetch everyone else's; or show the sync status.",
      arguments: [Argument.syncStatus.spec],
      options: [Flag.rebind.spec],
      discussion: """
        Every command already syncs: reading commands fetch first, changing commands
        send after committing, and a sync failure only warns (the change waits). "sync"
        does both on demand and reports it: "3 sent, 5 received, 1 conflict merged".
        It waits up to $SCOREKEEPER_SYNC_BUDGET seconds (default 10) for a busy or
        unreachable cloud, then exits 1 with the changes kept.

        A database belongs to the user and cloud of its first sync; the cloud is
        known by an identity kept inside it, so any path to the same cloud works,
        and another cloud is refused before anything is written. --rebind binds it
        to the cloud named now: a cloud that moved keeps everything; a different
        (new, or recreated) cloud gets this device's games afresh, and games others
        shared with you, which stayed on the old cloud, leave this device.

        Conflicts: a title or name changed on two devices keeps the later change;
        score changes never conflict (both count). A player or game deleted on one
        device is deleted everywhere, even if another device changed it meanwhile;
        those changes are dropped and counted.
        """,
      examples: [
        "scorekeeper sync", "scorekeeper --json sync", "scorekeeper sync status",
        "scorekeeper --cloud /mnt/backup/cloud.sqlite sync --rebind",
      ]
    ),
    // The engine checks the binding itself (and --rebind changes it).
    inspectsBinding: true,
    // Its summary says what it did: --quiet (for cron) silences it; "sync
    // status" was asked to show something, and does.
    echoes: true,
    asksToShow: { $0[ifGiven: .syncStatus] != nil },
    run: { invocation in
      if let action = invocation[ifGiven: .syncStatus] {
        guard action == "status" else {
          throw UsageError(
            "Unknown sync action \(quote(action)); the only one is \"status\".", command: "sync")
        }
        try printStatus(invocation)
        return
      }
      let engine = try invocation.onlineEngine(for: "sync", rebinding: invocation[.rebind])
      // Games removed before a sync stopped are told of as well.
      defer {
        invocation.errors.warnHistoryWentBack(engine.report.historyWentBack)
        invocation.errors.warn(engine.report.removedGames)
        invocation.errors.warn(engine.report.keptOut)
      }
      let report = try invocation[.rebind] ? engine.rebind() : engine.sync()
      if invocation.json {
        invocation.print(report.json)
      } else {
        invocation.output.line(report.summary.prefix(1).uppercased() + report.summary.dropFirst() + ".")
      }
    })

  static let status = Command(
    spec: CommandSpec(
      name: "status",
      summary: "Show who and where this database syncs with, and what waits to be sent.",
      examples: ["scorekeeper status", "scorekeeper --json status"]
    ),
    inspectsBinding: true,
    pages: true,
    needsDatabase: true,
    run: printStatus)

  private static func printStatus(_ invocation: Invocation) throws {
    let status = try invocation.store().syncStatus()
    let offline = try invocation.settings.offline.get()
    let cloud = try status.boundCloud ?? invocation.cloudLocation()
    let refusal = try invocation.bindingRefusal()
    let live = try LiveStatus(invocation, offline: offline)
    let user = try status.boundUser ?? live?.server?.user ?? invocation.expectedUser()
    if invocation.json {
      invocation.print(
        .object([
          ("mode", .string(live == nil ? "mock" : "live")), ("offline", .bool(offline)),
          ("cloud", .string(cloud)),
          ("user", user.map(JSON.string) ?? .null), ("device", .string(status.device)),
          ("pendingSaves", .integer(Int64(status.pendingSaves))),
          ("pendingDeletes", .integer(Int64(status.pendingDeletes))),
          ("parked", .integer(Int64(status.parked))),
          ("lastSyncAt", status.lastSyncAt.map { .string($0.iso8601) } ?? .null),
          ("lastError", status.lastError.map(JSON.string) ?? .null),
          ("refusal", refusal.map { .string(ErrorWords.of($0)) } ?? .null),
          // Added after the others, as the JSON contract allows.
          (
            "outage",
            status.outage.map {
              .object([("since", .string($0.since.iso8601)), ("retryAt", .string($0.retryAt.iso8601))])
            } ?? .null
          ),
          ("server", live?.json ?? .null),
          (
            "ignoredVariables",
            .array(invocation.settings.ignoredTestVariables.map(JSON.string))
          ),
        ]))
      return
    }
    let output = invocation.output
    let times = invocation.times
    output.line(
      "Mode:        \(live == nil ? "mock cloud" : "live (PostgreSQL)")" + (offline ? " (offline)" : ""))
    output.line("Cloud:       \(cloud)")
    if let live { output.line("Server:      \(live.summary)") }
    output.line(
      "User:        \(user ?? "as the connection logs in")"
        + (status.boundUser == nil ? " (not synced yet)" : ""))
    output.line("Device:      \(status.device)")
    output.line(
      "Pending:     \(status.pendingSaves) \(status.pendingSaves == 1 ? "save" : "saves"), "
        + "\(status.pendingDeletes) \(status.pendingDeletes == 1 ? "delete" : "deletes")")
    output.line("Parked:      \(status.parked) (received before their game or player)")
    output.line("Last sync:   " + (status.lastSyncAt.map(times.format) ?? "never"))
    output.line("Last error:  " + (status.lastError ?? "none"))
    if let outage = status.outage {
      output.line(
        "Outage:      no answer since \(times.format(outage.since)); automatic syncs wait until "
          + "\(times.format(outage.retryAt)) (\"scorekeeper sync\" tries now)")
    }
    if let refusal { output.line("Refused:     \(ErrorWords.of(refusal))") }
    let ignored = invocation.settings.ignoredTestVariables
    if !ignored.isEmpty {
      output.line(
        "Ignored:     \(ignored.joined(separator: ", ")) (for tests only: "
          + "\(SettingSpec.testingVariable)=1 honours \(ignored.count == 1 ? "it" : "them"))")
    }
  }
}

extension SyncReport {
  var json: JSON {
    .object([
      ("sent", .integer(Int64(sent))), ("received", .integer(Int64(received))),
      ("merged", .integer(Int64(merged))), ("discarded", .integer(Int64(discarded))),
      ("refused", .integer(Int64(refused))), ("retries", .integer(Int64(retries))),
      ("keptOut", .integer(Int64(keptOut.count))),
    ])
  }
}

extension Argument where Value == String {
  /// `sync status`: the status command under another name.
  static let syncStatus = Argument(
    ArgumentSpec(
      name: "status", help: "Show the status instead (same as \"status\").", isOptional: true,
      choices: [("status", "show the status instead")]))
}

extension Flag {
  fileprivate static let rebind = Flag(
    spec: OptionSpec(
      name: "--rebind", help: "Bind this database to the cloud named now (moved, or replaced by a new one)."))
}
