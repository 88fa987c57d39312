/// A file that cannot be imported: where (a JSON path and line, or a CSV
/// line and column) and what is wrong. Nothing was written.
public struct ImportError: Error, Equatable, CustomStringConvertible {
  public let location: String
  public let problem: String

  public init(location: String, problem: String) {
    self.location = location
    self.problem = problem
  }

  public var description: String { "at \(location): \(problem)" }
}
