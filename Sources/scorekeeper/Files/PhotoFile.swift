import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

/// Where `set-photo` reads a photo and `photo --output` writes one: a file,
/// or `-` for standard input or output. Failures quote the path typed,
/// and nothing has been written when they are thrown.
struct PhotoFile {
  /// The path as typed; `-` is the standard stream.
  let path: String

  var isStandardStream: Bool { path == "-" }

  /// `"cat.png"`, or "the standard input".
  var inputName: String { isStandardStream ? "the standard input" : quote(path) }

  /// Reads the whole file, but never more than `limit` + 1 bytes: a file
  /// (or a pipe) larger than the limit is refused without reading it all.
  func read(limit: Int, stdinIsTerminal: Bool) throws -> [UInt8] {
    if isStandardStream && stdinIsTerminal {
      throw UsageError(
        "The standard input is a terminal: name an image file, or pipe one in "
          + "(scorekeeper set-photo GAME PLAYER - < photo.png).", command: "set-photo")
    }
    let descriptor = isStandardStream ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw UsageError(failure("Can't read")) }
    defer { if !isStandardStream { close(descriptor) } }
    // A regular file's size is known: read it into memory that is never
    // zeroed first (5 MiB of zeroing and page faults otherwise). A pipe's is
    // not, nor is a file's that grows meanwhile: the rest comes in chunks.
    var status = stat()
    let isFile = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    let expected = min(isFile ? Int(status.st_size) + 1 : 64 * 1024, limit + 1)
    var failed = false
    var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
      count = readFully(descriptor, into: UnsafeMutableRawBufferPointer(buffer), failed: &failed)
    }
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    var more = bytes.count == expected
    while more && !failed && bytes.count <= limit {
      let wanted = min(chunk.count, limit + 1 - bytes.count)
      let got = chunk.withUnsafeMutableBytes {
        readFully(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<wanted]), failed: &failed)
      }
      bytes += chunk[..<got]
      more = got == wanted
    }
    guard !failed else { throw UsageError(failure("Can't read")) }
    return bytes
  }

  /// Reads until `buffer` is full or the input ends; the count read.
  private func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, failed: inout Bool)
    -> Int
  {
    var count = 0
    while count < buffer.count {
      let got = Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
      if got < 0 && errno == EINTR { continue }
      if got < 0 { failed = true }
      if got <= 0 { break }
      count += got
    }
    return count
  }

  /// Writes `bytes` whole or not at all: into a new file beside the
  /// target, renamed over it once complete, so a failure (a full disk)
  /// never leaves half a photo where the file was.
  func write(_ bytes: [UInt8]) throws {
    guard let file = TemporaryFile(beside: path, purpose: "photo") else {
      throw PhotoFileError(message: failure("Can't write"))
    }
    let (temporary, descriptor) = (file.path, file.descriptor)
    var written = 0
    var error: Int32 = 0
    while written < bytes.count && error == 0 {
      let result = bytes.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written)
      }
      if result < 0 && errno != EINTR { error = errno } else if result > 0 { written += result }
    }
    // mkstemp makes the file 0600; a photo written out is an ordinary file.
    let mask = umask(0)
    umask(mask)
    if error == 0 && fchmod(descriptor, 0o666 & ~mask) != 0 { error = errno }
    if close(descriptor) != 0 && error == 0 { error = errno }
    if error == 0 && rename(temporary, path) != 0 { error = errno }
    if error != 0 {
      unlink(temporary)
      errno = error
      throw PhotoFileError(message: failure("Can't write"))
    }
  }

  /// A refusal naming the path and the system's reason (from `errno`).
  private func failure(_ action: String) -> String {
    "\(action) \(quote(path)): \(String(cString: strerror(errno))). Nothing was changed."
  }
}

/// A photo could not be written out (exit 1). A file that cannot be read
/// is a usage error instead (exit 2): the argument names no image.
struct PhotoFileError: Error, Equatable {
  let message: String
}
