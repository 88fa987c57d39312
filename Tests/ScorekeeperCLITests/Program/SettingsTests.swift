import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

@testable import scorekeeper

/// What the environment decides about the cloud: where, who, which faults.
@Suite struct SettingsTests {
  func settings(_ variables: [String: String]) -> Settings {
    Settings(environment: { variables[$0] })
  }

  @Test(
    "the user is --user, else SCOREKEEPER_USER, else USER, else LOGNAME",
    arguments: [
      ("ann", ["SCOREKEEPER_USER": "bob", "USER": "carol", "LOGNAME": "dave"], "ann"),
      (nil, ["SCOREKEEPER_USER": "bob", "USER": "carol", "LOGNAME": "dave"], "bob"),
      (nil, ["USER": "carol", "LOGNAME": "dave"], "carol"),
      (nil, ["LOGNAME": "dave"], "dave"),
    ] as [(String?, [String: String], String)])
  func userPrecedence(option: String?, variables: [String: String], expected: String) throws {
    #expect(try settings(variables).userName(option: option) == expected)
  }

  @Test("without any variable the user is the login name of the process")
  func loginName() throws {
    #expect(try !settings([:]).userName(option: nil).isEmpty)
  }

  @Test(
    "an unusable user name is a usage error quoting it",
    arguments: ["", " bob", "bob\n", String(repeating: "x", count: 65)])
  func badUserName(name: String) {
    #expect(
      throws: UsageError(
        "The user name \(quote(name)) is not usable: give 1 to 64 characters, no control "
          + "characters or surrounding spaces.")
    ) { try settings(["SCOREKEEPER_USER": name]).userName(option: nil) }
  }

  @Test("the mock cloud is --cloud, else SCOREKEEPER_CLOUD, else next to the default database")
  func cloudPath() throws {
    let home = try TemporaryDirectory()
    #expect(
      try settings(["SCOREKEEPER_CLOUD": "/x/env.sqlite"]).cloudPath(option: "/x/opt.sqlite")
        == "/x/opt.sqlite")
    #expect(try settings(["SCOREKEEPER_CLOUD": "/x/env.sqlite"]).cloudPath(option: nil) == "/x/env.sqlite")
    #expect(
      try settings(["XDG_DATA_HOME": home.path]).cloudPath(option: nil)
        == home.path + "/scorekeeper/mock-cloud.sqlite")
    #expect(
      throws: UsageError(
        "Cannot tell where to keep the mock cloud: HOME is not set. Use --cloud PATH or SCOREKEEPER_CLOUD.")
    ) {
      try settings([:]).cloudPath(option: nil)
    }
  }

  @Test("faults come from SCOREKEEPER_CLOUD_FAULTS; a bad one is a usage error")
  func faults() throws {
    #expect(try settings([:]).cloudFaults() == [])
    #expect(
      try settings(["SCOREKEEPER_CLOUD_FAULTS": "zone-busy:2*2"]).cloudFaults()
        == [CloudFault(.zoneBusy(retryAfter: 2)), CloudFault(.zoneBusy(retryAfter: 2))])
    #expect(
      throws: UsageError(
        "SCOREKEEPER_CLOUD_FAULTS: Cannot read the cloud fault \"zone-busy*x\": the count after * must be a whole number from 1 to 1000."
      )
    ) { try settings(["SCOREKEEPER_CLOUD_FAULTS": "zone-busy*x"]).cloudFaults() }
  }
}
