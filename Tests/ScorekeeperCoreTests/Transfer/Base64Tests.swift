import Testing

@testable import ScorekeeperCore

/// Photos travel in exports as base64: RFC 4648's vectors both ways, and
/// only one spelling of any bytes is read.
@Suite struct Base64Tests {
  static let rfcVectors = [
    ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
    ("foobar", "Zm9vYmFy"),
  ]

  @Test("RFC 4648's test vectors encode and decode", arguments: rfcVectors)
  func vectors(bytes: String, text: String) {
    #expect(Base64.encode(Array(bytes.utf8)) == Array(text.utf8))
    #expect(Base64.decode(Array(text.utf8)) == Array(bytes.utf8))
  }

  @Test("every byte value survives the trip")
  func everyByte() {
    let bytes = (0...255).map(UInt8.init) + [0xff, 0x00]
    #expect(Base64.decode(Base64.encode(bytes)) == bytes)
  }

  @Test(
    "text that is not canonical base64 is refused",
    arguments: ["Zg=", "Zh==", "Zm9=", "Z!==", "=Zg=", "Zg==Zg==", "Zm9v\n", "Zg"])
  func refused(text: String) {
    #expect(Base64.decode(Array(text.utf8)) == nil)
  }
}
