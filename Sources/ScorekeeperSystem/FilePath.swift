/// Paths as the file system reads them, without touching it.
public enum FilePath {
  /// The folder a path names a file in ("." for a bare name, "/" for one
  /// at the root).
  public static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
