extension ImageHeader {
  /// HEIC: an ISO base media file (HEIF). The size is the primary item's
  /// `ispe` property: `meta` names the primary item (`pitm`), and its
  /// `iprp` box lists the properties (`ipco`) and which item has which
  /// (`ipma`). Thumbnails and tiles have `ispe` properties of their own,
  /// so the first one found is only the fallback when nothing says which.
  static func heicSize(_ reader: inout ByteReader) throws(ByteReader.Failure) -> (Int, Int) {
    guard let meta = try boxes(in: 0..<reader.bytes.count, of: &reader).first(where: { $0.type == "meta" })
    else {
      throw ByteReader.Failure("it has no meta box")
    }
    let inMeta = try boxes(in: meta.content.dropFirst(4), of: &reader)  // (after version and flags)
    var primary: UInt32?
    if let pitm = inMeta.first(where: { $0.type == "pitm" }) {
      reader.offset = pitm.content.lowerBound
      let version = try reader.uint8()
      try reader.skip(3)
      primary = version == 0 ? UInt32(try reader.uint16BE()) : try reader.uint32BE()
    }
    guard let iprp = inMeta.first(where: { $0.type == "iprp" }) else {
      throw ByteReader.Failure("it has no item properties")
    }
    let inIprp = try boxes(in: iprp.content, of: &reader)
    guard let ipco = inIprp.first(where: { $0.type == "ipco" }) else {
      throw ByteReader.Failure("it has no item properties")
    }
    let properties = try boxes(in: ipco.content, of: &reader)
    var chosen = properties.first { $0.type == "ispe" }
    if let primary, let ipma = inIprp.first(where: { $0.type == "ipma" }) {
      let indices = try propertyIndices(of: primary, in: ipma, &reader)
      chosen =
        indices.lazy.compactMap { $0 >= 1 && $0 <= properties.count ? properties[$0 - 1] : nil }
        .first { $0.type == "ispe" } ?? chosen
    }
    guard let ispe = chosen else { throw ByteReader.Failure("it has no image size (ispe)") }
    reader.offset = ispe.content.lowerBound + 4  // (after version and flags)
    let width = Int(try reader.uint32BE())
    return (width, Int(try reader.uint32BE()))
  }

  struct Box {
    let type: String
    let content: Range<Int>
  }

  /// The boxes laid end to end in `range`.
  private static func boxes(in range: Range<Int>, of reader: inout ByteReader) throws(ByteReader.Failure)
    -> [Box]
  {
    var found: [Box] = []
    reader.offset = range.lowerBound
    while reader.offset + 8 <= range.upperBound {
      let start = reader.offset
      var size = UInt64(try reader.uint32BE())
      let type = try reader.tag()
      if size == 1 {
        size = try reader.uint64BE()
      } else if size == 0 {
        size = UInt64(range.upperBound - start)  // to the end
      }
      let headerEnd = reader.offset
      guard size >= UInt64(headerEnd - start), size <= UInt64(range.upperBound - start) else {
        throw ByteReader.Failure("its \"\(type)\" box says it is \(size) bytes long")
      }
      found.append(Box(type: type, content: headerEnd..<start + Int(size)))
      reader.offset = start + Int(size)
    }
    return found
  }

  /// The 1-based indices into `ipco` of the properties `ipma` gives `item`.
  private static func propertyIndices(of item: UInt32, in ipma: Box, _ reader: inout ByteReader)
    throws(ByteReader.Failure) -> [Int]
  {
    reader.offset = ipma.content.lowerBound
    let version = try reader.uint8()
    try reader.skip(2)  // the flags' 24 bits: only the lowest means anything,
    let wideIndices = try reader.uint8() & 1 == 1  // 15-bit indices instead of 7
    for _ in 0..<(try reader.uint32BE()) {
      let id = version < 1 ? UInt32(try reader.uint16BE()) : try reader.uint32BE()
      var indices: [Int] = []
      for _ in 0..<(try reader.uint8()) {
        indices.append(wideIndices ? Int(try reader.uint16BE() & 0x7FFF) : Int(try reader.uint8() & 0x7F))
      }
      if id == item { return indices }
    }
    return []
  }
}
