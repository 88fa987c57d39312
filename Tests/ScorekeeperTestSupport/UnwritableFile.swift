import Foundation

/// Makes a file unwritable for as long as this value lives, even for root,
/// who ignores permission bits: `chmod 444` for any other user, the
/// immutable attribute (`chattr +i`) for root. Throws, failing the test
/// rather than skipping it, when the file stays writable.
public final class UnwritableFile {
  public let path: String
  private let asRoot = geteuid() == 0

  public init(_ path: String) throws {
    self.path = path
    if asRoot {
      try Self.chattr("+i", path)
    } else if chmod(path, 0o444) != 0 {
      throw SetUpFailure("chmod 444 \(path): errno \(errno)")
    }
    let descriptor = open(path, O_WRONLY)
    if descriptor >= 0 {
      close(descriptor)
      restore()
      throw SetUpFailure("\(path) is still writable")
    }
  }

  deinit { restore() }

  private func restore() {
    if asRoot { try? Self.chattr("-i", path) } else { chmod(path, 0o644) }
  }

  private static func chattr(_ flag: String, _ path: String) throws {
    try ShellCommand.output(["chattr", flag, path])
  }
}
