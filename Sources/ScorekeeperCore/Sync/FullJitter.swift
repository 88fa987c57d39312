/// A share in [0, 1) of a retry's longest wait, drawn from what tells one
/// device's try from another's (its id, and the moment of the try): full
/// jitter, as in "Exponential Backoff And Jitter" (AWS Architecture Blog).
/// Devices that lost the cloud together spread their retries over the
/// whole wait instead of coming back in one burst, and a test that fixes
/// the device and the clock gets one wait, every run. (Swift's `Hasher` is
/// seeded anew in each process: FNV-1a is the same everywhere.)
enum FullJitter {
  static func share(device: String, at time: Timestamp) -> Double {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in "\(device)@\(time.millisecondsSince1970)".utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    // The top 53 bits: as many as a Double holds exactly.
    return Double(hash >> 11) / Double(UInt64(1) << 53)
  }
}
