import ScorekeeperCore

extension Command {
  static let completions = Command(
    spec: CommandSpec(
      name: "completions",
      summary: "Print the shell script that completes commands, options, games and players.",
      arguments: [Argument.shell.spec],
      discussion: """
        The script asks scorekeeper itself what to offer, so it completes the games and players of
        the database in use (--db, or the default), quoted for the shell, and the kinds after
        --kind and "kinds" (yours, your games', the built-in ones). make install puts each
        shell's script where that shell looks; to load one yourself, save it as
        ~/.local/share/bash-completion/completions/scorekeeper (bash), as _scorekeeper in a
        directory on $fpath (zsh), or as ~/.config/fish/completions/scorekeeper.fish (fish), or
        load it for this session as the examples do.
        """,
      examples: [
        "source <(scorekeeper completions bash)",
        "scorekeeper completions zsh > ~/.zfunc/_scorekeeper",
        "scorekeeper completions fish | source",
      ],
      printsJSON: false
    ),
    run: { invocation in
      let shell = invocation[.shell]
      guard let script = CompletionScript.script(for: shell) else {
        throw UsageError(
          "No completions for the shell \(quote(shell)): use bash, zsh or fish.", command: "completions")
      }
      invocation.output.write(script)
    })
}

extension Argument where Value == String {
  fileprivate static let shell = Argument(
    ArgumentSpec(
      name: "SHELL", help: "bash, zsh or fish.",
      choices: [
        ("bash", "the Bourne-again shell"), ("zsh", "the Z shell"), ("fish", "the friendly shell"),
      ]))
}
