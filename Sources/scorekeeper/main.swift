#if canImport(Glibc)
  import Glibc
#endif

let program = Program(
  environment: { name in getenv(name).map { String(cString: $0) } },
  output: .fileDescriptor(STDOUT_FILENO),
  errors: .fileDescriptor(STDERR_FILENO),
  terminal: .standardInput)
exit(program.run(Array(CommandLine.arguments.dropFirst())).rawValue)
