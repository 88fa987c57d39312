import Glibc

/// Runs whole processes, output to /dev/null, and measures them.
enum ProcessTimer {
  /// Wall time from spawn to exit, in milliseconds.
  /// - Parameter allowFailure: a command timed for its failure (a non-zero
  ///   status is then what it is expected to end with).
  static func milliseconds(_ arguments: [String], allowFailure: Bool = false) throws -> Double {
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    try run(arguments, allowFailure: allowFailure)
    var end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &end)
    let nanoseconds = (end.tv_sec - start.tv_sec) * 1_000_000_000 + (end.tv_nsec - start.tv_nsec)
    return Double(nanoseconds) / 1e6
  }

  /// Peak resident memory, in KiB, as GNU time reports it.
  ///
  /// Not from this process's own wait4: posix_spawn starts children by
  /// vfork, and Linux then carries the parent's memory high-water mark into
  /// the child's ru_maxrss, so every child would look as big as this
  /// benchmark. GNU time forks from a tiny process, so its figure is the
  /// command's own.
  static func peakKilobytes(_ arguments: [String], scratch: String, allowFailure: Bool = false) throws -> Int
  {
    let report = scratch + "/time-report"
    try run(["/usr/bin/time", "-f", "%M", "-o", report] + arguments, allowFailure: allowFailure)
    guard let file = fopen(report, "r") else { throw BenchError("no report from /usr/bin/time") }
    defer { fclose(file) }
    var kilobytes = 0
    guard fscanf_int(file, &kilobytes) else { throw BenchError("unreadable report from /usr/bin/time") }
    return kilobytes
  }

  private static func fscanf_int(_ file: UnsafeMutablePointer<FILE>, _ value: inout Int) -> Bool {
    // (A command that failed has "Command exited with non-zero status N" first.)
    var buffer = [CChar](repeating: 0, count: 128)
    while fgets(&buffer, 128, file) != nil {
      let text = String(
        decoding: buffer.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if let number = Int(text) {
        value = number
        return true
      }
    }
    return false
  }

  /// Runs a command to its end; its output goes to /dev/null unless
  /// `showingOutput` (then it prints where this process does).
  static func run(_ arguments: [String], showingOutput: Bool = false, allowFailure: Bool = false) throws {
    var fileActions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&fileActions)
    defer { posix_spawn_file_actions_destroy(&fileActions) }
    posix_spawn_file_actions_addopen(&fileActions, 0, "/dev/null", O_RDONLY, 0)
    if !showingOutput {
      posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
    }

    // Leading NAME=value words set variables for this command only, as
    // env(1) would, without the cost of starting env itself.
    let assignments = arguments.prefix { $0.contains("=") && !$0.hasPrefix("/") && !$0.hasPrefix("-") }
    let arguments = Array(arguments.dropFirst(assignments.count))
    var environment: [UnsafeMutablePointer<CChar>?] = assignments.map { strdup($0) }
    var inherited = environ
    while let variable = inherited.pointee {
      environment.append(strdup(variable))
      inherited += 1
    }
    environment.append(nil)
    defer { environment.forEach { free($0) } }
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, arguments[0], &fileActions, nil, argv, environment)
    guard spawned == 0 else { throw BenchError("cannot start \(arguments[0]): error \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw BenchError("waitpid failed for \(arguments[0])") }
    }
    guard status == 0 || allowFailure else {
      throw BenchError("\(arguments.joined(separator: " ")) exited with status \(status >> 8)")
    }
  }
}

struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
