extension Command {
  static let help = Command(
    spec: CommandSpec(
      name: "help",
      summary: "Show help for scorekeeper or for one command.",
      arguments: [ArgumentSpec(name: "COMMAND", help: "The command to explain.", isOptional: true)],
      examples: ["scorekeeper help", "scorekeeper help score"]
    ),
    run: { invocation in
      guard let name = invocation.optionalArgument("COMMAND") else {
        invocation.output.write(HelpText.overview())
        return
      }
      guard let command = Command.named(name) else {
        // Reuse the parser's message for an unknown command.
        _ = try Program.parser.parse([name])
        return
      }
      invocation.output.write(HelpText.details(of: command.spec))
    })
}
