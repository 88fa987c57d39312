#if canImport(Glibc)
  import Glibc
#endif

let program = Program(
  environment: { name in getenv(name).map { String(cString: $0) } },
  output: .fileDescriptor(STDOUT_FILENO),
  errors: .fileDescriptor(STDERR_FILENO),
  terminal: .standardInput)
// The arguments' bytes, not CommandLine.arguments, which repairs invalid UTF-8.
let rawArguments = (1..<Int(CommandLine.argc)).map { index in
  Array(
    UnsafeBufferPointer(start: CommandLine.unsafeArgv[index], count: strlen(CommandLine.unsafeArgv[index]!))
  )
  .map { UInt8(bitPattern: $0) }
}
let status = program.run(rawArguments: rawArguments)
if status == .closedPipe {
  // End as a tool killed by SIGPIPE would, so `set -o pipefail` and the
  // shell see what they see for `cat`.
  signal(SIGPIPE, SIG_DFL)
  raise(SIGPIPE)
}
exit(status.rawValue)
