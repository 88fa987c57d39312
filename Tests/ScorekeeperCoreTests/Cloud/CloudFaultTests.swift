@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// Injected faults: the text form and what each one does.
@Suite struct CloudFaultTests {
  @Test func aFaultListReadsAsNamesRetryAfterCountsAndOperations() throws {
    let faults = try CloudFault.parse(
      " network-unavailable*2, request-rate-limited:3@modify-records,zone-busy:0.5 ,")
    expectNoDifference(
      [
        CloudFault(.networkUnavailable), CloudFault(.networkUnavailable),
        CloudFault(.requestRateLimited(retryAfter: 3), on: .modifyRecords),
        CloudFault(.zoneBusy(retryAfter: 0.5)),
      ], faults)
    #expect(
      faults.map(\.description) == [
        "network-unavailable", "network-unavailable", "request-rate-limited:3@modify-records",
        "zone-busy:0.5",
      ])
    #expect(try CloudFault.parse("") == [])
  }

  @Test(arguments: [
    (
      "gremlins",
      "Cannot read the cloud fault \"gremlins\": unknown fault \"gremlins\"; one of "
        + "network-unavailable, request-rate-limited, service-unavailable, zone-busy, server-busy, quota-exceeded, "
        + "not-authenticated, account-temporarily-unavailable, change-token-expired, "
        + "server-rejected-request, limit-exceeded."
    ),
    (
      "zone-busy*0",
      "Cannot read the cloud fault \"zone-busy*0\": the count after * must be a whole number from 1 to 1000."
    ),
    (
      "zone-busy:soon",
      "Cannot read the cloud fault \"zone-busy:soon\": the retry-after after : must be a number of seconds."
    ),
    (
      "quota-exceeded:2",
      "Cannot read the cloud fault \"quota-exceeded:2\": quota-exceeded takes no retry-after."
    ),
    (
      "zone-busy@sync",
      "Cannot read the cloud fault \"zone-busy@sync\": unknown operation \"sync\"; one of "
        + "account-status, fetch-records, fetch-assets, modify-records, modify-zones, database-changes, zone-changes, "
        + "share-metadata, accept-share, claim-device."
    ),
  ])
  func aMalformedFaultIsRefusedQuotingIt(text: String, message: String) {
    let error = #expect(throws: CloudFaultSyntaxError.self) { try CloudFault.parse(text) }
    #expect(error?.description == message)
  }

  static let everyFault = try! CloudFault.parse(
    "network-unavailable, request-rate-limited:2, service-unavailable:3, zone-busy:4, quota-exceeded, "
      + "not-authenticated, account-temporarily-unavailable, change-token-expired, "
      + "server-rejected-request, limit-exceeded")

  @Test(arguments: everyFault)
  func eachFaultFailsTheNextOperationOnlyAndWritesNothing(fault: CloudFault) throws {
    let world = try CloudWorld(.memory)
    let before = try world.server.dump()
    world.server.inject(fault)
    #expect(throws: fault.error) {
      try world.alice.privateDatabase.modifyRecords(saving: [world.record("r1")])
    }
    expectNoDifference(before, try world.server.dump())
    #expect(world.server.pendingFaults == [])
    try world.save([world.record("r1")])
  }

  @Test func aFaultForOneOperationWaitsForIt() throws {
    let world = try CloudWorld(.memory)
    world.server.inject(
      CloudFault(.zoneBusy(retryAfter: 2), on: .modifyRecords), CloudFault(.networkUnavailable))
    // The fetch skips the modify-only fault and takes the next general one.
    #expect(throws: CloudError.networkUnavailable) {
      try world.alice.privateDatabase.databaseChanges(since: nil)
    }
    _ = try world.alice.privateDatabase.databaseChanges(since: nil)
    #expect(throws: CloudError.zoneBusy(retryAfter: 2)) {
      try world.alice.privateDatabase.modifyRecords(saving: [world.record("r1")])
    }
    try world.save([world.record("r1")])
  }

  @Test(
    "an injected fault comes before the cloud is asked anything, the account check included, on both clouds",
    arguments: CloudBacking.backends)
  func faultsComeBeforeTheAccount(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.server.setAccountStatus(.noAccount, for: "alice")
    world.server.inject(CloudFault(.networkUnavailable))
    // (The network is down: the cloud cannot even say who is signed in.)
    #expect(throws: CloudError.networkUnavailable) {
      try world.alice.privateDatabase.databaseChanges(since: nil)
    }
    #expect(world.server.pendingFaults == [])
    #expect(throws: CloudError.notAuthenticated(.noAccount)) {
      try world.alice.privateDatabase.databaseChanges(since: nil)
    }
  }
}
