/// SHA-256 (FIPS 180-4), for a photo's content hash: what `--json` shows
/// and what tells a changed photo from the same bytes set again. Foundation
/// on Linux has no hash functions and the project takes no packages, so it
/// is written out here, checked against the standard's test vectors.
///
/// Photos are hashed whole on every set and every sync (the client, then
/// the cloud checking what it was sent), so speed matters: x86-64
/// processors with the SHA extensions run the rounds in hardware
/// (`SHA256+Hardware.swift`, about 6× faster); others run them here.
public struct SHA256 {
  typealias State = (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

  private var state: State = (
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
  )
  /// Bytes not yet hashed (less than a block).
  private var pending: [UInt8] = []
  private var length: UInt64 = 0
  private let compress: (inout State, UnsafeRawBufferPointer) -> Void

  public init() {
    self.init(inHardware: Self.hardwareRoundsAvailable)
  }

  /// Rounds in hardware or in software; the tests compare the two.
  init(inHardware: Bool) {
    if inHardware {
      compress = { Self.hardwareCompress(&$0, $1) }
    } else {
      compress = { Self.softwareCompress(&$0, $1) }
    }
  }

  /// The hash of `bytes`, as 64 lowercase hexadecimal digits.
  public static func hex<Bytes: Collection>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
    var hash = SHA256()
    hash.update(bytes)
    return hash.finishHex()
  }

  /// The digest as 64 lowercase hexadecimal digits; the value is spent after this.
  public mutating func finishHex() -> String {
    finish().map { Self.hexDigits[Int($0 >> 4)] + Self.hexDigits[Int($0 & 0xf)] }.joined()
  }

  private static let hexDigits = (0..<16).map { String($0, radix: 16) }

  public mutating func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    length &+= UInt64(bytes.count)
    var rest = bytes[...]
    if !pending.isEmpty {
      let needed = 64 - pending.count
      pending += rest.prefix(needed)
      rest = rest.dropFirst(needed)
      guard pending.count == 64 else { return }
      pending.withUnsafeBytes { compress(&state, $0) }
      pending = []
    }
    // Whole blocks straight from the input (a photo is not copied first).
    let blocks = rest.prefix(rest.count / 64 * 64)
    let hashedInPlace: Void? = blocks.withContiguousStorageIfAvailable {
      compress(&state, UnsafeRawBufferPointer($0))
    }
    if hashedInPlace == nil { Array(blocks).withUnsafeBytes { compress(&state, $0) } }
    pending = Array(rest.dropFirst(blocks.count))
  }

  /// The 32-byte digest; the value is spent after this.
  public mutating func finish() -> [UInt8] {
    let bits = length &* 8
    var tail: [UInt8] = [0x80]
    tail += [UInt8](repeating: 0, count: (119 - pending.count % 64) % 64)
    tail += (0..<8).reversed().map { UInt8(truncatingIfNeeded: bits >> (UInt64($0) * 8)) }
    let counted = length
    update(tail)
    length = counted
    let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
    return words.flatMap { word in (0..<4).reversed().map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) } }
  }

  static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  @inline(__always) private static func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 {
    (x >> n) | (x << (32 &- n))
  }

  /// The rounds in software, over whole 64-byte blocks.
  static func softwareCompress(_ state: inout State, _ blocks: UnsafeRawBufferPointer) {
    guard let base = blocks.baseAddress else { return }
    var hash = state
    roundConstants.withUnsafeBufferPointer { k in
      // (The message schedule on the stack, not an array per block.)
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
        for offset in stride(from: 0, to: blocks.count, by: 64) {
          for t in 0..<16 {
            w[t] = UInt32(bigEndian: base.loadUnaligned(fromByteOffset: offset + t * 4, as: UInt32.self))
          }
          for t in 16..<64 {
            let (x, y) = (w[t - 15], w[t - 2])
            let s0 = rotate(x, 7) ^ rotate(x, 18) ^ (x >> 3)
            let s1 = rotate(y, 17) ^ rotate(y, 19) ^ (y >> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
          }
          var (a, b, c, d, e, f, g, h) = hash
          for t in 0..<64 {
            let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
            let choice = g ^ (e & (f ^ g))
            let temp1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
            let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
            let majority = (a & b) | (c & (a | b))
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ s0 &+ majority)
          }
          hash = (
            hash.0 &+ a, hash.1 &+ b, hash.2 &+ c, hash.3 &+ d, hash.4 &+ e, hash.5 &+ f, hash.6 &+ g,
            hash.7 &+ h
          )
        }
      }
    }
    state = hash
  }
}
