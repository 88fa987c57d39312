extension Command {
  static let help = Command(
    spec: CommandSpec(
      name: "help",
      summary: "Show help for scorekeeper or for one command.",
      arguments: [Argument.command.spec],
      examples: ["scorekeeper help", "scorekeeper help score"],
      printsJSON: false
    ),
    pages: true,
    run: { invocation in
      guard let name = invocation[ifGiven: .command] else {
        invocation.output.write(HelpText.overview())
        return
      }
      invocation.output.write(HelpText.details(of: try Program.parser.commandSpec(name)))
    })
}

extension Argument where Value == String {
  fileprivate static let command = Argument(
    ArgumentSpec(name: "COMMAND", help: "The command to explain.", isOptional: true))
}
