#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why the system refused a file, in words that say what to change: the
/// system's own ("No such file or directory") do not tell a missing
/// folder from a missing file.
public enum FileProblem {
  /// Why writing `path` failed with the system's error `code`.
  public static func writing(_ path: String, code: Int32) -> String {
    let folder = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
    switch code {
    case ENOENT: return "its folder \(quote(folder)) does not exist; create it first, or name another"
    case ENOTDIR: return "a part of its folder \(quote(folder)) is a file, not a folder"
    case EACCES, EPERM: return "you may not write in its folder \(quote(folder))"
    case EROFS: return "its folder \(quote(folder)) is on a read-only disk"
    case ENOSPC, EDQUOT: return "the disk is full"
    default: return String(cString: strerror(code))
    }
  }
}
