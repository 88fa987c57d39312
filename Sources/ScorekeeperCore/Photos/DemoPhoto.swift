/// The photos `demo` gives its players: a head-and-shoulders silhouette
/// on a background whose colour comes from the player's name, so each
/// player's photo is its own and the same on every run.
public enum DemoPhoto {
  public static let size = 64

  /// A `size` × `size` PNG for the player called `name`.
  public static func png(for name: String) -> [UInt8] {
    let digest = SHA256.hex(of: Array(name.utf8))
    let hue = Double(Int(digest.prefix(4), radix: 16)!) / 65_536
    let background = rgb(hue: hue, saturation: 0.45, value: 0.85)
    let figure = rgb(hue: hue, saturation: 0.35, value: 0.35)
    let center = Double(size) / 2
    return PNGEncoder.encode(width: size, height: size) { x, y in
      let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
      let head = (px - center) * (px - center) + (py - 26) * (py - 26) <= 12 * 12
      // Shoulders: the top of an ellipse rising from the bottom edge.
      let across = (px - center) / 24
      let up = (py - 70) / 26
      let shoulders = across * across + up * up <= 1
      return head || shoulders ? figure : background
    }
  }

  /// HSV to 8-bit RGB (hue in 0..<1).
  static func rgb(hue: Double, saturation: Double, value: Double) -> (red: UInt8, green: UInt8, blue: UInt8) {
    let sector = Int(hue * 6) % 6
    let fraction = hue * 6 - Double(Int(hue * 6))
    let (p, q, t) = (
      value * (1 - saturation), value * (1 - saturation * fraction), value * (1 - saturation * (1 - fraction))
    )
    let (r, g, b) =
      [(value, t, p), (q, value, p), (p, value, t), (p, q, value), (t, p, value), (value, p, q)][sector]
    func byte(_ component: Double) -> UInt8 { UInt8((component * 255).rounded()) }
    return (byte(r), byte(g), byte(b))
  }
}
