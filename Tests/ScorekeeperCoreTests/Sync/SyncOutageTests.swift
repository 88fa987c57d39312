import Testing

@testable import ScorekeeperCore

/// Retries after an outage (issue 50): exponential backoff with full
/// jitter, so devices that lost the cloud together come back spread out.
@Suite struct SyncOutageTests {
  let start = Timestamp(millisecondsSince1970: 1_767_225_600_000)

  func at(_ milliseconds: Int64) -> Timestamp {
    Timestamp(millisecondsSince1970: start.millisecondsSince1970 + milliseconds)
  }

  @Test(
    "each wait is a share of a ceiling: a second at first, twice the outage's age after, 15 minutes at most")
  func ceilings() {
    let first = SyncOutage.after(nil, now: start, share: 0.5)
    #expect(first == SyncOutage(since: start, retryAt: at(500)))
    #expect(
      SyncOutage.after(first, now: at(200), share: 0.999) == SyncOutage(since: start, retryAt: at(200 + 999)))
    #expect(
      SyncOutage.after(first, now: at(31_000), share: 0.5)
        == SyncOutage(since: start, retryAt: at(31_000 + 31_000)))
    #expect(
      SyncOutage.after(first, now: at(3_600_000), share: 0.5)
        == SyncOutage(since: start, retryAt: at(3_600_000 + 450_000)))
    #expect(
      SyncOutage.after(first, now: at(10_000), share: 0) == SyncOutage(since: start, retryAt: at(10_000)))
  }

  @Test(
    "a device's share is the same every run; 1,000 devices failing at one moment spread over the whole wait")
  func sharesSpread() {
    let shares = (1...1000).map { FullJitter.share(device: "device-\($0)", at: start) }
    #expect(shares == (1...1000).map { FullJitter.share(device: "device-\($0)", at: start) })
    #expect(shares.allSatisfy { (0..<1).contains($0) })
    // Every tenth of the wait gets some 100 of them (binomial: 70 to 130
    // holds far beyond chance for a fair spread).
    let tenths = Dictionary(grouping: shares) { Int($0 * 10) }.mapValues(\.count)
    #expect(tenths.keys.sorted() == Array(0..<10))
    #expect(tenths.values.allSatisfy { (70...130).contains($0) }, "\(tenths.sorted { $0.key < $1.key })")
    // One device's next try draws another share.
    #expect(
      FullJitter.share(device: "device-1", at: start) != FullJitter.share(device: "device-1", at: at(1)))
  }
}
