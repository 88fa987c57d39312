// swift-tools-version: 6.0
import PackageDescription

// No package dependencies: the toolchain and the system's libsqlite3 only.
let package = Package(
  name: "Scorekeeper",
  products: [
    .executable(name: "scorekeeper", targets: ["scorekeeper"]),
    .library(name: "ScorekeeperCore", targets: ["ScorekeeperCore"]),
  ],
  targets: [
    .systemLibrary(
      name: "CScorekeeperSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .target(
      name: "ScorekeeperCore",
      dependencies: ["CScorekeeperSQLite"]
    ),
    .executableTarget(
      name: "scorekeeper",
      dependencies: ["ScorekeeperCore"]
    ),
    .executableTarget(
      name: "scorekeeper-bench",
      dependencies: ["ScorekeeperCore"],
      path: "Benchmarks/scorekeeper-bench"
    ),
    .testTarget(
      name: "ScorekeeperCoreTests",
      dependencies: ["ScorekeeperCore"],
      exclude: []
    ),
    .testTarget(
      name: "ScorekeeperCLITests",
      dependencies: ["scorekeeper", "ScorekeeperCore"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
