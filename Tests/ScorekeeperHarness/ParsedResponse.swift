import Foundation

/// A response split into its status line, fields and body.
public struct ParsedResponse: Equatable {
  public var status: String
  public var fields: [String]
  public var body: String

  public init(_ text: String) {
    let parts = text.components(separatedBy: "\r\n\r\n")
    let head = parts[0].components(separatedBy: "\r\n")
    status = head[0]
    fields = Array(head.dropFirst())
    body = parts.dropFirst().joined(separator: "\r\n\r\n")
  }

  public func field(_ name: String) -> String? {
    fields.first { $0.lowercased().hasPrefix(name.lowercased() + ":") }.map {
      String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces)
    }
  }
}
