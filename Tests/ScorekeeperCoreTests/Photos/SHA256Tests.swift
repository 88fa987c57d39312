import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

@Suite struct SHA256Tests {
  @Test(
    "the standard's test vectors, and lengths either side of a block and of the padding (those from Python's hashlib)",
    arguments: [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
      (String(repeating: "a", count: 55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
      (String(repeating: "a", count: 56), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
      (String(repeating: "a", count: 63), "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
      (String(repeating: "a", count: 64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
      (String(repeating: "a", count: 65), "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
      (
        String(repeating: "a", count: 119), "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"
      ),
      (
        String(repeating: "a", count: 120), "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"
      ),
      (
        String(repeating: "a", count: 1_000_000),
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
      ),
    ])
  func vectors(message: String, hash: String) {
    #expect(SHA256.hex(of: Array(message.utf8)) == hash)
    var software = SHA256(inHardware: false)
    software.update(Array(message.utf8))
    #expect(software.finishHex() == hash)
  }

  /// `SHA256()` takes the hardware rounds where the processor has them
  /// (this is the test that would catch them going wrong there); the
  /// software rounds must agree with them on any input.
  @Test(
    "the hardware rounds agree with the software rounds on every length up to four blocks and on a megabyte",
    .enabled(if: SHA256.hardwareRoundsAvailable, "this processor has no SHA extensions"))
  func hardwareAgrees() {
    var generator = SplitMix64(seed: 13)
    for length in Array(0...256) + [1024 * 1024 + 33] {
      let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      var hardware = SHA256(inHardware: true)
      var software = SHA256(inHardware: false)
      hardware.update(bytes)
      software.update(bytes)
      #expect(hardware.finishHex() == software.finishHex(), "\(length) bytes")
    }
  }

  @Test("bytes given in two pieces hash as the whole, split at and either side of a block's edge")
  func pieces() {
    let bytes = (0..<5).flatMap { _ in (0...255).map { UInt8($0) } }
    let whole = "d414b085826eb06778483ba35564dc849e643359f69ed9747878ba6e54985bed"
    #expect(SHA256.hex(of: bytes) == whole)
    for split in [0, 1, 63, 64, 65, 127, 640, 1279, 1280] {
      var hash = SHA256()
      hash.update(bytes[..<split])
      hash.update(bytes[split...])
      #expect(hash.finishHex() == whole, "split at \(split)")
    }
  }
}
