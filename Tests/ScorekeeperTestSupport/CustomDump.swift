@_spi(Testing) import ScorekeeperCore

/// A readable, deterministic, multi-line rendering of any value, for
/// failure messages: one field per line, so a line diff of two dumps points
/// at the field that differs. Modelled on pointfreeco's swift-custom-dump.
///
///     Player(
///       id: "ffffffff-ffff-ffff-ffff-ffffffffffff",
///       name: "Alice",
///       score: 12
///     )
///
/// Dictionaries and sets are sorted by their rendered keys or elements, so
/// their dumps do not depend on hashing order.
public func customDump(_ value: Any) -> String {
  // A multi-line text (a dump, a transcript) compares best line by line,
  // so it is shown as a block rather than one escaped line.
  if let text = value as? String, text.contains("\n") {
    return "\"\"\"\n" + text + "\n\"\"\""
  }
  return dump(value, indent: 0)
}

private func dump(_ value: Any, indent: Int) -> String {
  let pad = String(repeating: "  ", count: indent + 1)
  let close = String(repeating: "  ", count: indent)
  switch value {
  case let text as String:
    return quote(text)
  case let character as Character:
    return quote(String(character))
  case is any BinaryInteger, is any FloatingPoint, is Bool:
    return "\(value)"
  default:
    break
  }
  let mirror = Mirror(reflecting: value)
  switch mirror.displayStyle {
  case .optional:
    guard let wrapped = mirror.children.first else { return "nil" }
    return dump(wrapped.value, indent: indent)
  case .collection:
    let elements = mirror.children.enumerated().map {
      "\(pad)[\($0.offset)]: " + dump($0.element.value, indent: indent + 1)
    }
    return elements.isEmpty ? "[]" : "[\n" + elements.joined(separator: ",\n") + "\n\(close)]"
  case .set:
    let elements = mirror.children.map { pad + dump($0.value, indent: indent + 1) }.sorted()
    return elements.isEmpty ? "Set([])" : "Set([\n" + elements.joined(separator: ",\n") + "\n\(close)])"
  case .dictionary:
    let pairs = mirror.children.map { child -> String in
      let pair = Mirror(reflecting: child.value).children.map(\.value)
      return pad + dump(pair[0], indent: indent + 1) + ": " + dump(pair[1], indent: indent + 1)
    }.sorted()
    return pairs.isEmpty ? "[:]" : "[\n" + pairs.joined(separator: ",\n") + "\n\(close)]"
  case .tuple:
    let fields = mirror.children.map { child in
      pad + (child.label.map { $0.hasPrefix(".") ? "" : $0 + ": " } ?? "")
        + dump(child.value, indent: indent + 1)
    }
    return "(\n" + fields.joined(separator: ",\n") + "\n\(close))"
  case .enum:
    // A case with a payload is named by its mirror child's label, which a
    // custom `description` cannot hide.
    guard let payload = mirror.children.first else { return "." + caseName(of: value) }
    let name = "." + (payload.label ?? caseName(of: value))
    let inner = dump(payload.value, indent: indent)
    return name + (inner.hasPrefix("(") ? inner : "(" + inner + ")")
  case .struct, .class:
    let type = String(describing: mirror.subjectType)
    let fields = mirror.children.map { child in
      pad + (child.label.map { $0 + ": " } ?? "") + dump(child.value, indent: indent + 1)
    }
    return fields.isEmpty ? type + "()" : type + "(\n" + fields.joined(separator: ",\n") + "\n\(close))"
  default:
    return String(describing: value)
  }
}

/// The case name of an enum value, without its payload.
private func caseName(of value: Any) -> String {
  let described = String(describing: value)
  return String(described.prefix { $0 != "(" }).split(separator: ".").last.map(String.init) ?? described
}
