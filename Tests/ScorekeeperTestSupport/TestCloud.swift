import ScorekeeperCore

/// Where a test's mock cloud keeps its data.
public enum CloudBacking: String, CaseIterable, Sendable, CustomStringConvertible {
  case memory
  case file

  public var description: String { rawValue }
}

/// A fresh mock cloud server for one test, in memory or in a file of its
/// own directory, with a fixed clock and sequential share links.
///
/// The conformance suite reaches the server only through `container(_:)`
/// (the `CloudContainer` protocol) and the administration a live service
/// offers its operators too (account status, faults, token expiry), so the
/// same tests can run against a live cloud.
public final class TestCloud {
  public let cloud: MockCloud
  private let directory: TemporaryDirectory?

  public init(_ backing: CloudBacking = .memory, clock: Clock = .constant(testNow)) throws {
    switch backing {
    case .memory:
      directory = nil
      cloud = try MockCloud(clock: clock, shareLinks: .sequential)
    case .file:
      let directory = try TemporaryDirectory()
      self.directory = directory
      cloud = try MockCloud(path: directory.file("mock-cloud.sqlite"), clock: clock, shareLinks: .sequential)
    }
  }

  public var path: String { cloud.path }

  public func container(_ userName: String) -> any CloudContainer {
    cloud.container(for: userName)
  }

  public func setAccountStatus(_ status: AccountStatus, for userName: String) throws {
    try cloud.setAccountStatus(status, for: userName)
  }

  public func inject(_ faults: CloudFault...) {
    cloud.inject(faults)
  }

  public func expireChangeTokens() throws {
    try cloud.expireChangeTokens()
  }

  /// The whole server as `cloud dump` prints it.
  public func dump() throws -> String {
    var lines: [String] = []
    try cloud.dump { lines.append($0) }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension CloudRecord {
  /// The record without what the server assigns (tag and time), to compare
  /// what was stored with what was sent.
  public var contents: CloudRecord {
    var copy = self
    copy.changeTag = nil
    copy.modifiedAt = nil
    if copy.sharing != nil {
      copy.sharing = ShareSettings(
        publicPermission: copy.sharing!.publicPermission,
        participants: copy.sharing!.participants.map {
          ShareParticipant(userName: $0.userName, permission: $0.permission)
        })
    }
    return copy
  }
}

extension Result {
  /// The failure, or nil on success: for comparing whole result tables.
  public var failure: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }
}
