/// A statement parameter: text, as the server reads a literal, or bytes
/// sent as they are (binary format), so a file's content travels without
/// being spelled out in hex.
public enum PGParameter: Hashable, Sendable {
  case text(String)
  /// A `bytea[]` in the server's binary array format.
  case byteaArray([[UInt8]])
  case null

  public init(_ text: String?) {
    self = text.map(PGParameter.text) ?? .null
  }

  /// `bytea[]`'s type id (pg_type.oid), which binary parameters name.
  static let byteaArrayType: UInt32 = 1001
  static let byteaType: UInt32 = 17

  /// The bytes libpq sends, and whether they are binary.
  var wire: (bytes: [UInt8]?, isBinary: Bool, type: UInt32) {
    switch self {
    case .text(let text): (Array(text.utf8) + [0], false, 0)
    case .null: (nil, false, 0)
    case .byteaArray(let elements): (Self.binaryArray(elements), true, Self.byteaArrayType)
    }
  }

  /// The binary array format (array_recv): dimensions, a null flag, the
  /// element type, then each dimension's length and lower bound, then
  /// each element's length and bytes; every number big-endian.
  private static func binaryArray(_ elements: [[UInt8]]) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(20 + elements.reduce(0) { $0 + 4 + $1.count })
    func append(_ number: UInt32) {
      bytes += [
        UInt8(number >> 24), UInt8(number >> 16 & 0xff), UInt8(number >> 8 & 0xff), UInt8(number & 0xff),
      ]
    }
    append(1)  // one dimension (an empty array has none)
    append(0)  // no NULLs
    append(byteaType)
    append(UInt32(elements.count))
    append(1)  // lower bound
    for element in elements {
      append(UInt32(element.count))
      bytes += element
    }
    if elements.isEmpty { bytes = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(byteaType)] }
    return bytes
  }
}
