import Foundation

/// Checks a JSON value against a JSON Schema, for the keywords
/// `Docs/scorekeeper-export.schema.json` uses: `type` (one or a list),
/// `const`, `enum`, `properties`, `required`, `additionalProperties:
/// false`, `items`, `pattern`, `minimum`, `minLength` and local `$ref`s
/// to `$defs`. Any other keyword in the schema fails the check, so the
/// schema cannot silently say more than is checked.
public struct JSONSchemaValidator {
  let root: [String: Any]
  static let known: Set<String> = [
    "$schema", "$id", "title", "description", "$defs", "type", "const", "enum", "properties", "required",
    "additionalProperties", "items", "pattern", "minimum", "minLength", "$ref", "multipleOf",
  ]

  public init(schemaAt path: String) throws {
    root =
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
  }

  /// Every place `value` breaks the schema, as "$.path: why"; empty when it conforms.
  public func problems(in data: Data) throws -> [String] {
    var problems: [String] = []
    check(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]), root, "$", &problems)
    return problems
  }

  private func check(_ value: Any, _ schema: [String: Any], _ path: String, _ problems: inout [String]) {
    for key in schema.keys where !Self.known.contains(key) {
      problems.append("\(path): the schema uses \(key), which this validator does not check")
    }
    if let reference = schema["$ref"] as? String {
      let name = String(reference.dropFirst("#/$defs/".count))
      guard let definitions = root["$defs"] as? [String: Any],
        let target = definitions[name] as? [String: Any]
      else { return problems.append("\(path): unknown $ref \(reference)") }
      check(value, target, path, &problems)
    }
    if let types = schema["type"] {
      let allowed = (types as? [String]) ?? [types as! String]
      guard allowed.contains(where: { Self.value(value, is: $0) }) else {
        return problems.append("\(path): \(Self.describe(value)) is not \(allowed.joined(separator: " or "))")
      }
    }
    if let constant = schema["const"], !Self.equal(value, constant) {
      problems.append("\(path): \(Self.describe(value)) is not \(constant)")
    }
    if let options = schema["enum"] as? [Any], !options.contains(where: { Self.equal(value, $0) }) {
      problems.append("\(path): \(Self.describe(value)) is none of \(options)")
    }
    if let text = value as? String {
      if let minimum = schema["minLength"] as? Int, text.count < minimum {
        problems.append("\(path): \(Self.describe(value)) is shorter than \(minimum)")
      }
      if let pattern = schema["pattern"] as? String,
        text.range(of: pattern, options: .regularExpression) == nil
      {
        problems.append("\(path): \(Self.describe(value)) does not match \(pattern)")
      }
    }
    if let number = value as? NSNumber, let minimum = schema["minimum"] as? Int,
      number.int64Value < minimum
    {
      problems.append("\(path): \(number) is below \(minimum)")
    }
    if let number = value as? NSNumber, let step = schema["multipleOf"] as? Double,
      !Self.value(number, is: "boolean"), (number.doubleValue / step).rounded() * step != number.doubleValue
    {
      problems.append("\(path): \(number) is not a multiple of \(step)")
    }
    if let object = value as? [String: Any] {
      let properties = schema["properties"] as? [String: Any] ?? [:]
      for required in schema["required"] as? [String] ?? [] where object[required] == nil {
        problems.append("\(path): \(required) is missing")
      }
      for (key, member) in object {
        if let propertySchema = properties[key] as? [String: Any] {
          check(member, propertySchema, "\(path).\(key)", &problems)
        } else if schema["additionalProperties"] as? Bool == false {
          problems.append("\(path): \(key) is not allowed")
        }
      }
    }
    if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
      for (index, element) in array.enumerated() { check(element, items, "\(path)[\(index)]", &problems) }
    }
  }

  private static func value(_ value: Any, is type: String) -> Bool {
    switch type {
    case "null": value is NSNull
    case "string": value is String
    case "object": value is [String: Any]
    case "array": value is [Any]
    case "boolean": (value as? NSNumber).map { String(cString: $0.objCType) == "c" } ?? false
    case "integer":
      (value as? NSNumber).map { ["q", "i", "l", "s", "Q"].contains(String(cString: $0.objCType)) } ?? false
    case "number": value is NSNumber && !Self.value(value, is: "boolean")
    default: false
    }
  }

  private static func equal(_ a: Any, _ b: Any) -> Bool {
    if a is NSNull || b is NSNull { return a is NSNull && b is NSNull }
    return (a as? NSObject)?.isEqual(b) ?? false
  }

  private static func describe(_ value: Any) -> String {
    value is NSNull ? "null" : "\(value)"
  }
}
