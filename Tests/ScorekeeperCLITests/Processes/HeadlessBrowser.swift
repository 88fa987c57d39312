import Foundation
import ScorekeeperTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Headless Chromium (Debian's `chromium`), driven through the DevTools
/// protocol over `--remote-debugging-pipe` (JSON messages ended by NUL
/// on descriptors 3 and 4, here two named pipes): a real browser loading
/// `serve`'s page, for the tests of what a TV shows. Every wait is bounded.
final class HeadlessBrowser {
  private let process: Process
  private let commands: Int32
  private let events: Int32
  private var nextID = 1
  private var received: [UInt8] = []
  /// The page's session, once `open` attached to it.
  private var session: String?
  private let width: Int
  private let height: Int

  static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") }

  init(directory: TemporaryDirectory, width: Int = 1920, height: Int = 1080) throws {
    (self.width, self.height) = (width, height)
    let (input, output) = (directory.file("cdp.in"), directory.file("cdp.out"))
    guard mkfifo(input, 0o600) == 0, mkfifo(output, 0o600) == 0 else {
      throw SetUpFailure("mkfifo: \(String(cString: strerror(errno)))")
    }
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c",
      #"exec /usr/bin/chromium --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage "#
        + #"--no-first-run --hide-scrollbars --window-size=\#(width),\#(height) --user-data-dir="$0/profile" "#
        + #"--remote-debugging-pipe about:blank 3<"$0/cdp.in" 4>"$0/cdp.out""#,
      directory.path,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    // The browser's end opens as ours does; neither open may wait forever.
    events = Glibc.open(output, O_RDONLY | O_NONBLOCK)
    let browser = process
    let commands = Polling.value(within: 60, { Glibc.open(input, O_WRONLY | O_NONBLOCK) }) {
      $0 >= 0 || !browser.isRunning
    }
    guard commands >= 0 else {
      process.terminate()
      throw SetUpFailure("chromium did not open its DevTools pipe")
    }
    self.commands = commands
    _ = fcntl(commands, F_SETFL, fcntl(commands, F_GETFL) & ~O_NONBLOCK)
  }

  deinit { close() }

  func close() {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    Glibc.close(commands)
    Glibc.close(events)
  }

  /// Opens `url` in a new page and attaches to it.
  func open(_ url: String) throws {
    let target = try call("Target.createTarget", ["url": url], inPage: false)
    let attached = try call(
      "Target.attachToTarget", ["targetId": target["targetId"] as! String, "flatten": true], inPage: false)
    session = attached["sessionId"] as? String
    // The viewport exactly the screen's size (the window's includes its frame).
    _ = try call(
      "Emulation.setDeviceMetricsOverride",
      ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
  }

  /// The value of a JavaScript expression in the page.
  func evaluate(_ expression: String) throws -> Any? {
    let result = try call("Runtime.evaluate", ["expression": expression, "returnByValue": true])
    return (result["result"] as? [String: Any])?["value"]
  }

  /// The expression's value once `done` holds for it, or the last after `seconds`.
  func evaluate(_ expression: String, within seconds: Double = 30, until done: (Any?) -> Bool) throws -> Any?
  {
    try Polling.value(within: seconds, every: 0.05, { try evaluate(expression) }, until: done)
  }

  /// The page as a PNG, as the window shows it.
  func screenshot() throws -> [UInt8] {
    let result = try call("Page.captureScreenshot", ["format": "png"])
    return Array(Data(base64Encoded: result["data"] as! String)!)
  }

  /// Sends a command and returns its result, skipping the events between.
  func call(_ method: String, _ parameters: [String: Any] = [:], inPage: Bool = true) throws -> [String: Any]
  {
    let id = nextID
    nextID += 1
    var message: [String: Any] = ["id": id, "method": method, "params": parameters]
    if inPage, let session { message["sessionId"] = session }
    var bytes = Array(try JSONSerialization.data(withJSONObject: message))
    bytes.append(0)
    guard bytes.withUnsafeBytes({ write(commands, $0.baseAddress, $0.count) }) == bytes.count else {
      throw SetUpFailure("writing to chromium failed")
    }
    let deadline = Date().addingTimeInterval(60)
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while Date() < deadline {
      while let end = received.firstIndex(of: 0) {
        let text = Data(received[..<end])
        received.removeFirst(end + 1)
        guard let answer = try JSONSerialization.jsonObject(with: text) as? [String: Any],
          answer["id"] as? Int == id
        else { continue }
        if let error = answer["error"] { throw SetUpFailure("\(method): \(error)") }
        return answer["result"] as? [String: Any] ?? [:]
      }
      var entry = pollfd(fd: events, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, 100) > 0 else { continue }
      let count = read(events, &buffer, buffer.count)
      if count > 0 { received += buffer[..<count] }
      if count == 0 { usleep(20_000) }  // no writer yet, or it went away
    }
    throw SetUpFailure("chromium did not answer \(method) within 60 s")
  }
}
