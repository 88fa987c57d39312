import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

/// Where `export --output FILE` writes: a new file beside FILE, filled,
/// made durable, then renamed over FILE, so FILE is never half an export.
struct ExportFile {
  let path: String

  /// Runs `body` with an output to the new file; FILE is replaced only
  /// when `body` and every write succeeded.
  func write(_ body: (Output) throws -> Void) throws {
    guard let file = TemporaryFile(beside: path, purpose: "export") else { throw failure(errno) }
    let (temporary, descriptor) = (file.path, file.descriptor)
    var closed = false
    do {
      let output = Output.fileDescriptor(descriptor)
      try body(output)
      output.flush()
      if let error = output.failure { throw failure(error) }
      // mkstemp makes the file 0600; an export is an ordinary file.
      let mask = umask(0)
      umask(mask)
      guard fchmod(descriptor, 0o666 & ~mask) == 0, fsync(descriptor) == 0 else { throw failure(errno) }
      closed = true
      guard close(descriptor) == 0 else { throw failure(errno) }
      guard rename(temporary, path) == 0 else { throw failure(errno) }
    } catch {
      if !closed { close(descriptor) }
      unlink(temporary)
      throw error
    }
  }

  private func failure(_ code: Int32) -> CommandFailure {
    CommandFailure(
      "Can't write \(quote(path)): \(FileProblem.writing(path, code: code)). Nothing was written.")
  }
}
