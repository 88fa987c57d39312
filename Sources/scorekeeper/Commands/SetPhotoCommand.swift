import ScorekeeperCore

extension Command {
  static let setPhoto = Command(
    spec: CommandSpec(
      name: "set-photo",
      summary: "Give a player a photo, replacing any they had.",
      arguments: [
        Argument.game.spec, Argument.player.spec,
        Argument.file.spec,
      ],
      discussion: """
        The type is read from the image's bytes, never from the file's name, and its
        width and height from its header. Anything else, or an image over 10 MiB, is
        refused (exit 2) before anything is written. The bytes are kept as they are
        and sync to your other devices and to everyone the game is shared with.
        """,
      examples: [
        "scorekeeper set-photo \"Poker night\" Alice alice.jpg",
        "curl -s https://example.com/bob.png | scorekeeper set-photo Poker Bob -",
      ]
    ),
    syncs: true,
    echoes: true,
    prepare: { invocation in
      let file = PhotoFile(path: invocation[.file])
      let bytes = try file.read(
        limit: Photo.maximumByteCount, stdinIsTerminal: invocation.terminal.isInteractive)
      do {
        invocation.checkedPhoto = try CheckedPhoto(bytes: bytes)
      } catch let error as PhotoError {
        let name = file.inputName
        throw UsageError(
          name.prefix(1).uppercased() + name.dropFirst() + " " + error.reason + ". Nothing was changed.")
      }
    },
    run: { invocation in
      let change = try invocation.store().photos.set(
        in: invocation[.game], invocation[.player], invocation.checkedPhoto!)
      if invocation.json {
        invocation.print(change.json)
      } else if change.previous == change.photo {
        invocation.output.line(
          "\(quote(change.player.name)) in \(quote(change.game.game.title)) already has this photo; "
            + "nothing changed.")
      } else {
        invocation.output.line(
          "Set the photo of \(quote(change.player.name)) in \(quote(change.game.game.title)): "
            + change.photo!.description
            + (change.previous.map { " (replacing \($0.description))" } ?? ""))
      }
    })

  static let removePhoto = Command(
    spec: CommandSpec(
      name: "remove-photo",
      summary: "Remove a player's photo.",
      arguments: [Argument.game.spec, Argument.player.spec],
      discussion: """
        The photo goes on every device. If another device sets a new photo for the
        player at about the same time, the later of the two changes wins everywhere.
        """,
      examples: ["scorekeeper remove-photo \"Poker night\" Alice"]
    ),
    syncs: true,
    echoes: true,
    run: { invocation in
      let change = try invocation.store().photos.remove(
        in: invocation[.game], invocation[.player])
      if invocation.json {
        invocation.print(change.json)
      } else {
        invocation.output.line(
          "Removed the photo of \(quote(change.player.name)) in \(quote(change.game.game.title)) "
            + "(\(change.previous!.description))")
      }
    })
}

extension Argument where Value == String {
  fileprivate static let file = Argument(
    ArgumentSpec(name: "FILE", help: "A PNG, JPEG, GIF, WebP or HEIC image; - reads standard input."))
}
