import ScorekeeperCore

extension Command {
  static let photo = Command(
    spec: CommandSpec(
      name: "photo",
      summary: "Write a player's photo out, byte for byte.",
      arguments: [Argument.game.spec, Argument.player.spec],
      options: [Option.output.spec],
      discussion: """
        Without --output the image's bytes go to standard output, so redirect it: they
        are never written to a terminal. With --json it prints what the photo is (type,
        size in bytes, width, height, SHA-256) instead of its bytes, unless --output is
        given too.
        """,
      examples: [
        "scorekeeper photo \"Poker night\" Alice > alice.jpg",
        "scorekeeper photo \"Poker night\" Alice --output alice.jpg",
        "scorekeeper photo \"Poker night\" Alice --json",
      ]
    ),
    syncs: true,
    needsDatabase: true,
    prepare: { invocation in
      let toStandardOutput = invocation[.output].map { $0 == "-" } ?? true
      if toStandardOutput && !invocation.json && invocation.terminal.outputIsTerminal {
        throw UsageError(
          "Not writing an image to the terminal: redirect it (> photo.png) or use --output FILE.",
          command: "photo")
      }
    },
    run: { invocation in
      let file = invocation[.output].map(PhotoFile.init(path:)).flatMap {
        $0.isStandardStream ? nil : $0
      }
      let found = try invocation.store().photos.withBytes(in: invocation[.game], invocation[.player])
      try file?.write(found.bytes)
      if invocation.json {
        invocation.print(
          .object(
            [("game", found.game.json), ("player", found.player.json), ("photo", found.photo.json)]
              + (file.map { [("file", JSON.string($0.path))] } ?? [])))
      } else if let file {
        invocation.output.line(
          "Wrote the photo of \(quote(found.player.name)) in \(quote(found.game.game.title)) to "
            + "\(quote(file.path)): \(found.photo.description)")
      } else {
        found.bytes.withUnsafeBufferPointer { invocation.output.write($0) }
      }
    })
}

extension Option where Value == String {
  fileprivate static let output = Option(
    OptionSpec(
      name: "--output", valueName: "FILE",
      help: "Write the image to FILE (replaced whole) instead of standard output."))
}
