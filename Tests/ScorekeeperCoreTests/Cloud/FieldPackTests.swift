import ScorekeeperTestSupport
import Testing

@testable import ScorekeeperCore

/// One value for a record's fields (`FieldPack`: the mock server's, a
/// device's merge base): every kind of value comes back exactly, and
/// bytes no pack makes are refused.
@Suite struct FieldPackTests {
  let zone = ZoneID(name: "games", ownerName: "alice")

  @Test("every kind of value, at its edges, comes back exactly as packed")
  func roundTrip() throws {
    let fields: [String: CloudValue] = [
      "text": .string("Zoë \u{1F3B2} \"quoted\"\n"), "empty": .string(""), "min": .int64(.min),
      "max": .int64(.max), "third": .double(0.1 + 0.2), "smallest": .double(5e-324),
      "negativeZero": .double(-0.0), "infinity": .double(-.infinity), "at": .date(testNow),
      "before1970": .date(Timestamp(millisecondsSince1970: -1)), "bytes": .bytes([0, 255, 0, 10]),
      "noBytes": .bytes([]), "photo": .asset(CloudAsset(bytes: Array(repeating: 7, count: 300)).withoutBytes),
      "player": .reference(RecordID(name: "p1", zoneID: zone)), "": .int64(0),
      String(repeating: "k", count: 200): .string(String(repeating: "v", count: 20_000)),
    ]
    let packed = FieldPack.pack(fields)
    expectNoDifference(FieldPack.unpack(packed, zoneID: zone), fields)
    // A double by its bits: -0.0 stays negative.
    guard case .double(let zero)? = FieldPack.unpack(packed, zoneID: zone)?["negativeZero"] else {
      Issue.record("no negativeZero")
      return
    }
    #expect(zero.sign == .minus)
    #expect(FieldPack.unpack(FieldPack.pack([:]), zoneID: zone) == [:])
    #expect(FieldPack.pack([:]) == [])
  }

  @Test("the same fields pack to the same bytes, whatever order the dictionary holds them in")
  func stable() {
    let fields: [String: CloudValue] = ["b": .int64(2), "a": .string("x"), "c": .double(1.5)]
    let reversed = Dictionary(uniqueKeysWithValues: fields.sorted { $0.key > $1.key })
    #expect(FieldPack.pack(fields) == FieldPack.pack(reversed))
    // Key "a" first: its length, its byte, then the string kind (1).
    #expect(Array(FieldPack.pack(fields).prefix(3)) == [1, UInt8(ascii: "a"), 1])
  }

  @Test("an asset keeps its reference only: the server holds its bytes apart")
  func assetWithoutBytes() {
    let asset = CloudAsset(bytes: [1, 2, 3])
    let unpacked = FieldPack.unpack(FieldPack.pack(["photo": .asset(asset)]), zoneID: zone)
    guard case .asset(let read)? = unpacked?["photo"] else {
      Issue.record("no asset: \(String(describing: unpacked))")
      return
    }
    #expect(read == asset && read.bytes == nil)
  }

  @Test("a parked record's base keeps an asset's bytes when asked, and only an asset that has them")
  func assetWithBytes() {
    let asset = CloudAsset(bytes: [1, 2, 3])
    let kept = FieldPack.unpack(
      FieldPack.pack(["photo": .asset(asset)], keepingAssetBytes: true), zoneID: nil)
    guard case .asset(let read)? = kept?["photo"] else {
      Issue.record("no asset: \(String(describing: kept))")
      return
    }
    #expect(read == asset && read.bytes == [1, 2, 3])
    // Kind 8, the bytes' length, the bytes.
    #expect(
      FieldPack.pack(["p": .asset(asset)], keepingAssetBytes: true) == [1, UInt8(ascii: "p"), 8, 3, 1, 2, 3])
    let unfetched: [String: CloudValue] = ["photo": .asset(asset.withoutBytes)]
    #expect(FieldPack.pack(unfetched, keepingAssetBytes: true) == FieldPack.pack(unfetched))
  }

  @Test("a reference is read only into a zone: a merge base, read without one, holds none")
  func referenceNeedsZone() {
    let fields: [String: CloudValue] = ["player": .reference(RecordID(name: "p1", zoneID: zone))]
    #expect(FieldPack.unpack(FieldPack.pack(fields), zoneID: zone) == fields)
    #expect(FieldPack.unpack(FieldPack.pack(fields), zoneID: nil) == nil)
  }

  @Test(
    "bytes no pack makes are refused, not half read",
    arguments: [
      ("cut short in a key", [5, 65, 66]),
      ("no kind", [1, 65]),
      ("an unknown kind", [1, 65, 9, 0]),
      ("a number cut short", [1, 65, 2, 1, 2, 3]),
      ("a length past the end", [1, 65, 1, 200, 1, 65]),
      ("a length that never ends", [1, 65, 5] + Array(repeating: 0xff, count: 12)),
      ("text that is not UTF-8", [1, 65, 1, 2, 0xc3, 0x28]),
      ("a key twice", [1, 65, 2, 1, 0, 0, 0, 0, 0, 0, 0, 1, 65, 2, 2, 0, 0, 0, 0, 0, 0, 0]),
      ("an asset reference that is not one", [1, 65, 6, 3, 97, 47, 49]),
    ] as [(String, [UInt8])])
  func malformed(case: String, bytes: [UInt8]) {
    #expect(FieldPack.unpack(bytes, zoneID: zone) == nil, "\(`case`)")
  }
}
