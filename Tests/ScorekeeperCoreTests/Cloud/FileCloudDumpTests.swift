@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

@Suite struct FileCloudDumpTests {
  @Test(arguments: CloudBacking.mocks)
  func theDumpListsEverythingInAFixedOrder(backing: CloudBacking) throws {
    let server = try TestCloud(backing)
    try CloudScenario.populate(server.cloud)
    expectNoDifference(CloudScenario.dump, try server.dump())
  }

  @Test func anEmptyServerDumpsOnlyItsSequence() throws {
    expectNoDifference("change sequence at 0\n", try TestCloud().dump())
  }
}
